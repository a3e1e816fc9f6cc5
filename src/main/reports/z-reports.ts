import type { Mode } from '../../shared/contract'
import { AppError } from '../../shared/errors'
import type { Report, ZSummary } from '../../shared/manager'
import type { Journal } from '../journal/journal'
import { computeReport } from './compute'

/** The X report: the day so far since its last Z, for this terminal; nothing is stored. */
export function xReport(
  journal: Journal,
  day: number,
  meta: { mode: Mode; generatedAt: string; generatedBy: string | null },
): Report {
  const { afterId } = journal.zCoverage(day)
  return computeReport(journal, { from: day, to: day, afterId }, { ...meta, type: 'x', z: null })
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
    const { afterId, parts } = journal.zCoverage(day)
    const last = journal.lastEntryOfDay(day, afterId)
    if (parts > 0 && last === null) {
      throw new AppError('ALREADY_CLOSED', 'This day is already closed and nothing was recorded since.', {
        day,
      })
    }
    const number = journal.nextZNumber()
    const upToId = last ?? afterId
    const report = computeReport(
      journal,
      { from: day, to: day, afterId, upToId },
      {
        type: 'z',
        mode: meta.mode,
        generatedAt: meta.at,
        generatedBy: meta.by,
        z: { number, closedAt: meta.at, closedBy: meta.by, part: parts + 1 },
      },
    )
    journal.insertZReport({
      number,
      day,
      closedAt: meta.at,
      closedBy: meta.by,
      closedById: meta.byId,
      afterEntryId: afterId,
      lastEntryId: upToId,
      report: JSON.stringify(report),
    })
    return report
  })
}

export function getZReport(journal: Journal, number: number): Report {
  const report = journal.zReport(number)
  if (report === null) throw new AppError('NOT_FOUND', `There is no Z report number ${number}.`)
  return JSON.parse(report) as Report
}

/** Newest first. */
export function listZReports(journal: Journal, limit: number): ZSummary[] {
  return journal.zReports(limit).map((z) => {
    const report = JSON.parse(z.report) as Report
    return {
      number: z.number,
      day: z.day,
      closedAt: z.closedAt,
      closedBy: z.closedBy,
      part: report.z?.part ?? 1,
      sales: report.sales,
      entryCount: report.entryCount,
    }
  })
}
