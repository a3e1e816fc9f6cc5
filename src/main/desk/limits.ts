import type { DailyLimit, LimitFigures, ReportedLimit } from '../../shared/daily-limit'
import { CHAIN_CLOCK_MARGIN_MS, type ChainUse, type SharedLimitReport } from '../../shared/head-office'
import { idFloorAt } from '../ids'
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
  /**
   * The money that moved there after the service's last report to the account, here or at another terminal
   * (counted from a little before it). What is still open there counts whatever its time (`today`).
   */
  usedSinceReportDirhams: number
  /** The day's latest refusal at another terminal of the account, as the head office last told it. */
  report: SharedLimitReport | null
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
  /** The same estimate as the three figures every screen shows: used + open + left = the limit. */
  figures: LimitFigures
}

/**
 * What the limit probably still allows, what that figure starts from, and the figures it is made of. Pure.
 * From the service's last refusal: its used figure plus what moved since is used, its daily maximum the limit,
 * and what is left is its remaining figure less what moved since and what is still open (an open sale may
 * move money after the refusal: a deposit is re-sent; counting one the service had already counted errs low).
 * Else from the agreed limit: the day's use and what is open. Open sales are always counted as possibly used,
 * in `open`, never hidden in `used`.
 */
export function estimateRemaining(input: LimitEstimateInput): LimitEstimate {
  if (input.lastReport) {
    const { report, useSince } = input.lastReport
    const left = Math.max(0, report.remainingDirhams - useSince.usedDirhams - useSince.openDirhams)
    return {
      basis: 'reported',
      estimatedRemainingDirhams: left,
      figures: {
        limitDirhams: report.dailyMaxDirhams,
        usedDirhams: report.usedTodayDirhams + useSince.usedDirhams,
        openDirhams: useSince.openDirhams,
        leftDirhams: left,
      },
    }
  }
  const { usedDirhams, openDirhams } = input.today
  if (input.agreedDirhams !== null) {
    const left = Math.max(0, input.agreedDirhams - usedDirhams - openDirhams)
    return {
      basis: 'agreed',
      estimatedRemainingDirhams: left,
      figures: { limitDirhams: input.agreedDirhams, usedDirhams, openDirhams, leftDirhams: left },
    }
  }
  return {
    basis: null,
    estimatedRemainingDirhams: null,
    figures: { limitDirhams: null, usedDirhams, openDirhams, leftDirhams: null },
  }
}

/**
 * The day's figures from this PC's journal, with the estimate (counting other terminals' use when known). The
 * estimate starts from the service's latest refusal to the account: this PC's, or another terminal's as the
 * head office shares it. Use after this PC's own refusal is counted from the entry it refused; after another
 * terminal's, from a little before that terminal journaled the refused entry (the clocks agree to about a
 * second), erring low. Entries still without an outcome count whatever their time: one sent before the
 * refusal may move money after it (a re-send), and counting it twice errs low too.
 */
export function dailyLimit(
  journal: Journal,
  day: number,
  agreedDirhams: number | null,
  others: OtherUse | null = null,
): DailyLimit {
  const totals = journal.dayTotals(day)
  const here = journal.lastLimitReport(day)
  const elsewhere = others?.report ?? null
  const use = (t: { localUsedDirhams: number; unknownDirhams: number }): LimitUse => ({
    usedDirhams: t.localUsedDirhams,
    openDirhams: t.unknownDirhams,
  })
  const shared = elsewhere !== null && (!here || Date.parse(elsewhere.at) > Date.parse(here.report.at))
  // What moved on this PC after the refusal: after the entry refused here, or from a little before the refused
  // entry elsewhere was journaled.
  const last: { report: ReportedLimit; usedSince: number } | null = shared
    ? {
        report: {
          dailyMaxDirhams: elsewhere.dailyMaxDirhams,
          usedTodayDirhams: elsewhere.usedTodayDirhams,
          remainingDirhams: elsewhere.remainingDirhams,
          requestedDirhams: elsewhere.requestedDirhams,
          at: elsewhere.at,
        },
        usedSince: journal.dayTotals(
          day,
          idFloorAt(Date.parse(elsewhere.countedFrom) - CHAIN_CLOCK_MARGIN_MS),
        ).localUsedDirhams,
      }
    : here
      ? { report: here.report, usedSince: journal.dayTotals(day, here.entryId ?? '').localUsedDirhams }
      : null
  const estimate = estimateRemaining({
    agreedDirhams,
    today: plus(use(totals), others?.today),
    lastReport: last
      ? {
          report: last.report,
          useSince: {
            usedDirhams: last.usedSince + (others?.usedSinceReportDirhams ?? 0),
            openDirhams: totals.unknownDirhams + (others?.today.openDirhams ?? 0),
          },
        }
      : null,
  })
  return {
    day,
    ...totals,
    reported: last?.report ?? null,
    ...(shared ? { reportedElsewhere: elsewhere.terminal } : {}),
    agreedDirhams,
    ...estimate,
  }
}

/** Other terminals' use as the daily-limit estimate adds it to this PC's (desk/limits.ts). */
export function chainLimitUse(chain: ChainUse | null): OtherUse | null {
  if (!chain) return null
  return {
    today: { usedDirhams: chain.otherUsedDirhams, openDirhams: chain.otherOpenDirhams },
    usedSinceReportDirhams: chain.otherUsedSinceReportDirhams,
    report: chain.report,
  }
}
