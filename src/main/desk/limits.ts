import type { DailyLimit, ReportedLimit } from '../../shared/contract'
import type { ChainUse } from '../../shared/head-office'
import type { Journal } from '../journal/journal'

/**
 * The daily limit is per reseller and shared by vouchers and deposits; the service has no call that reports
 * it and tells its figures only when it refuses. So the desk estimates what is left, in this one place:
 * from the service's last refusal today when there is one (its `remaining`, the truth at that moment), else
 * from the limit the manager entered as agreed with the provider, minus what was used since.
 *
 * `LimitUse` is the input a wider view can replace: this PC's journal knows this PC's use; a head office
 * that sees every counter of the reseller passes the chain's use instead, and the estimate is the same code.
 */
export interface LimitUse {
  /** Issued vouchers and confirmed deposits. */
  usedDirhams: number
  /** Sent with no known outcome yet (pending, unknown): counted as used, since they may have been. */
  openDirhams: number
}

/** Other terminals' use of the same service account (a head office's figures), added to this PC's. */
export interface OtherUse {
  today: LimitUse
  /** What they used after the service's last report here (counted from a little before it). */
  sinceReport: LimitUse
}

function plus(a: LimitUse, b: LimitUse | undefined): LimitUse {
  return b ? { usedDirhams: a.usedDirhams + b.usedDirhams, openDirhams: a.openDirhams + b.openDirhams } : a
}

export interface LimitEstimateInput {
  /** The daily limit agreed with the provider (a setting); null when the manager has not entered it. */
  agreedDirhams: number | null
  /** The day's whole use. */
  today: LimitUse
  /** The service's last refusal of the day, and the use after the request it refused. */
  lastReport: { report: ReportedLimit; useSince: LimitUse } | null
}

export interface LimitEstimate {
  basis: DailyLimit['basis']
  estimatedRemainingDirhams: number | null
}

/** What the limit probably still allows, and what that figure starts from. Pure. */
export function estimateRemaining(input: LimitEstimateInput): LimitEstimate {
  const spent = (use: LimitUse) => use.usedDirhams + use.openDirhams
  if (input.lastReport) {
    const { report, useSince } = input.lastReport
    return {
      basis: 'reported',
      estimatedRemainingDirhams: Math.max(0, report.remainingDirhams - spent(useSince)),
    }
  }
  if (input.agreedDirhams !== null) {
    return {
      basis: 'agreed',
      estimatedRemainingDirhams: Math.max(0, input.agreedDirhams - spent(input.today)),
    }
  }
  return { basis: null, estimatedRemainingDirhams: null }
}

/** The day's figures from this PC's journal, with the estimate (counting other terminals' use when known). */
export function dailyLimit(
  journal: Journal,
  day: number,
  agreedDirhams: number | null,
  others: OtherUse | null = null,
): DailyLimit {
  const totals = journal.dayTotals(day)
  const last = journal.lastLimitReport(day)
  const use = (t: { localUsedDirhams: number; unknownDirhams: number }): LimitUse => ({
    usedDirhams: t.localUsedDirhams,
    openDirhams: t.unknownDirhams,
  })
  const estimate = estimateRemaining({
    agreedDirhams,
    today: plus(use(totals), others?.today),
    lastReport: last
      ? {
          report: last.report,
          useSince: plus(use(journal.dayTotals(day, last.entryId ?? '')), others?.sinceReport),
        }
      : null,
  })
  return { day, ...totals, reported: last?.report ?? null, agreedDirhams, ...estimate }
}

/** Other terminals' use as the daily-limit estimate adds it to this PC's (desk/limits.ts). */
export function chainLimitUse(chain: ChainUse | null): OtherUse | null {
  if (!chain) return null
  return {
    today: { usedDirhams: chain.otherUsedDirhams, openDirhams: chain.otherOpenDirhams },
    sinceReport: {
      usedDirhams: chain.otherUsedSinceReportDirhams,
      openDirhams: chain.otherOpenSinceReportDirhams,
    },
  }
}
