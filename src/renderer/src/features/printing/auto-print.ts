import type { StoreApi } from 'zustand/vanilla'
import type { Settings } from '../../../../shared/settings'
import type { JournalEntry } from '../../../../shared/types'

/**
 * Auto-print (a setting): the moment a sale or deposit the clerk is waiting on turns out issued or
 * confirmed (including a safe retry that confirms it), its receipt is printed. Printing is a separate
 * call after the money call has answered, so a printer failure can only show a warning, never change or
 * delay the sale. Background resolutions are not auto-printed: the customer may have left — also when the
 * screen still shows the entry and takes its new state (`resultFromBackground`).
 */
export function watchForAutoPrint(options: {
  results: Array<StoreApi<{ result: JournalEntry | null; resultFromBackground?: boolean }>>
  settings(): Settings | null
  print(entryId: string): void
}): () => void {
  const unsubscribes = options.results.map((store) =>
    store.subscribe((state, previous) => {
      const entry = state.result
      if (!entry || entry === previous.result || state.resultFromBackground) return
      if (previous.result?.id === entry.id && finished(previous.result)) return
      const settings = options.settings()
      if (finished(entry) && settings?.autoPrint && settings.printer.kind !== 'none') options.print(entry.id)
    }),
  )
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
  }
}

function finished(entry: JournalEntry): boolean {
  return (
    (entry.kind === 'voucher' && entry.status === 'issued' && entry.voucher !== undefined) ||
    (entry.kind === 'deposit' && entry.status === 'confirmed')
  )
}
