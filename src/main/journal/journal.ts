import type Database from 'better-sqlite3'
import type {
  Denomination,
  EntryError,
  EntryKind,
  EntryResolution,
  EntryStatus,
  JournalEntry,
  JournalEvent,
  JournalEventType,
  Mode,
  Notice,
  ReportedLimit,
} from '../../shared/contract'
import { toLatinDigits } from '../../shared/digits'
import { AppError } from '../../shared/errors'
import { normalizeLibyanPhone } from '../../shared/phone'
import { type IntegrityCheckTiming, integrityCheck, type JournalHealth, openDatabase } from './open'
import { globPrefix, nameKey } from './search-keys'

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
  attempts: number
  firstSentAt: string | null
  needsAttention: boolean
  confirmedByDuplicate: boolean
  requestId: string | null
  resolution: Record<string, unknown> | null
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
    >
  >

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

export interface NewEvent {
  type: JournalEventType
  at: string
  clerk?: string | null
  httpStatus?: number | null
  detail?: Record<string, unknown> | null
}

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

export interface DayTotals {
  localUsedDirhams: number
  voucherCount: number
  depositCount: number
  unknownDirhams: number
}

/** An entries row as SQLite returns it. */
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
}

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

function toRecord(r: EntryRow): EntryRecord {
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
    attempts: r.attempts,
    firstSentAt: r.first_sent_at,
    needsAttention: r.needs_attention === 1,
    confirmedByDuplicate: r.confirmed_by_duplicate === 1,
    requestId: r.request_id,
    resolution: r.resolution === null ? null : (JSON.parse(r.resolution) as Record<string, unknown>),
  }
}

/** `***********1234`: what lists, errors and logs may show of a voucher code. */
export function maskCode(code: string): string {
  return code.length <= 4 ? code : '*'.repeat(code.length - 4) + code.slice(-4)
}

/** The renderer's view of an entry; the full code only when the caller is allowed to reveal it. */
export function toJournalEntry(e: EntryRecord, options: { revealCode?: boolean } = {}): JournalEntry {
  const out: JournalEntry = {
    id: e.id,
    kind: e.kind,
    status: e.status,
    createdAt: e.createdAt,
    day: e.day,
    amountDirhams: e.amountDirhams,
    needsAttention: e.needsAttention,
    attempts: e.attempts,
    updatedAt: e.updatedAt,
    mode: e.mode,
  }
  if (e.clerk !== null) out.clerk = e.clerk
  if (e.phone !== null) out.phone = e.phone
  if (e.firstName !== null) out.firstName = e.firstName
  if (e.denominationId !== null) out.denominationId = e.denominationId
  if (e.externalTransactionId !== null) out.externalTransactionId = e.externalTransactionId
  if (e.serviceTransactionId !== null) out.serviceTransactionId = e.serviceTransactionId
  if (e.voucherCode !== null && e.serialNumber !== null) {
    out.voucher = {
      code: options.revealCode ? e.voucherCode : maskCode(e.voucherCode),
      serialNumber: e.serialNumber,
      activationDate: e.activationDate ?? '',
      expiryDate: e.expiryDate ?? '',
    }
  }
  if (e.error !== null) out.error = e.error
  if (e.confirmedByDuplicate) out.confirmedByDuplicate = true
  if (e.resolution !== null) {
    const { outcome, by, at, note } = e.resolution as unknown as EntryResolution
    out.resolution = { outcome, by, at, note }
  }
  return out
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
 * of a search key), so a search stays fast at a million entries: the phone, its last digits, serial, the
 * last 4 digits or whole voucher code, the service's transaction id, the customer's first name (or its
 * start, spelled either way — see search-keys.ts), our reference (external id) or the entry id.
 */
function searchTerms(text: string): { sql: string; params: string[] } | null {
  const raw = toLatinDigits(text).trim()
  if (raw === '') return null
  const compact = raw.replace(/[\s-]/g, '')
  const clauses: string[] = []
  const params: string[] = []
  const phone = normalizeLibyanPhone(raw)
  if (phone) {
    clauses.push('phone = ?')
    params.push(phone)
  }
  if (/^\d+$/.test(compact)) {
    if (compact.length === 4) {
      clauses.push('code_last4 = ?')
      params.push(compact)
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

export class Journal {
  readonly db: Database.Database
  readonly path: string
  readonly health: JournalHealth
  /** Settles once the integrity check has answered (at once when it ran during open). */
  readonly checked: Promise<JournalHealth>

  private constructor(
    db: Database.Database,
    path: string,
    health: JournalHealth,
    checked: Promise<JournalHealth>,
  ) {
    this.db = db
    this.path = path
    this.health = health
    this.checked = checked
  }

  /**
   * Prepared statements, by their SQL: preparing costs as much CPU as a small insert, and every money record
   * goes through the same few statements (the SQL strings are the code's own, so the map stays small).
   */
  private readonly statements = new Map<string, Database.Statement>()

  private statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql)
    if (!prepared) {
      prepared = this.db.prepare(sql)
      this.statements.set(sql, prepared)
    }
    return prepared
  }

  /** With check 'background' (the desk), quick_check runs in a worker thread and money records wait for it. */
  static open(path: string, options: { check?: IntegrityCheckTiming } = {}): Journal {
    const { db, health, checked } = openDatabase(path, undefined, options.check ?? 'now')
    return new Journal(db, path, health, checked)
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  /** Whether money records may be written now: checked, and nothing wrong. */
  get writable(): boolean {
    return this.health.checked && this.health.problem === null
  }

  /**
   * Refuses money records when the journal cannot promise to keep them; while its integrity check is still
   * running (a start with a large journal), waits for the verdict first.
   */
  async assertWritable(): Promise<void> {
    if (!this.health.checked) await this.checked
    if (this.health.problem !== null) {
      throw new AppError('JOURNAL_UNAVAILABLE', this.health.problem)
    }
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate()
  }

  // ------------------------------------------------------------------------------------------ entries

  /** Commits a new entry with its 'created' event, durably, before anything is sent. */
  insertEntry(entry: NewEntry, status: EntryStatus = 'pending', event?: Omit<NewEvent, 'type'>): EntryRecord {
    return this.transaction(() => {
      this.statement(
        `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk,
             clerk_id, amount_dirhams, phone, first_name, denomination_id, denomination_value_dirhams,
             external_transaction_id, request_id, service_account)
           VALUES (@id, @kind, @status, @mode, @createdAt, @createdPcAt, @createdAt, @day, @clerk,
             @clerkId, @amountDirhams, @phone, @firstName, @denominationId, @denominationValueDirhams,
             @externalTransactionId, @requestId, @serviceAccount)`,
      ).run({
        clerk: null,
        clerkId: null,
        serviceAccount: null,
        phone: null,
        firstName: null,
        denominationId: null,
        denominationValueDirhams: null,
        externalTransactionId: null,
        requestId: null,
        ...entry,
        status,
      })
      this.addEvent(entry.id, { type: 'created', at: entry.createdAt, clerk: entry.clerk ?? null, ...event })
      return this.mustGet(entry.id)
    })
  }

  /** Applies an update and its event in one transaction; returns the entry as now stored. */
  updateEntry(id: string, update: EntryUpdate, at: string, event?: NewEvent): EntryRecord {
    return this.transaction(() => {
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
      const changed = this.statement(`UPDATE entries SET ${sets.join(', ')} WHERE id = @id`).run(params)
      if (changed.changes !== 1) throw new AppError('NOT_FOUND', `No journal entry ${id}.`)
      if (event) this.addEvent(id, event)
      return this.mustGet(id)
    })
  }

  get(id: string): EntryRecord | null {
    const row = this.statement('SELECT * FROM entries WHERE id = ?').get(id) as EntryRow | undefined
    return row ? toRecord(row) : null
  }

  mustGet(id: string): EntryRecord {
    const e = this.get(id)
    if (!e) throw new AppError('NOT_FOUND', `No journal entry ${id}.`)
    return e
  }

  findByRequestId(requestId: string): EntryRecord | null {
    const row = this.statement('SELECT * FROM entries WHERE request_id = ?').get(requestId) as
      | EntryRow
      | undefined
    return row ? toRecord(row) : null
  }

  /** Entries whose outcome is not known yet, oldest first. */
  listOpen(kind: EntryKind): EntryRecord[] {
    const rows = this.statement(
      `SELECT * FROM entries WHERE kind = ? AND status IN ('pending', 'unknown') ORDER BY id`,
    ).all(kind) as EntryRow[]
    return rows.map(toRecord)
  }

  findOpenDepositTo(phone: string): EntryRecord | null {
    const row = this.statement(
      `SELECT * FROM entries WHERE kind = 'deposit' AND status IN ('pending', 'unknown') AND phone = ?
         ORDER BY id LIMIT 1`,
    ).get(phone) as EntryRow | undefined
    return row ? toRecord(row) : null
  }

  /** A confirmed deposit of the same amount to the same phone since an instant: a likely clerk slip. */
  findRecentDeposit(phone: string, amountDirhams: number, sinceIso: string): EntryRecord | null {
    const row = this.statement(
      `SELECT * FROM entries WHERE phone = ? AND kind = 'deposit' AND status = 'confirmed'
           AND amount_dirhams = ? AND created_at >= ? ORDER BY id DESC LIMIT 1`,
    ).get(phone, amountDirhams, sinceIso) as EntryRow | undefined
    return row ? toRecord(row) : null
  }

  countNeedsAttention(): number {
    return (
      this.statement('SELECT count(*) AS n FROM entries WHERE needs_attention = 1').get() as { n: number }
    ).n
  }

  /** Newest first (by business day, then id), keyset-paginated. */
  list(filter: JournalFilter): { entries: EntryRecord[]; nextCursor?: string } {
    const where: string[] = []
    const params: unknown[] = []
    const equalities: [string, unknown][] = [
      ['day = ?', filter.day],
      ['day >= ?', filter.from],
      ['day <= ?', filter.to],
      ['kind = ?', filter.kind],
      ['status = ?', filter.status],
      [
        'needs_attention = ?',
        filter.needsAttention === undefined ? undefined : Number(filter.needsAttention),
      ],
    ]
    for (const [sql, value] of equalities) {
      if (value === undefined) continue
      where.push(sql)
      params.push(value)
    }
    if (filter.search !== undefined) {
      const terms = searchTerms(filter.search)
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
    const sql = `SELECT * FROM entries ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
                 ORDER BY day DESC, id DESC LIMIT ?`
    const rows = this.statement(sql).all(...params, limit + 1) as EntryRow[]
    const more = rows.length > limit
    const page = (more ? rows.slice(0, limit) : rows).map(toRecord)
    const last = page[page.length - 1]
    return more && last ? { entries: page, nextCursor: encodeCursor(last.day, last.id) } : { entries: page }
  }

  // ------------------------------------------------------------------------------------------ events

  /** Whether a money request of this entry was ever marked as about to leave. */
  wasSent(entryId: string): boolean {
    return (
      this.statement("SELECT 1 FROM entry_events WHERE entry_id = ? AND type = 'sent' LIMIT 1").get(
        entryId,
      ) !== undefined
    )
  }

  /**
   * Adds an event whose loss in a power cut would change nothing — a deposit's `sent` — without waiting for
   * the disk: this one commit runs with synchronous=NORMAL. A crash of the app keeps it (the write reached
   * the OS); a power cut may drop it; the entry's next commit (synchronous=FULL) syncs the write-ahead log
   * and with it this event. docs/journal.md says why a deposit may and a voucher may not.
   */
  addEventUnsynced(entryId: string, event: NewEvent): void {
    this.db.pragma('synchronous = NORMAL')
    try {
      this.addEvent(entryId, event)
    } finally {
      this.db.pragma('synchronous = FULL')
    }
  }

  addEvent(entryId: string, event: NewEvent): void {
    this.statement(
      'INSERT INTO entry_events (entry_id, at, type, clerk, http_status, detail) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(
      entryId,
      event.at,
      event.type,
      event.clerk ?? null,
      event.httpStatus ?? null,
      event.detail ? JSON.stringify(event.detail) : null,
    )
  }

  events(entryId: string): JournalEvent[] {
    const rows = this.statement('SELECT * FROM entry_events WHERE entry_id = ? ORDER BY id').all(entryId) as {
      id: number
      at: string
      type: JournalEventType
      clerk: string | null
      http_status: number | null
      detail: string | null
    }[]
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      type: r.type,
      ...(r.clerk === null ? {} : { clerk: r.clerk }),
      ...(r.http_status === null ? {} : { httpStatus: r.http_status }),
      ...(r.detail === null ? {} : { detail: JSON.parse(r.detail) as Record<string, unknown> }),
    }))
  }

  // ------------------------------------------------------------------------------------------ day totals

  /** The day's figures; with afterId, only entries created after that one (ids are time-ordered). */
  dayTotals(day: number, afterId?: string): DayTotals {
    const after = afterId ?? ''
    const r = this.statement(
      `SELECT
           coalesce(sum(CASE WHEN status IN ('issued', 'confirmed') THEN amount_dirhams END), 0) AS used,
           count(CASE WHEN kind = 'voucher' AND status = 'issued' THEN 1 END) AS vouchers,
           count(CASE WHEN kind = 'deposit' AND status = 'confirmed' THEN 1 END) AS deposits,
           coalesce(sum(CASE WHEN status IN ('pending', 'unknown') THEN amount_dirhams END), 0) AS unknown
         FROM entries WHERE day = ? AND id > ?`,
    ).get(day, after) as { used: number; vouchers: number; deposits: number; unknown: number }
    return {
      localUsedDirhams: r.used,
      voucherCount: r.vouchers,
      depositCount: r.deposits,
      unknownDirhams: r.unknown,
    }
  }

  addLimitReport(report: Omit<ReportedLimit, 'at'> & { at: string; day: number; entryId: string }): void {
    this.statement(
      `INSERT INTO limit_reports (day, at, daily_max_dirhams, used_today_dirhams, remaining_dirhams,
           requested_dirhams, entry_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      report.day,
      report.at,
      report.dailyMaxDirhams,
      report.usedTodayDirhams,
      report.remainingDirhams,
      report.requestedDirhams,
      report.entryId,
    )
  }

  /** The service's last daily-limit refusal of the day, and the entry it answered (ids are time-ordered). */
  lastLimitReport(day: number): { report: ReportedLimit; entryId: string | null } | null {
    const row = this.statement('SELECT * FROM limit_reports WHERE day = ? ORDER BY id DESC LIMIT 1').get(
      day,
    ) as
      | {
          entry_id: string | null
          at: string
          daily_max_dirhams: number
          used_today_dirhams: number
          remaining_dirhams: number
          requested_dirhams: number
        }
      | undefined
    if (!row) return null
    return {
      entryId: row.entry_id,
      report: {
        dailyMaxDirhams: row.daily_max_dirhams,
        usedTodayDirhams: row.used_today_dirhams,
        remainingDirhams: row.remaining_dirhams,
        requestedDirhams: row.requested_dirhams,
        at: row.at,
      },
    }
  }

  // ------------------------------------------------------------------------------------------ catalog

  saveDenominations(items: Denomination[], fetchedAt: string): void {
    this.transaction(() => {
      this.statement('DELETE FROM denominations').run()
      const insert = this.statement(
        'INSERT INTO denominations (id, name, value_dirhams, position) VALUES (?, ?, ?, ?)',
      )
      for (const [i, d] of items.entries()) insert.run(d.id, d.name, d.valueDirhams, i)
      this.setMeta('denominations_fetched_at', fetchedAt)
    })
  }

  denominations(): { items: Denomination[]; fetchedAt: string | null } {
    const rows = this.statement(
      'SELECT id, name, value_dirhams FROM denominations ORDER BY position',
    ).all() as {
      id: number
      name: string | null
      value_dirhams: number
    }[]
    return {
      items: rows.map((r) => ({ id: r.id, name: r.name ?? '', valueDirhams: r.value_dirhams })),
      fetchedAt: this.getMeta('denominations_fetched_at'),
    }
  }

  // ------------------------------------------------------------------------------------------ notices

  addNotice(notice: Omit<Notice, 'id'>): void {
    this.statement('INSERT INTO notices (at, kind, entry_id, status) VALUES (?, ?, ?, ?)').run(
      notice.at,
      notice.kind,
      notice.entryId,
      notice.status,
    )
  }

  /** Notices nobody has dismissed yet, after an id. */
  noticesAfter(afterId: number): Notice[] {
    const rows = this.statement(
      'SELECT id, at, kind, entry_id, status FROM notices WHERE id > ? AND dismissed_at IS NULL ORDER BY id LIMIT 100',
    ).all(afterId) as {
      id: number
      at: string
      kind: Notice['kind']
      entry_id: string
      status: EntryStatus
    }[]
    return rows.map((r) => ({ id: r.id, at: r.at, kind: r.kind, entryId: r.entry_id, status: r.status }))
  }

  dismissNotice(id: number, at: string): void {
    this.statement('UPDATE notices SET dismissed_at = ? WHERE id = ? AND dismissed_at IS NULL').run(at, id)
  }

  // ------------------------------------------------------------------------------------------ meta, backup

  getMeta(key: string): string | null {
    const row = this.statement('SELECT value FROM meta WHERE key = ?').get(key) as
      | { value: string }
      | undefined
    return row?.value ?? null
  }

  setMeta(key: string, value: string): void {
    this.statement(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value)
  }

  /** An online copy to a file, verified by integrity_check of the copy. */
  async backupTo(destination: string): Promise<{ path: string; integrity: string }> {
    await this.db.backup(destination)
    const integrity = integrityCheck(destination)
    if (integrity !== 'ok')
      throw new AppError('JOURNAL_UNAVAILABLE', `The backup copy failed its check: ${integrity}`)
    return { path: destination, integrity }
  }
}
