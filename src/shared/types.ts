/**
 * The words every part of the desk speaks: modes, languages, journal entries and their events, a manager's
 * resolution. The contract (contract.ts) and the calls' types by domain (journal.ts, deposit.ts, people.ts,
 * reports.ts, backups.ts…) all build on these, so none has to import another's.
 */

import type { NameConfirmedBy } from './customer-view'

export type Mode = 'training' | 'live'
export type Language = 'ar' | 'en'
/** Where a secret is kept: encrypted by the OS, nowhere (the OS offers no encryption), or a plain file (development). */
export type PasswordStorage = 'encrypted' | 'unavailable' | 'development-plaintext'

export type EntryKind = 'voucher' | 'deposit'
export type EntryStatus = 'pending' | 'issued' | 'confirmed' | 'failed' | 'unknown'
export const ENTRY_KINDS = ['voucher', 'deposit'] as const satisfies readonly EntryKind[]
export const ENTRY_STATUSES = [
  'pending',
  'issued',
  'confirmed',
  'failed',
  'unknown',
] as const satisfies readonly EntryStatus[]
/**
 * The statuses whose outcome is not known yet: `pending` (being sent, or left so by a crash) and `unknown`
 * (sent, no answer that settles it). An open deposit is re-sent with its reference; an open voucher waits
 * for a person. The one definition main and the renderer use.
 */
export const OPEN_STATUSES = ['pending', 'unknown'] as const satisfies readonly EntryStatus[]

/** Whether an entry of this status is still open (see OPEN_STATUSES). */
export function isOpenStatus(status: EntryStatus): boolean {
  return (OPEN_STATUSES as readonly EntryStatus[]).includes(status)
}

export interface VoucherDetails {
  /** Full code only in generateVoucher's result and receipts; masked but the last 4 digits elsewhere. */
  code: string
  serialNumber: string
  activationDate: string
  expiryDate: string
}

export interface EntryError {
  code: string
  message: string
  httpStatus?: number
  details?: Record<string, unknown>
}

export const RESOLUTION_OUTCOMES = ['issued', 'not-issued', 'confirmed', 'not-made'] as const
export type ResolutionOutcome = (typeof RESOLUTION_OUTCOMES)[number]

/** Kept on an entry a manager resolved or annotated. */
export interface EntryResolution {
  outcome: ResolutionOutcome | 'annotated'
  by: string | null
  at: string
  note: string
}

export interface JournalEntry {
  id: string
  kind: EntryKind
  status: EntryStatus
  /**
   * The receipt number a person reads aloud (`R-0428-0173`, receipt-number.ts): printed large on the receipt,
   * searched by in the journal. Absent on entries made before numbers were given.
   */
  receiptNo?: string
  createdAt: string
  day: number
  amountDirhams: number
  clerk?: string
  phone?: string
  firstName?: string
  denominationId?: number
  /**
   * An issued voucher whose value is not the one the clerk confirmed (the provider's list changed): the value
   * confirmed, beside amountDirhams (the value issued and debited). Flagged for a manager.
   */
  confirmedValueDirhams?: number
  externalTransactionId?: string
  serviceTransactionId?: string
  voucher?: VoucherDetails
  error?: EntryError
  needsAttention: boolean
  confirmedByDuplicate?: boolean
  /** A manager's resolution or note (who, when, what was checked). */
  resolution?: EntryResolution
  /** How many times the money request left for the service (its `sent` events). */
  attempts: number
  updatedAt: string
  mode: Mode
  /** An open deposit: whether and when the desk re-sends it by itself (see AutomaticRetry). */
  automaticRetry?: AutomaticRetry
  /** A deposit: who confirmed the account holder's name — the clerk, or the customer on the customer display. */
  nameConfirmedBy?: NameConfirmedBy
}

/**
 * An open deposit is re-sent by the desk itself, with its own reference, on a backing-off timer for 15
 * minutes after its first attempt; after that only a person re-sends it ("Retry safely").
 */
export interface AutomaticRetry {
  /** About when the next automatic try is (service time); null when there will be none. */
  nextAt: string | null
  /** When automatic tries stop. */
  until: string
}

/**
 * Why a voucher's whole code was sent to the page (a `code-shown` event's `via`): the sale itself, the same
 * request asked again, its receipt shown on screen or saved as a PDF.
 */
export const CODE_SHOWN_VIAS = ['sale', 'replayed-request', 'receipt-preview', 'pdf'] as const
export type CodeShownVia = (typeof CODE_SHOWN_VIAS)[number]

/** Who re-sent an entry whose outcome was unknown (an event's `by`): a person, or the desk by itself. */
export const RESEND_BY = ['person', 'background'] as const
export type ResendBy = (typeof RESEND_BY)[number]

export const EVENT_TYPES = [
  'created',
  'sent',
  'answered',
  'not-sent',
  'no-answer',
  'retried',
  'recovered',
  'resolved',
  'printed',
  'code-shown',
  'annotated',
  'print-failed',
] as const
export type JournalEventType = (typeof EVENT_TYPES)[number]

export interface JournalEvent {
  id: number
  at: string
  type: JournalEventType
  clerk?: string
  httpStatus?: number
  detail?: Record<string, unknown>
}
