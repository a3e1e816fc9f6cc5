import type { JournalEntry } from '../../../../shared/types'

/** What the journal's list has: the rows, whether more pages follow, whether an answer is on its way. */
export interface ListState {
  entries: readonly JournalEntry[]
  nextCursor: string | null
  loading: boolean
}

/**
 * What the line under the journal's list says. The rows on screen (`drawn`) may be a moment behind the store's
 * (`latest`: they are drawn at a lower priority than keys): until the latest is drawn, the line says rows are
 * coming — never "no entries" over rows that are on their way, never the count of the rows being replaced.
 */
export function listLine(latest: ListState, drawn: ListState): 'loading' | 'empty' | 'count' {
  if (latest.loading || drawn !== latest) return 'loading'
  return drawn.entries.length === 0 ? 'empty' : 'count'
}
