import type { EntryKind, EntryStatus } from '../../shared/types'
import { ENTRY_COLUMNS, type EntryRecord, records } from './entry-rows'
import type { Statements } from './statements'

/**
 * The queries reports and exports read the journal with: grouped totals, the first failed or open entries,
 * a period's entries in batches, and the stored Z reports.
 */

/** Which entries a report covers: business days, and for X and Z an id range within the day. */
export interface ReportScope {
  from: number
  to: number
  /** Only entries with a greater id (ids are time-ordered): after the day's previous Z. */
  afterId?: string
  /** Only entries up to this id: what a Z closed. */
  upToId?: string
}

/** One group of a period's entries: everything a report adds up comes from these. */
export interface ReportGroup {
  kind: EntryKind
  status: EntryStatus
  clerk: string | null
  flagged: number
  /** An issued voucher's value; null for everything else. */
  value: number | null
  n: number
  dirhams: number
}

/** The entries a report lists by name: failures, and what still needs a person (flagged, or open). */
export type ReportList = 'failed' | 'attention'

const LIST_CONDITIONS: Record<ReportList, string> = {
  failed: "status = 'failed'",
  attention: "(needs_attention = 1 OR status IN ('pending', 'unknown'))",
}

/** What a report is computed from: the journal itself, or a snapshot of it (exports). */
export interface ReportSource {
  reportGroups(scope: ReportScope): ReportGroup[]
  reportEntries(scope: ReportScope, list: ReportList, limit: number): EntryRecord[]
}

function where(scope: ReportScope): { sql: string; params: unknown[] } {
  const clauses = ['day BETWEEN ? AND ?']
  const params: unknown[] = [scope.from, scope.to]
  if (scope.afterId !== undefined) {
    clauses.push('id > ?')
    params.push(scope.afterId)
  }
  if (scope.upToId !== undefined) {
    clauses.push('id <= ?')
    params.push(scope.upToId)
  }
  return { sql: clauses.join(' AND '), params }
}

/** The period's entries in one grouped pass over the day index. */
export function reportGroups(db: Statements, scope: ReportScope): ReportGroup[] {
  const w = where(scope)
  return db
    .prepare(
      `SELECT kind, status, clerk, needs_attention AS flagged,
         CASE WHEN kind = 'voucher' AND status = 'issued' THEN amount_dirhams END AS value,
         count(*) AS n, coalesce(sum(amount_dirhams), 0) AS dirhams
       FROM entries WHERE ${w.sql} GROUP BY kind, status, clerk, flagged, value`,
    )
    .all(...w.params) as ReportGroup[]
}

/** The first entries of a list, in day and id order. */
export function reportEntries(
  db: Statements,
  scope: ReportScope,
  list: ReportList,
  limit: number,
): EntryRecord[] {
  if (limit <= 0) return []
  const w = where(scope)
  return records(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries WHERE ${w.sql} AND ${LIST_CONDITIONS[list]} ORDER BY day, id LIMIT ?`,
    ),
    ...w.params,
    limit,
  )
}

export function countEntries(db: Statements, from: number, to: number): number {
  return (
    db.prepare('SELECT count(*) AS n FROM entries WHERE day BETWEEN ? AND ?').get(from, to) as { n: number }
  ).n
}

/**
 * The entries of a period in day and id order, a batch at a time (keyset pages on the day index), handing
 * the event loop back between batches so a long export never freezes the desk.
 */
export async function* entryBatches(
  db: Statements,
  from: number,
  to: number,
  batch: number,
): AsyncGenerator<EntryRecord[]> {
  const page = db.prepare(
    `SELECT ${ENTRY_COLUMNS} FROM entries WHERE day BETWEEN ? AND ? AND (day > ? OR (day = ? AND id > ?))
     ORDER BY day, id LIMIT ?`,
  )
  let lastDay = from - 1
  let lastId = ''
  for (;;) {
    const rows = records(page, from, to, lastDay, lastDay, lastId, batch)
    const last = rows[rows.length - 1]
    if (!last) return
    lastDay = last.day
    lastId = last.id
    yield rows
    if (rows.length < batch) return
    await new Promise((resolve) => setImmediate(resolve))
  }
}

// Outcomes of earlier Z reports ------------------------------------------------------------------------------

/** Entries that earlier Zs closed open and no Z has carried yet, by kind and what they became. */
export interface LateGroup {
  kind: EntryKind
  /** What it became (issued, confirmed, failed); null while its outcome is still not known. */
  settled: EntryStatus | null
  n: number
  dirhams: number
}

/** What the next Z carries (settled) and what it cannot yet (still open), grouped: from the waiting rows alone. */
export function lateGroups(db: Statements): LateGroup[] {
  return db
    .prepare(
      `SELECT kind, settled, count(*) AS n, coalesce(sum(amount_dirhams), 0) AS dirhams
       FROM z_open_entries WHERE carried_by IS NULL GROUP BY settled, kind`,
    )
    .all() as LateGroup[]
}

/** The first of those now settled, in day and id order. */
export function lateEntries(db: Statements, limit: number): EntryRecord[] {
  if (limit <= 0) return []
  return records(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries
       WHERE id IN (SELECT entry_id FROM z_open_entries WHERE carried_by IS NULL AND settled IS NOT NULL)
       ORDER BY day, id LIMIT ?`,
    ),
    limit,
  )
}

/** Records the entries a Z closes with no outcome yet, so that a later Z carries their outcome. */
export function recordOpenAtZ(
  db: Statements,
  z: { number: number; day: number; afterEntryId: string; lastEntryId: string },
): void {
  db.prepare(
    `INSERT INTO z_open_entries (entry_id, z_number, kind, amount_dirhams)
     SELECT id, ?, kind, amount_dirhams FROM entries
     WHERE day = ? AND id > ? AND id <= ? AND status IN ('pending', 'unknown')`,
  ).run(z.number, z.day, z.afterEntryId, z.lastEntryId)
}

/** Marks every waiting entry whose outcome is now known as carried by this Z; returns how many. */
export function carryLateOutcomes(db: Statements, zNumber: number): number {
  return db
    .prepare('UPDATE z_open_entries SET carried_by = ? WHERE carried_by IS NULL AND settled IS NOT NULL')
    .run(zNumber).changes
}

// Z reports ---------------------------------------------------------------------------------------------------

/** A Z report as stored: what it covers, and the report itself as closed (JSON). */
export interface StoredZ {
  number: number
  day: number
  closedAt: string
  closedBy: string | null
  closedById: string | null
  afterEntryId: string
  lastEntryId: string
  report: string
}

/** Where the next X or Z of a day starts: after the last entry the day's latest Z closed ('' for none). */
export function zCoverage(db: Statements, day: number): { afterId: string; parts: number } {
  const row = db
    .prepare(
      `SELECT last_entry_id, (SELECT count(*) FROM z_reports WHERE day = ?) AS parts
       FROM z_reports WHERE day = ? ORDER BY number DESC LIMIT 1`,
    )
    .get(day, day) as { last_entry_id: string; parts: number } | undefined
  return row ? { afterId: row.last_entry_id, parts: row.parts } : { afterId: '', parts: 0 }
}

/** The newest entry of a day after an id, or null. */
export function lastEntryOfDay(db: Statements, day: number, afterId: string): string | null {
  return (
    db.prepare('SELECT max(id) AS id FROM entries WHERE day = ? AND id > ?').get(day, afterId) as {
      id: string | null
    }
  ).id
}

export function nextZNumber(db: Statements): number {
  return (db.prepare('SELECT coalesce(max(number), 0) AS n FROM z_reports').get() as { n: number }).n + 1
}

export function insertZReport(db: Statements, z: StoredZ): void {
  db.prepare(
    `INSERT INTO z_reports (number, day, closed_at, closed_by, closed_by_id, after_entry_id, last_entry_id, report)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(z.number, z.day, z.closedAt, z.closedBy, z.closedById, z.afterEntryId, z.lastEntryId, z.report)
}

/** The stored report of a Z, as JSON; null when there is no such Z. */
export function zReport(db: Statements, number: number): string | null {
  const row = db.prepare('SELECT report FROM z_reports WHERE number = ?').get(number) as
    | { report: string }
    | undefined
  return row?.report ?? null
}

/** Newest first. */
export function zReports(
  db: Statements,
  limit: number,
): Pick<StoredZ, 'number' | 'day' | 'closedAt' | 'closedBy' | 'report'>[] {
  const rows = db
    .prepare('SELECT number, day, closed_at, closed_by, report FROM z_reports ORDER BY number DESC LIMIT ?')
    .all(limit) as {
    number: number
    day: number
    closed_at: string
    closed_by: string | null
    report: string
  }[]
  return rows.map((r) => ({
    number: r.number,
    day: r.day,
    closedAt: r.closed_at,
    closedBy: r.closed_by,
    report: r.report,
  }))
}
