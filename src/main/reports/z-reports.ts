import type { Mode } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import type { Report, ZSummary } from '../../shared/manager'
import type { Journal } from '../journal/journal'
import { computeReport } from './compute'

interface ZRow {
  number: number
  day: number
  closed_at: string
  closed_by: string | null
  after_entry_id: string
  last_entry_id: string
  report: string
}

/** Where the next X or Z of a day starts: after the last entry the day's latest Z closed ('' for none). */
export function coveredUpTo(journal: Journal, day: number): { afterId: string; parts: number } {
  const row = journal.db
    .prepare(
      'SELECT last_entry_id, (SELECT count(*) FROM z_reports WHERE day = ?) AS parts FROM z_reports WHERE day = ? ORDER BY number DESC LIMIT 1',
    )
    .get(day, day) as { last_entry_id: string; parts: number } | undefined
  return row ? { afterId: row.last_entry_id, parts: row.parts } : { afterId: '', parts: 0 }
}

/** The X report: the day so far since its last Z, for this terminal; nothing is stored. */
export function xReport(
  journal: Journal,
  day: number,
  meta: { mode: Mode; generatedAt: string; generatedBy: string | null },
): Report {
  const { afterId } = coveredUpTo(journal, day)
  return computeReport(journal.db, { from: day, to: day, afterId }, { ...meta, type: 'x', z: null })
}

/**
 * Closes a business day for this terminal with the next Z number, storing the report as closed so a reprint is
 * the same report. A day has one Z unless entries are recorded after it (clerks kept working): then another
 * Z of the same day covers exactly those, so no entry is ever in two Zs or in none. A Z of a day with nothing
 * new since its last Z is refused (ALREADY_CLOSED). Numbers run per journal: per terminal and mode.
 */
export function closeDay(
  journal: Journal,
  day: number,
  meta: { mode: Mode; at: string; by: string | null; byId: string | null },
): Report {
  return journal.transaction(() => {
    const { afterId, parts } = coveredUpTo(journal, day)
    const last = journal.db
      .prepare('SELECT max(id) AS id FROM entries WHERE day = ? AND id > ?')
      .get(day, afterId) as { id: string | null }
    if (parts > 0 && last.id === null) {
      throw new AppError('ALREADY_CLOSED', 'This day is already closed and nothing was recorded since.', {
        day,
      })
    }
    const number =
      (journal.db.prepare('SELECT coalesce(max(number), 0) AS n FROM z_reports').get() as { n: number }).n + 1
    const upToId = last.id ?? afterId
    const report = computeReport(
      journal.db,
      { from: day, to: day, afterId, upToId },
      {
        type: 'z',
        mode: meta.mode,
        generatedAt: meta.at,
        generatedBy: meta.by,
        z: { number, closedAt: meta.at, closedBy: meta.by, part: parts + 1 },
      },
    )
    journal.db
      .prepare(
        `INSERT INTO z_reports (number, day, closed_at, closed_by, closed_by_id, after_entry_id, last_entry_id, report)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(number, day, meta.at, meta.by, meta.byId, afterId, upToId, JSON.stringify(report))
    return report
  })
}

export function getZReport(journal: Journal, number: number): Report {
  const row = journal.db.prepare('SELECT report FROM z_reports WHERE number = ?').get(number) as
    | Pick<ZRow, 'report'>
    | undefined
  if (!row) throw new AppError('NOT_FOUND', `There is no Z report number ${number}.`)
  return JSON.parse(row.report) as Report
}

/** Newest first. */
export function listZReports(journal: Journal, limit: number): ZSummary[] {
  const rows = journal.db
    .prepare('SELECT number, day, closed_at, closed_by, report FROM z_reports ORDER BY number DESC LIMIT ?')
    .all(limit) as Pick<ZRow, 'number' | 'day' | 'closed_at' | 'closed_by' | 'report'>[]
  return rows.map((r) => {
    const report = JSON.parse(r.report) as Report
    return {
      number: r.number,
      day: r.day,
      closedAt: r.closed_at,
      closedBy: r.closed_by,
      part: report.z?.part ?? 1,
      sales: report.sales,
      entryCount: report.entryCount,
    }
  })
}
