/** A deposit's answers: the customer looked up before the name and amount, and a recovery run's count. */
import type { OtherOpenDeposit } from './head-office'
import type { JournalEntry } from './types'

export interface CustomerLookup {
  phone: string
  firstName: string
  status: string
  /**
   * An earlier deposit to this phone whose outcome is not known yet: no new deposit to the phone is accepted
   * until it is resolved, so the clerk is told right after the lookup, before the name and the amount.
   */
  openDeposit?: JournalEntry
  /** An unresolved deposit to this phone at another terminal (head office figures; deposits are refused). */
  openDepositElsewhere?: OtherOpenDeposit
}

export interface RecoverResult {
  resolved: number
  stillOpen: number
}
