import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi, DeskInput } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { JournalEntry } from '../../../../shared/types'

export interface ResolveState {
  busy: boolean
  error: AppErrorData | null
  resolve(args: DeskInput<'resolveEntry'>): Promise<JournalEntry | null>
  annotate(args: DeskInput<'annotateEntry'>): Promise<JournalEntry | null>
  clear(): void
}

export type ResolveStore = StoreApi<ResolveState>

/** A manager settling an entry that needs attention; `onChanged` refreshes the journal's view of it. */
export function createResolveStore(
  api: Pick<DeskApi, 'resolveEntry' | 'annotateEntry'>,
  onChanged: (entry: JournalEntry) => void,
): ResolveStore {
  return createStore<ResolveState>((set, get) => {
    async function run(action: () => Promise<JournalEntry>): Promise<JournalEntry | null> {
      if (get().busy) return null
      set({ busy: true, error: null })
      try {
        const entry = await action()
        onChanged(entry)
        return entry
      } catch (e) {
        set({ error: toAppErrorData(e) })
        return null
      } finally {
        set({ busy: false })
      }
    }
    return {
      busy: false,
      error: null,
      resolve: (args) => run(() => api.resolveEntry(args)),
      annotate: (args) => run(() => api.annotateEntry(args)),
      clear: () => set({ error: null }),
    }
  })
}
