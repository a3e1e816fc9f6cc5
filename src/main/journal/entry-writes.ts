import { AppError } from '../../shared/errors'
import { RECEIPT_PREFIX_ALONE, RECEIPT_PREFIX_TRAINING } from '../../shared/receipt-number'
import type { EntryStatus } from '../../shared/types'
import { type EntryRecord, receiptNoOf } from './entry-rows'
import type { Statements } from './statements'

/** The writes on the entries table: a new entry (numbering its receipt) and an operation's changes to one. */

export type NewEntry = Pick<
  EntryRecord,
  'id' | 'kind' | 'mode' | 'createdAt' | 'createdPcAt' | 'day' | 'amountDirhams'
> &
  Partial<
    Pick<
      EntryRecord,
      | 'clerk'
      | 'clerkId'
      | 'serviceAccount'
      | 'phone'
      | 'firstName'
      | 'denominationId'
      | 'denominationValueDirhams'
      | 'externalTransactionId'
      | 'requestId'
      | 'nameConfirmedBy'
    >
  > & {
    /**
     * Who numbers the receipt (shared/receipt-number.ts): the terminal's code with a head office; when not
     * given, `T` in training and `R` otherwise.
     */
    receiptPrefix?: string
  }

/** What an operation may change on an entry; money fields of a final entry are refused by a trigger. */
export type EntryUpdate = Partial<
  Pick<
    EntryRecord,
    | 'status'
    | 'amountDirhams'
    | 'serviceTransactionId'
    | 'voucherCode'
    | 'serialNumber'
    | 'activationDate'
    | 'expiryDate'
    | 'error'
    | 'attempts'
    | 'firstSentAt'
    | 'needsAttention'
    | 'confirmedByDuplicate'
    | 'resolution'
  >
>

const UPDATE_COLUMNS: Record<Exclude<keyof EntryUpdate, 'error'>, string> = {
  status: 'status',
  amountDirhams: 'amount_dirhams',
  serviceTransactionId: 'service_transaction_id',
  voucherCode: 'voucher_code',
  serialNumber: 'serial_number',
  activationDate: 'activation_date',
  expiryDate: 'expiry_date',
  attempts: 'attempts',
  firstSentAt: 'first_sent_at',
  needsAttention: 'needs_attention',
  confirmedByDuplicate: 'confirmed_by_duplicate',
  resolution: 'resolution',
}

/** Who numbers an entry's receipt when the desk did not say: the training journal `T`, any other `R`. */
function receiptPrefixOf(entry: NewEntry): string {
  return entry.receiptPrefix ?? (entry.mode === 'training' ? RECEIPT_PREFIX_TRAINING : RECEIPT_PREFIX_ALONE)
}

/**
 * Inserts an entry's row; `firstSentAt` when its first `sent` mark is committed with it. Numbers its receipt
 * in the same statement: the day's highest number + 1 (one seek in the receipt index; the commit holds the
 * write lock, so no other entry takes the same number). Returns the receipt number.
 */
export function insertEntry(
  db: Statements,
  entry: NewEntry,
  status: EntryStatus,
  firstSentAt: string | null = null,
): string {
  const { receiptPrefix: _given, ...row } = entry
  const receiptPrefix = receiptPrefixOf(entry)
  const inserted = db
    .prepare(
      `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk,
       clerk_id, amount_dirhams, phone, first_name, denomination_id, denomination_value_dirhams,
       external_transaction_id, request_id, service_account, first_sent_at, name_confirmed_by, receipt)
     VALUES (@id, @kind, @status, @mode, @createdAt, @createdPcAt, @createdAt, @day, @clerk,
       @clerkId, @amountDirhams, @phone, @firstName, @denominationId, @denominationValueDirhams,
       @externalTransactionId, @requestId, @serviceAccount, @firstSentAt, @nameConfirmedBy,
       printf('%06d', coalesce((SELECT CAST(substr(max(receipt), 1, 6) AS INTEGER)
         FROM entries WHERE day = @day AND receipt IS NOT NULL), 0) + 1) || @receiptPrefix)
     RETURNING receipt`,
    )
    .get({
      clerk: null,
      clerkId: null,
      serviceAccount: null,
      phone: null,
      firstName: null,
      denominationId: null,
      denominationValueDirhams: null,
      externalTransactionId: null,
      requestId: null,
      nameConfirmedBy: null,
      ...row,
      status,
      firstSentAt,
      receiptPrefix,
    }) as { receipt: string }
  return receiptNoOf({ receipt: inserted.receipt, day: entry.day }) as string
}

/**
 * The record of an entry insertEntry has just written, as reading it back would give it: the row holds what
 * was given, the rest empty (no triggers change an inserted row); with `firstSentAt`, its first `sent` mark
 * was written in the same commit, and that is its one attempt so far (its `created` event is not a `sent`).
 */
export function insertedRecord(
  entry: NewEntry,
  status: EntryStatus,
  firstSentAt: string | null,
  receiptNo: string,
): EntryRecord {
  return {
    id: entry.id,
    kind: entry.kind,
    status,
    mode: entry.mode,
    createdAt: entry.createdAt,
    createdPcAt: entry.createdPcAt,
    updatedAt: entry.createdAt,
    day: entry.day,
    clerk: entry.clerk ?? null,
    clerkId: entry.clerkId ?? null,
    serviceAccount: entry.serviceAccount ?? null,
    amountDirhams: entry.amountDirhams,
    phone: entry.phone ?? null,
    firstName: entry.firstName ?? null,
    denominationId: entry.denominationId ?? null,
    denominationValueDirhams: entry.denominationValueDirhams ?? null,
    externalTransactionId: entry.externalTransactionId ?? null,
    serviceTransactionId: null,
    voucherCode: null,
    serialNumber: null,
    activationDate: null,
    expiryDate: null,
    error: null,
    attempts: firstSentAt === null ? 0 : 1,
    firstSentAt,
    needsAttention: false,
    confirmedByDuplicate: false,
    requestId: entry.requestId ?? null,
    resolution: null,
    nameConfirmedBy: entry.nameConfirmedBy ?? null,
    receiptNo,
  }
}

export function updateEntry(db: Statements, id: string, update: EntryUpdate, at: string): void {
  const sets: string[] = ['updated_at = @updatedAt']
  const params: Record<string, unknown> = { id, updatedAt: at }
  for (const [key, column] of Object.entries(UPDATE_COLUMNS) as [keyof typeof UPDATE_COLUMNS, string][]) {
    if (!(key in update)) continue
    const value = update[key]
    sets.push(`${column} = @${key}`)
    params[key] =
      typeof value === 'boolean'
        ? Number(value)
        : key === 'resolution' && value !== null && value !== undefined
          ? JSON.stringify(value)
          : (value ?? null)
  }
  if (update.voucherCode !== undefined) {
    sets.push('code_last4 = @codeLast4')
    params.codeLast4 = update.voucherCode === null ? null : update.voucherCode.slice(-4)
  }
  if ('error' in update) {
    const e = update.error ?? null
    sets.push('error_code = @errorCode', 'error_message = @errorMessage')
    sets.push('error_http_status = @errorHttpStatus', 'error_details = @errorDetails')
    params.errorCode = e?.code ?? null
    params.errorMessage = e?.message ?? null
    params.errorHttpStatus = e?.httpStatus ?? null
    params.errorDetails = e?.details === undefined ? null : JSON.stringify(e.details)
  }
  const changed = db.prepare(`UPDATE entries SET ${sets.join(', ')} WHERE id = @id`).run(params)
  if (changed.changes !== 1) throw new AppError('NOT_FOUND', `No journal entry ${id}.`)
}
