import type Database from 'better-sqlite3'
import { businessDay } from '../../shared/day'
import type { EntryKind } from '../../shared/types'
import { ENTRY_COLUMNS, type EntryRecord, type EntryRow, records, toRecord } from './entry-rows'
import { phoneReversed } from './search-keys'
import type { Statements } from './statements'

/**
 * The queries the money rules ask of the entries: an entry by id or request id, the open entries (to recover,
 * to count, one to the same phone, a voucher of the same value), a likely repeat deposit, a voucher code held
 * by another entry, and how many need attention.
 */

function one(statement: Database.Statement, ...params: unknown[]): EntryRecord | null {
  const row = statement.get(...params) as EntryRow | undefined
  return row ? toRecord(row) : null
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
