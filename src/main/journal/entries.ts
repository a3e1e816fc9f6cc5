import type Database from 'better-sqlite3'
import type { EntryError, EntryKind, EntryStatus, Mode } from '../../shared/contract'
import type { NameConfirmedBy } from '../../shared/customer-view'
import { businessDay } from '../../shared/day'
import { toLatinDigits } from '../../shared/digits'
import { AppError } from '../../shared/errors'
import { libyanPhoneStart, normalizeLibyanPhone } from '../../shared/phone'
import {
  formatReceiptNumber,
  parseReceiptNumber,
  RECEIPT_PREFIX_ALONE,
  RECEIPT_PREFIX_TRAINING,
} from '../../shared/receipt-number'
import {
  globPrefix,
  nameKey,
  phoneReversed,
  REFERENCE_SUFFIX_MIN_CHARS,
  REFERENCE_TAIL_SQL,
  referenceTail,
} from './search-keys'
import type { Statements } from './statements'

/**
 * The entries table: a voucher sale or a deposit each, with its money fields. This file is the one place that
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

export interface JournalFilter {
  day?: number
  from?: number
  to?: number
  kind?: EntryKind
  status?: EntryStatus
  needsAttention?: boolean
  search?: string
  limit?: number
  cursor?: string
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
function keptReceipt(seq: number, prefix: string): string {
  return `${String(seq).padStart(RECEIPT_SEQ_DIGITS, '0')}${prefix}`
}

/** Who numbers an entry's receipt when the desk did not say: the training journal `T`, any other `R`. */
function receiptPrefixOf(entry: NewEntry): string {
  return entry.receiptPrefix ?? (entry.mode === 'training' ? RECEIPT_PREFIX_TRAINING : RECEIPT_PREFIX_ALONE)
}

/** Rows of a query over `entries` (selecting ENTRY_COLUMNS) as records. */
export function records(statement: Database.Statement, ...params: unknown[]): EntryRecord[] {
  return (statement.all(...params) as EntryRow[]).map(toRecord)
}

function one(statement: Database.Statement, ...params: unknown[]): EntryRecord | null {
  const row = statement.get(...params) as EntryRow | undefined
  return row ? toRecord(row) : null
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

export function getEntry(db: Statements, id: string): EntryRecord | null {
  return one(db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE id = ?`), id)
}

export function findByRequestId(db: Statements, requestId: string): EntryRecord | null {
  return one(db.prepare(`SELECT ${ENTRY_COLUMNS} FROM entries WHERE request_id = ?`), requestId)
}

/** Entries whose outcome is not known yet, oldest first. */
export function listOpen(db: Statements, kind: EntryKind): EntryRecord[] {
  return records(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries WHERE kind = ? AND status IN ('pending', 'unknown') ORDER BY id`,
    ),
    kind,
  )
}

/**
 * Entries still `pending` (what a crash leaves), oldest first. The `IN` term is the open-entries index's own
 * condition: without it SQLite cannot use that partial index and reads the whole table (~0.2–0.3 s a million).
 */
export function listPending(db: Statements, kind: EntryKind): EntryRecord[] {
  return records(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries
       WHERE kind = ? AND status IN ('pending', 'unknown') AND status = 'pending' ORDER BY id`,
    ),
    kind,
  )
}

/** Open deposits whose first attempt (or creation) is at or after an instant, oldest first. */
export function listOpenDepositsSince(db: Statements, sinceIso: string): EntryRecord[] {
  return records(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries WHERE kind = 'deposit' AND status IN ('pending', 'unknown')
         AND coalesce(first_sent_at, created_at) >= ? ORDER BY id`,
    ),
    sinceIso,
  )
}

/** How many entries have no known outcome yet (pending or unknown), or only the pending ones (by the
 * open-entries index, as listPending). */
export function countOpen(db: Statements, only?: 'pending'): number {
  const row = db
    .prepare(
      only === 'pending'
        ? `SELECT count(*) AS n FROM entries
           WHERE kind IN ('voucher', 'deposit') AND status IN ('pending', 'unknown') AND status = 'pending'`
        : `SELECT count(*) AS n FROM entries WHERE kind IN ('voucher', 'deposit') AND status IN ('pending', 'unknown')`,
    )
    .get() as { n: number }
  return row.n
}

export function findOpenDepositTo(db: Statements, phone: string): EntryRecord | null {
  // Asked before every deposit, and nearly always answered "none": that answer comes from the index alone
  // (~5 µs); ordering the whole rows costs a sort even for none (~70 µs).
  const any = db
    .prepare(
      `SELECT 1 FROM entries WHERE kind = 'deposit' AND status IN ('pending', 'unknown') AND phone = ? LIMIT 1`,
    )
    .get(phone)
  if (any === undefined) return null
  return one(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries
       WHERE kind = 'deposit' AND status IN ('pending', 'unknown') AND phone = ? ORDER BY id LIMIT 1`,
    ),
    phone,
  )
}

/** The day's earliest voucher of a value whose outcome is not known (pending, unknown), if any. */
export function findOpenVoucher(db: Statements, day: number, valueDirhams: number): EntryRecord | null {
  return one(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries
       WHERE kind = 'voucher' AND status IN ('pending', 'unknown') AND day = ? AND amount_dirhams = ?
       ORDER BY id LIMIT 1`,
    ),
    day,
    valueDirhams,
  )
}

/**
 * A confirmed deposit of the same amount to the same phone since an instant: a likely clerk slip. An entry's
 * business day is that of its creation, so only the days from the instant's on are read (by the phone key's
 * index, `(phone_reversed, day, id)`): a regular customer's year of deposits is never read before each deposit.
 */
export function findRecentDeposit(
  db: Statements,
  phone: string,
  amountDirhams: number,
  sinceIso: string,
): EntryRecord | null {
  return one(
    db.prepare(
      `SELECT ${ENTRY_COLUMNS} FROM entries WHERE phone_reversed = ? AND day >= ? AND phone = ?
         AND kind = 'deposit' AND status = 'confirmed' AND amount_dirhams = ? AND created_at >= ?
         ORDER BY id DESC LIMIT 1`,
    ),
    phoneReversed(phone),
    businessDay(Date.parse(sinceIso)),
    phone,
    amountDirhams,
    sinceIso,
  )
}

/** Another entry holding this voucher code or serial (unique at the provider), if any. */
export function findVoucherElsewhere(
  db: Statements,
  code: string,
  serialNumber: string,
  exceptId: string,
): { id: string; sameSerial: boolean } | null {
  const row = db
    .prepare(
      `SELECT id, serial_number = ? AS same_serial FROM entries
       WHERE (serial_number = ? OR voucher_code = ?) AND id <> ? ORDER BY same_serial DESC LIMIT 1`,
    )
    .get(serialNumber, serialNumber, code, exceptId) as { id: string; same_serial: number } | undefined
  return row ? { id: row.id, sameSerial: row.same_serial === 1 } : null
}

export function countNeedsAttention(db: Statements): number {
  return (db.prepare('SELECT count(*) AS n FROM entries WHERE needs_attention = 1').get() as { n: number }).n
}

function encodeCursor(day: number, id: string): string {
  return Buffer.from(JSON.stringify([day, id])).toString('base64url')
}

function decodeCursor(cursor: string): { day: number; id: string } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && typeof v[1] === 'string') {
      return { day: v[0] as number, id: v[1] }
    }
  } catch {
    // fall through to the typed error
  }
  throw new AppError('BAD_INPUT', 'cursor: not a cursor from an earlier page.')
}

/** The shortest tail of a phone number a search looks for (fewer digits would match almost anything). */
export const PHONE_SUFFIX_MIN_DIGITS = 3

/**
 * Which columns a clerk's search text can mean. Each alternative is an index lookup (an equality, or a prefix
 * of a search key), so a search stays fast at a million entries: the receipt number (with or without its
 * prefix and dashes), the phone, its first digits in any form a person types them (0912, 912, 218 91 2…) or
 * its last digits, the serial or its last 4 digits, the last 4 digits or whole voucher code, the service's
 * transaction id, the customer's first name (or its start, spelled either way — see search-keys.ts), our
 * reference (external id) whole or by its last 6 or more characters, or the entry id.
 */
function searchTerms(db: Statements, text: string): { sql: string; params: (string | number)[] } | null {
  const raw = toLatinDigits(text).trim()
  if (raw === '') return null
  const compact = raw.replace(/[\s-]/g, '')
  const clauses: string[] = []
  const params: (string | number)[] = []
  const receipt = parseReceiptNumber(raw)
  if (receipt) {
    // The number leaves out the year (the receipt shows its date): that month and day of every year the
    // journal holds, each a seek in the receipt index.
    const days = journalYears(db).map((year) => year * 10000 + receipt.monthDay)
    const kept = keptReceipt(receipt.seq, receipt.prefix ?? '')
    clauses.push(
      `(day IN (${days.map(() => '?').join(', ')}) AND receipt ${receipt.prefix ? '= ?' : 'GLOB ?'})`,
    )
    params.push(...days, receipt.prefix ? kept : globPrefix(kept))
  }
  const phone = normalizeLibyanPhone(raw)
  if (phone) {
    // By the phone key's index (its reversed form), the phone itself checked too.
    clauses.push('(phone_reversed = ? AND phone = ?)')
    params.push(phoneReversed(phone), phone)
  }
  const phoneStart = phone ? null : libyanPhoneStart(raw)
  if (phoneStart) {
    clauses.push('phone GLOB ?')
    params.push(globPrefix(phoneStart))
  }
  const reference = compact.toLowerCase()
  if (
    /^[0-9a-f]+$/.test(reference) &&
    reference.length >= REFERENCE_SUFFIX_MIN_CHARS &&
    reference.length <= 32
  ) {
    // By the reference key's index: its very expression, as a range (SQLite takes a prefix through GLOB only
    // on a column), and the index's own condition. A tail longer than the key is checked whole on the rows found.
    const tail = referenceTail(reference)
    const key = `external_transaction_id IS NOT NULL AND (${REFERENCE_TAIL_SQL})`
    if (tail.length === reference.length) {
      clauses.push(`(${key} >= ? AND (${REFERENCE_TAIL_SQL}) < ?)`)
      params.push(tail, `${tail}\u007f`)
    } else {
      clauses.push(`(${key} = ? AND replace(external_transaction_id, '-', '') GLOB ?)`)
      params.push(tail, `*${reference}`)
    }
  }
  if (/^\d+$/.test(compact)) {
    if (compact.length === 4) {
      clauses.push('code_last4 = ?', 'serial_last4 = ?')
      params.push(compact, compact)
    }
    if (!phone && compact.length >= PHONE_SUFFIX_MIN_DIGITS && compact.length < 10) {
      clauses.push('phone_reversed GLOB ?')
      params.push(globPrefix([...compact].reverse().join('')))
    }
    clauses.push('serial_number = ?', 'voucher_code = ?', 'service_transaction_id = ?')
    params.push(compact, compact, compact)
  } else {
    const name = nameKey(raw)
    if (name !== '') {
      clauses.push('name_key GLOB ?')
      params.push(globPrefix(name))
    }
  }
  clauses.push('external_transaction_id = ?', 'id = ?')
  params.push(raw.toLowerCase(), raw.toLowerCase())
  return { sql: `(${clauses.join(' OR ')})`, params }
}

/** The years of the journal's first and last business days and those between (the day index's ends). */
function journalYears(db: Statements): number[] {
  const { lo, hi } = db.prepare('SELECT min(day) AS lo, max(day) AS hi FROM entries').get() as {
    lo: number | null
    hi: number | null
  }
  if (lo === null || hi === null) return []
  const years: number[] = []
  for (let y = Math.floor(lo / 10000); y <= Math.floor(hi / 10000); y++) years.push(y)
  return years
}

/** Newest first (by business day, then id), keyset-paginated. */
export function listEntries(
  db: Statements,
  filter: JournalFilter,
): { entries: EntryRecord[]; nextCursor?: string } {
  const where: string[] = []
  const params: unknown[] = []
  const equalities: [string, unknown][] = [
    ['day = ?', filter.day],
    ['day >= ?', filter.from],
    ['day <= ?', filter.to],
    ['kind = ?', filter.kind],
    ['status = ?', filter.status],
    ['needs_attention = ?', filter.needsAttention === undefined ? undefined : Number(filter.needsAttention)],
  ]
  for (const [sql, value] of equalities) {
    if (value === undefined) continue
    where.push(sql)
    params.push(value)
  }
  if (filter.search !== undefined) {
    const terms = searchTerms(db, filter.search)
    if (terms) {
      where.push(terms.sql)
      params.push(...terms.params)
    }
  }
  if (filter.cursor !== undefined) {
    const c = decodeCursor(filter.cursor)
    where.push('(day < ? OR (day = ? AND id < ?))')
    params.push(c.day, c.day, c.id)
  }
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 500)
  const sql = `SELECT ${ENTRY_COLUMNS} FROM entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
               ORDER BY day DESC, id DESC LIMIT ?`
  const rows = records(db.prepare(sql), ...params, limit + 1)
  const more = rows.length > limit
  const page = more ? rows.slice(0, limit) : rows
  const last = page[page.length - 1]
  return more && last ? { entries: page, nextCursor: encodeCursor(last.day, last.id) } : { entries: page }
}
