import type Database from 'better-sqlite3'
import type { NameConfirmedBy } from '../../shared/customer-view'
import { formatReceiptNumber } from '../../shared/receipt-number'
import type { EntryError, EntryKind, EntryStatus, Mode } from '../../shared/types'

/**
 * The entries table's row and its record: a voucher sale or a deposit each, with its money fields. The entry
 * files of this folder (this one, entry-writes.ts, money-queries.ts, entry-search.ts) are the one place that
 * knows the table's columns; everything else sees an EntryRecord.
 */

/** A journal entry as stored, with the full voucher code: never sent to the renderer as is. */
export interface EntryRecord {
  id: string
  kind: EntryKind
  status: EntryStatus
  mode: Mode
  createdAt: string
  createdPcAt: string
  updatedAt: string
  day: number
  clerk: string | null
  /** The signed-in person's id (people database); null before anyone was set up, or for the system. */
  clerkId: string | null
  /** The service address and username the entry was sent to; null on entries from before it was kept. */
  serviceAccount: string | null
  amountDirhams: number
  phone: string | null
  firstName: string | null
  denominationId: number | null
  denominationValueDirhams: number | null
  externalTransactionId: string | null
  serviceTransactionId: string | null
  voucherCode: string | null
  serialNumber: string | null
  activationDate: string | null
  expiryDate: string | null
  error: EntryError | null
  /** How many times the money request left for the service: its `sent` events (or, on entries from before
   * those existed, the count kept in the row). */
  attempts: number
  firstSentAt: string | null
  needsAttention: boolean
  confirmedByDuplicate: boolean
  requestId: string | null
  resolution: Record<string, unknown> | null
  /** A deposit's account holder confirmed by the clerk or by the customer on their display; null before it was kept. */
  nameConfirmedBy: NameConfirmedBy | null
  /** The receipt number (`R-0428-0173`, shared/receipt-number.ts); null on entries from before it was given. */
  receiptNo: string | null
}

/** An entries row as SQLite returns it (with the `sent` count ENTRY_COLUMNS adds). */
export interface EntryRow {
  id: string
  kind: EntryKind
  status: EntryStatus
  mode: Mode
  created_at: string
  created_pc_at: string
  updated_at: string
  day: number
  clerk: string | null
  clerk_id: string | null
  service_account: string | null
  amount_dirhams: number
  phone: string | null
  first_name: string | null
  denomination_id: number | null
  denomination_value_dirhams: number | null
  external_transaction_id: string | null
  service_transaction_id: string | null
  voucher_code: string | null
  code_last4: string | null
  serial_number: string | null
  activation_date: string | null
  expiry_date: string | null
  error_code: string | null
  error_message: string | null
  error_http_status: number | null
  error_details: string | null
  attempts: number
  first_sent_at: string | null
  needs_attention: number
  confirmed_by_duplicate: number
  request_id: string | null
  resolution: string | null
  name_confirmed_by: NameConfirmedBy | null
  /** The receipt number as kept: the day's sequence in 6 digits, then who numbered it (`000173R`). */
  receipt: string | null
  sent_count: number
}

/**
 * What every read of entries selects: the row, in the one shape toRecord knows, with how many times its
 * money request left (its `sent` events: the one count a kill between sending and recording cannot lose).
 */
export const ENTRY_COLUMNS = `entries.*,
  (SELECT count(*) FROM entry_events WHERE entry_id = entries.id AND type = 'sent') AS sent_count`

/**
 * How many times an entry's money request left: its `sent` events, the one count a kill between sending and
 * recording cannot lose (entries from before `sent` events existed count theirs in the row only).
 */
export function attemptsOf(r: EntryRow): number {
  return Math.max(r.attempts, r.sent_count)
}

export function toRecord(r: EntryRow): EntryRecord {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    mode: r.mode,
    createdAt: r.created_at,
    createdPcAt: r.created_pc_at,
    updatedAt: r.updated_at,
    day: r.day,
    clerk: r.clerk,
    clerkId: r.clerk_id,
    serviceAccount: r.service_account,
    amountDirhams: r.amount_dirhams,
    phone: r.phone,
    firstName: r.first_name,
    denominationId: r.denomination_id,
    denominationValueDirhams: r.denomination_value_dirhams,
    externalTransactionId: r.external_transaction_id,
    serviceTransactionId: r.service_transaction_id,
    voucherCode: r.voucher_code,
    serialNumber: r.serial_number,
    activationDate: r.activation_date,
    expiryDate: r.expiry_date,
    error:
      r.error_code === null
        ? null
        : {
            code: r.error_code,
            message: r.error_message ?? '',
            ...(r.error_http_status === null ? {} : { httpStatus: r.error_http_status }),
            ...(r.error_details === null
              ? {}
              : { details: JSON.parse(r.error_details) as Record<string, unknown> }),
          },
    attempts: attemptsOf(r),
    firstSentAt: r.first_sent_at,
    needsAttention: r.needs_attention === 1,
    confirmedByDuplicate: r.confirmed_by_duplicate === 1,
    requestId: r.request_id,
    resolution: r.resolution === null ? null : (JSON.parse(r.resolution) as Record<string, unknown>),
    nameConfirmedBy: r.name_confirmed_by ?? null,
    receiptNo: receiptNoOf(r),
  }
}

/**
 * How a receipt number is kept in its one column: the day's sequence in 6 digits, then who numbered it
 * (`000173R`, `000012KA`). Fixed width first, so the day's highest number is its highest text (max, by the
 * index); the month and day come from the entry's business day.
 */
const RECEIPT_SEQ_DIGITS = 6

/** The receipt number of a row, or null for an entry made before numbers were given. */
export function receiptNoOf(r: Pick<EntryRow, 'receipt' | 'day'>): string | null {
  if (r.receipt === null) return null
  return formatReceiptNumber(
    r.receipt.slice(RECEIPT_SEQ_DIGITS),
    r.day,
    Number(r.receipt.slice(0, RECEIPT_SEQ_DIGITS)),
  )
}

/** A receipt as kept, from its sequence and prefix. */
export function keptReceipt(seq: number, prefix: string): string {
  return `${String(seq).padStart(RECEIPT_SEQ_DIGITS, '0')}${prefix}`
}

/** Rows of a query over `entries` (selecting ENTRY_COLUMNS) as records. */
export function records(statement: Database.Statement, ...params: unknown[]): EntryRecord[] {
  return (statement.all(...params) as EntryRow[]).map(toRecord)
}
