import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi, DeskInput } from '../../../../shared/contract'
import type { CustomerDisplaySetup } from '../../../../shared/customer-view'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'

export interface CustomerDisplayCardState {
  setup: CustomerDisplaySetup | null
  busy: boolean
  error: AppErrorData | null
  saved: boolean
  load(): Promise<void>
  /** Saved at once: choosing a display opens the window there, so the manager sees it on the spot. */
  change(patch: DeskInput<'configureCustomerDisplay'>): Promise<void>
}

export type CustomerDisplayCardStore = StoreApi<CustomerDisplayCardState>

/** Settings → Customer display (managers): the displays the desk sees, the choice, the language, the button. */
export function createCustomerDisplayCardStore(
  api: Pick<DeskApi, 'getCustomerDisplaySetup' | 'configureCustomerDisplay'>,
): CustomerDisplayCardStore {
  return createStore<CustomerDisplayCardState>((set, get) => ({
    setup: null,
    busy: false,
    error: null,
    saved: false,
    async load() {
      try {
        set({ setup: await api.getCustomerDisplaySetup(), error: null })
      } catch (e) {
        set({ error: toAppErrorData(e) })
      }
    },
    async change(patch) {
      if (get().busy) return
      set({ busy: true, error: null, saved: false })
      try {
        set({ setup: await api.configureCustomerDisplay(patch), saved: true })
      } catch (e) {
        set({ error: toAppErrorData(e) })
      } finally {
        set({ busy: false })
      }
    },
  }))
}
