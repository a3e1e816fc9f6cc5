import { AppError } from '../../shared/errors'
import type { Report, ZSummary } from '../../shared/reports'
import type { Mode } from '../../shared/types'
import type { Journal } from '../journal/journal'
import { computeLate, computeReport } from './compute'

/**
 * The X report: the day so far since its last Z, for this terminal, and the outcomes of earlier Zs' open
 * entries the next Z would carry; nothing is stored.
 */
export function xReport(
  journal: Journal,
  day: number,
  meta: { mode: Mode; generatedAt: string; generatedBy: string | null },
): Report {
  const { afterId } = journal.zCoverage(day)
  return {
    ...computeReport(journal, { from: day, to: day, afterId }, { ...meta, type: 'x', z: null }),
    late: computeLate(journal),
  }
}

/**
 * Closes a business day for this terminal with the next Z number, storing the report as closed so a reprint is
 * the same report. A day has one Z unless entries are recorded after it (clerks kept working): then another
 * Z of the same day covers exactly those, so no entry is ever in two Zs or in none. An entry a Z closes with no
 * outcome (pending or unknown) is recorded as such; once its outcome is known, the next Z (of any day) carries
 * it, once, so its money is in exactly one Z too. A Z of a day with nothing new since its last Z and no outcome
 * to carry is refused (ALREADY_CLOSED). Numbers run per journal: per terminal and mode.
 */
export function closeDay(
  journal: Journal,
  day: number,
  meta: { mode: Mode; at: string; by: string | null; byId: string | null },
): Report {
  return journal.transaction(() => {
    const { afterId, parts } = journal.zCoverage(day)
    const last = journal.lastEntryOfDay(day, afterId)
    const late = computeLate(journal)
    if (parts > 0 && last === null && late.settled.total === 0) {
      throw new AppError(
        'ALREADY_CLOSED',
        'This day is already closed, and nothing was recorded or settled since.',
        { day },
      )
    }
    const number = journal.nextZNumber()
    const upToId = last ?? afterId
    const report: Report = {
      ...computeReport(
        journal,
        { from: day, to: day, afterId, upToId },
        {
          type: 'z',
          mode: meta.mode,
          generatedAt: meta.at,
          generatedBy: meta.by,
          z: { number, closedAt: meta.at, closedBy: meta.by, part: parts + 1 },
        },
      ),
      late,
    }
    const covered = { number, day, afterEntryId: afterId, lastEntryId: upToId }
    journal.insertZReport({
      ...covered,
      closedAt: meta.at,
      closedBy: meta.by,
      closedById: meta.byId,
      report: JSON.stringify(report),
    })
    journal.recordOpenAtZ(covered)
    // In the same transaction as the count: anything else would put an outcome in two Zs or in none.
    if (journal.carryLateOutcomes(number) !== late.settled.total) {
      throw new AppError('INTERNAL', 'The Z would carry other outcomes than it counted; nothing was closed.')
    }
    return report
  })
}

export function getZReport(journal: Journal, number: number): Report {
  const report = journal.zReport(number)
  if (report === null) throw new AppError('NOT_FOUND', `There is no Z report number ${number}.`)
  // A Z closed before the desk carried late outcomes has no such part.
  const stored = JSON.parse(report) as Report
  return { ...stored, late: stored.late ?? null }
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
      lateMoved: report.late?.moved ?? { count: 0, dirhams: 0 },
      entryCount: report.entryCount,
    }
  })
}
