import type { JournalEvent, JournalEventType } from '../../shared/types'
import type { Statements } from './statements'

/** The entry_events table: what happened to an entry, append-only (triggers refuse changes). */

export interface NewEvent {
  type: JournalEventType
  at: string
  clerk?: string | null
  httpStatus?: number | null
  detail?: Record<string, unknown> | null
}

interface EventRow {
  id: number
  at: string
  type: JournalEventType
  clerk: string | null
  http_status: number | null
  detail: string | null
}

export function addEvent(db: Statements, entryId: string, event: NewEvent): void {
  db.prepare(
    'INSERT INTO entry_events (entry_id, at, type, clerk, http_status, detail) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    entryId,
    event.at,
    event.type,
    event.clerk ?? null,
    event.httpStatus ?? null,
    event.detail ? JSON.stringify(event.detail) : null,
  )
}

export function listEvents(db: Statements, entryId: string): JournalEvent[] {
  const rows = db
    .prepare('SELECT * FROM entry_events WHERE entry_id = ? ORDER BY id')
    .all(entryId) as EventRow[]
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    type: r.type,
    ...(r.clerk === null ? {} : { clerk: r.clerk }),
    ...(r.http_status === null ? {} : { httpStatus: r.http_status }),
    ...(r.detail === null ? {} : { detail: JSON.parse(r.detail) as Record<string, unknown> }),
  }))
}

/** Whether a money request of this entry was ever marked as about to leave. */
export function wasSent(db: Statements, entryId: string): boolean {
  return (
    db.prepare("SELECT 1 FROM entry_events WHERE entry_id = ? AND type = 'sent' LIMIT 1").get(entryId) !==
    undefined
  )
}
