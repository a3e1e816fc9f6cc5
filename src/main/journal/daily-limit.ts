import type { ReportedLimit } from '../../shared/daily-limit'
import type { Statements } from './statements'

/** The day's own figures and the service's daily-limit refusals (limit_reports): what desk/limits.ts estimates from. */

export interface DayTotals {
  localUsedDirhams: number
  voucherCount: number
  depositCount: number
  unknownDirhams: number
}

export type NewLimitReport = Omit<ReportedLimit, 'at'> & { at: string; day: number; entryId: string }

/** The day's figures; with afterId, only entries created after that one (ids are time-ordered). */
export function dayTotals(db: Statements, day: number, afterId?: string): DayTotals {
  const r = db
    .prepare(
      `SELECT
         coalesce(sum(CASE WHEN status IN ('issued', 'confirmed') THEN amount_dirhams END), 0) AS used,
         count(CASE WHEN kind = 'voucher' AND status = 'issued' THEN 1 END) AS vouchers,
         count(CASE WHEN kind = 'deposit' AND status = 'confirmed' THEN 1 END) AS deposits,
         coalesce(sum(CASE WHEN status IN ('pending', 'unknown') THEN amount_dirhams END), 0) AS unknown
       FROM entries WHERE day = ? AND id > ?`,
    )
    .get(day, afterId ?? '') as { used: number; vouchers: number; deposits: number; unknown: number }
  return {
    localUsedDirhams: r.used,
    voucherCount: r.vouchers,
    depositCount: r.deposits,
    unknownDirhams: r.unknown,
  }
}

export function addLimitReport(db: Statements, report: NewLimitReport): void {
  db.prepare(
    `INSERT INTO limit_reports (day, at, daily_max_dirhams, used_today_dirhams, remaining_dirhams,
       requested_dirhams, entry_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    report.day,
    report.at,
    report.dailyMaxDirhams,
    report.usedTodayDirhams,
    report.remainingDirhams,
    report.requestedDirhams,
    report.entryId,
  )
}

/** The service's last daily-limit refusal of the day, and the entry it answered (ids are time-ordered). */
export function lastLimitReport(
  db: Statements,
  day: number,
): { report: ReportedLimit; entryId: string | null } | null {
  const row = db.prepare('SELECT * FROM limit_reports WHERE day = ? ORDER BY id DESC LIMIT 1').get(day) as
    | {
        entry_id: string | null
        at: string
        daily_max_dirhams: number
        used_today_dirhams: number
        remaining_dirhams: number
        requested_dirhams: number
      }
    | undefined
  if (!row) return null
  return {
    entryId: row.entry_id,
    report: {
      dailyMaxDirhams: row.daily_max_dirhams,
      usedTodayDirhams: row.used_today_dirhams,
      remainingDirhams: row.remaining_dirhams,
      requestedDirhams: row.requested_dirhams,
      at: row.at,
    },
  }
}
