/** The daily limit of the service account, as every screen shows it. */
import type { ChainUse } from './head-office'
import type { RefusalFigures } from './limit-refusal'

/** The service's last daily-limit refusal here: its four figures, and when it answered. */
export interface ReportedLimit extends RefusalFigures {
  at: string
}

/**
 * The daily limit as every screen shows it (header, its panel, the reviews, a refusal): one set of figures, so
 * they never contradict each other. used + open + left = the limit whenever the limit is known.
 */
export interface LimitFigures {
  /** The service's daily maximum as it last said, else the limit agreed in Settings; null when neither. */
  limitDirhams: number | null
  /**
   * Money that moved today on the account: the service's own used figure at its last refusal plus what moved
   * since, else issued vouchers and confirmed deposits (this PC's, and the other counters' when known).
   */
  usedDirhams: number
  /**
   * Sent today with no known outcome yet (pending, unknown; other counters' too): counted as possibly used, so
   * `left` is never above what is left (it may be below, by what did not go through).
   */
  openDirhams: number
  /** What is probably left: limit − used − open, never below 0; null when the limit is not known. */
  leftDirhams: number | null
}

export interface DailyLimit {
  day: number
  /** Issued vouchers and confirmed deposits of the day on this PC. */
  localUsedDirhams: number
  voucherCount: number
  depositCount: number
  /** Sent today with no known outcome yet (pending, unknown): they may have used the limit. */
  unknownDirhams: number
  /**
   * The service's last daily-limit refusal of the day to this account, with its four figures: this PC's, or
   * another terminal's shared by the head office when that is later (then reportedElsewhere names it).
   */
  reported: ReportedLimit | null
  /** The terminal the service gave `reported` to, when not this PC. */
  reportedElsewhere?: string
  /** The daily limit the manager entered as agreed with the provider; null when not entered. */
  agreedDirhams: number | null
  /**
   * What the estimate starts from: the service's last refusal today ('reported', its remaining figure), else
   * the agreed limit ('agreed'), else nothing is known (null).
   */
  basis: 'reported' | 'agreed' | null
  /**
   * What the limit probably still allows: the starting figure minus what was used since (outcomes not known
   * yet counted as used). An estimate: the limit is shared by every PC of the reseller.
   */
  estimatedRemainingDirhams: number | null
  /** Other terminals' use of the same service account today, when the head office was reached recently. */
  chain?: ChainUse
  /** The figures every screen shows (used + open + left = the limit); `leftDirhams` is the estimate. */
  figures: LimitFigures
}
