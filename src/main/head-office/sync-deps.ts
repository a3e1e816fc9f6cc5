/** What the head office sync is given: the journal, the settings and the secret, and its timings. */
import type { HeadOfficeSettings } from '../../shared/head-office'
import type { FeedBatch } from '../journal/head-office-feed'
import type { Journal } from '../journal/journal'
import type { Logger } from '../log'

export interface HeadOfficeSyncDeps {
  /** The live journal, or null while there is none (never a training journal: training stays out). */
  journal: () => Journal | null
  settings: () => HeadOfficeSettings | null
  password: () => string | null
  log: Logger
  /** Service-corrected now (ms): the business day of "today" and the instants recorded. */
  now: () => number
  connectTimeoutMs?: () => number
  /**
   * How long one of the sync's statements may take (the server cancels it), and, a second more, how long
   * the desk waits for any answer before it names the head office as not answering and cuts the connection.
   */
  queryTimeoutMs?: number
  /** Events per PostgreSQL transaction. */
  batchSize?: number
  /** How often to look for new journal events once up to date (what is recorded is sent at once besides). */
  pollMs?: number
  /**
   * Waits after failures, in order, the last repeated, each ±25 %: by default a few seconds while the head
   * office cannot be reached or does not answer, and up to a minute when it refuses this PC's settings.
   */
  retryMs?: readonly number[]
  /** How often to read the chain-wide figures (besides when the head office says something changed). */
  chainEveryMs?: number
  /** The least time between two reads of the figures that notices bring (a burst of notices is one read). */
  noticeGapMs?: number
  /** After how long without an answer the desk asks the head office something (whether it still answers). */
  aliveEveryMs?: number
  /** How old chain-wide figures may be and still be used at the counter. */
  chainFreshMs?: number
  /**
   * After how long without word from another terminal (it says it is there at each chain read, every
   * chainEveryMs) it is named as silent beside the estimate: 2 minutes (8 reads missed).
   */
  silentAfterMs?: number
  /**
   * The service's last daily-limit report to this desk on a day (its 422 figures), if it did: when the answer
   * came, and when the refused entry was journaled (before its request left; use is counted from then).
   */
  reportedLimit?: (day: number) => { at: string; countedFrom: string } | null
  /**
   * The service account this desk's live journal sells on (address and username), if any: the one account
   * whose figures the desk reads (other terminals' use, their refusals). None: the desk reads no figures.
   */
  serviceAccount?: () => string | null
  /** 0 ≤ x < 1: the jitter of the waits after failures. */
  random?: () => number
  /** Test seams around each batch's commit. */
  hooks?: {
    beforeCommit?: (batch: FeedBatch) => Promise<void> | void
    afterCommit?: (batch: FeedBatch) => Promise<void> | void
  }
}
