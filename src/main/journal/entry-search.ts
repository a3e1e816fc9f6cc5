import { toLatinDigits } from '../../shared/digits'
import { AppError } from '../../shared/errors'
import { libyanPhoneStart, normalizeLibyanPhone } from '../../shared/phone'
import { parseReceiptNumber } from '../../shared/receipt-number'
import type { EntryKind, EntryStatus } from '../../shared/types'
import { ENTRY_COLUMNS, type EntryRecord, keptReceipt, records } from './entry-rows'
import {
  globPrefix,
  nameKey,
  phoneReversed,
  REFERENCE_SUFFIX_MIN_CHARS,
  REFERENCE_TAIL_SQL,
  referenceTail,
} from './search-keys'
import type { Statements } from './statements'

/** The journal's list: entries by day, kind, status or a clerk's search text, newest first, a page at a time. */

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
