import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  DailyLimit,
  Denomination,
  DenominationList,
  DeskApi,
  JournalEntry,
} from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import { type LastOperation, lastOperationOf } from '../../ui/entry'

export type SellStep = 'choose' | 'confirm' | 'sending' | 'result'

export interface SellState {
  denominations: DenominationList | null
  loadingDenominations: boolean
  denominationsError: AppErrorData | null
  step: SellStep
  selected: Denomination | null
  /** What the daily limit probably still allows, asked when a value is chosen (null: not known). */
  limit: DailyLimit | null
  /**
   * One id per confirmed sale, kept until main answers with an entry: if the answer is lost and the clerk
   * confirms again, main returns the same entry instead of generating a second voucher.
   */
  requestId: string | null
  result: JournalEntry | null
  /** A refusal before anything was journaled (nothing was sent). */
  error: AppErrorData | null
  /** The last sale once the screen has moved on: its time and value, never its code. */
  last: LastOperation | null
  loadDenominations(refresh?: boolean): Promise<void>
  choose(denomination: Denomination): void
  cancel(): void
  confirm(): Promise<void>
  newSale(): void
  /** The clerk left the screen: a sale not yet confirmed is dropped, a finished one is put away. */
  leave(): void
}

export type SellStore = StoreApi<SellState>

export interface SellDeps {
  api: Pick<DeskApi, 'listDenominations' | 'generateVoucher' | 'getDailyLimit'>
  newRequestId(): string
  /** A sale was answered: what moved today changed (the header's daily limit). */
  onSent?(entry: JournalEntry): void
}

export function createSellStore({ api, newRequestId, onSent }: SellDeps): SellStore {
  return createStore<SellState>((set, get) => {
    function fresh(): void {
      const { result, last } = get()
      set({
        step: 'choose',
        selected: null,
        requestId: null,
        result: null,
        error: null,
        limit: null,
        last: result ? lastOperationOf(result) : last,
      })
    }

    return {
      denominations: null,
      loadingDenominations: false,
      denominationsError: null,
      step: 'choose',
      selected: null,
      limit: null,
      requestId: null,
      result: null,
      error: null,
      last: null,

      async loadDenominations(refresh = false) {
        set({ loadingDenominations: true })
        try {
          const list = await api.listDenominations(refresh ? { refresh: true } : {})
          set({ denominations: list, denominationsError: null })
        } catch (e) {
          set({ denominationsError: toAppErrorData(e) })
        } finally {
          set({ loadingDenominations: false })
        }
      },

      choose(denomination) {
        if (get().step !== 'choose') return
        set({ step: 'confirm', selected: denomination, requestId: newRequestId(), error: null, limit: null })
        void api.getDailyLimit().then(
          (limit) => {
            if (get().selected === denomination) set({ limit })
          },
          // The estimate is a courtesy; the sale works without it.
          () => undefined,
        )
      },

      cancel() {
        if (get().step !== 'confirm') return
        set({ step: 'choose', selected: null, requestId: null, error: null, limit: null })
      },

      async confirm() {
        const { step, selected, requestId } = get()
        // Only a sale waiting for confirmation can be sent: a second click or a held Enter finds 'sending'.
        if (step !== 'confirm' || !selected || !requestId) return
        set({ step: 'sending', error: null })
        try {
          const entry = await api.generateVoucher({ denominationId: selected.id, requestId })
          set({ step: 'result', result: entry })
          onSent?.(entry)
        } catch (e) {
          set({ step: 'confirm', error: toAppErrorData(e) })
        }
      },

      newSale() {
        if (get().step !== 'result') return
        fresh()
      },

      leave() {
        // A sale still on its way is shown when the clerk comes back: its code was never seen.
        if (get().step !== 'sending') fresh()
      },
    }
  })
}

/** How a finished sale is presented: a voucher to hand over, a definite failure, or an unknown outcome. */
export function saleOutcome(entry: JournalEntry): 'issued' | 'failed' | 'unknown' {
  if (entry.status === 'issued' && entry.voucher) return 'issued'
  if (entry.status === 'failed') return 'failed'
  return 'unknown'
}
