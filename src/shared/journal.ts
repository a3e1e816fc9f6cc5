/** The journal as the screens read it: a page of entries, one entry with its events, a notice. */
import type { EntryStatus, JournalEntry, JournalEvent, Mode } from './types'

export interface EntryDetail {
  entry: JournalEntry
  events: JournalEvent[]
}

export interface JournalPage {
  entries: JournalEntry[]
  nextCursor?: string
}

export interface Notice {
  id: number
  at: string
  kind: 'deposit-resolved'
  entryId: string
  status: EntryStatus
  /** The mode of the journal it comes from: a training notice says TRAINING. */
  mode: Mode
}
