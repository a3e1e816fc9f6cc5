import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import Database from 'better-sqlite3'
import { businessDay, isoDateInZone } from '../shared/day'
import { AddressMatcher } from './ip'
import { configuredDirhams, toLyd } from './money'
import type { SandboxSeed } from './seed'

const SCHEMA_VERSION = 1
/** Deposit transaction ids start here, so they look like a live service's and never like a row count. */
const FIRST_TRANSACTION_ID = 100_001

const SCHEMA = `
CREATE TABLE resellers (
  username TEXT PRIMARY KEY,
  password_sha256 TEXT NOT NULL,
  daily_max_dirhams INTEGER NOT NULL,
  disabled INTEGER NOT NULL,
  allowed_ips TEXT -- JSON array, NULL = every address
);
CREATE TABLE denominations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, value_dirhams INTEGER NOT NULL);
CREATE TABLE users (phone TEXT PRIMARY KEY, first_name TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reseller TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL,
  expires_at_ms INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL
);
CREATE TABLE vouchers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL UNIQUE,
  serial_number TEXT NOT NULL UNIQUE,
  denomination_id INTEGER NOT NULL,
  value_dirhams INTEGER NOT NULL,
  reseller TEXT NOT NULL,
  day INTEGER NOT NULL,
  activation_date TEXT NOT NULL,
  expiry_date TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
);
CREATE INDEX vouchers_reseller_day ON vouchers (reseller, day);
CREATE TABLE deposits (
  transaction_id INTEGER PRIMARY KEY AUTOINCREMENT,
  external_transaction_id TEXT NOT NULL,
  reseller TEXT NOT NULL,
  phone TEXT NOT NULL,
  first_name TEXT NOT NULL,
  amount_dirhams INTEGER NOT NULL,
  day INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL,
  UNIQUE (reseller, external_transaction_id)
);
CREATE INDEX deposits_reseller_day ON deposits (reseller, day);
`

export interface Reseller {
  username: string
  dailyMaxDirhams: number
  disabled: boolean
  allowedIps: string[] | null
  matcher: AddressMatcher
}

interface ResellerRow {
  username: string
  password_sha256: string
  daily_max_dirhams: number
  disabled: number
  allowed_ips: string | null
}

export interface User {
  phone: string
  first_name: string
  status: string
}

export interface Voucher {
  code: string
  serial_number: string
  denomination_value: number
  activation_date: string
  expiry_date: string
}

export interface DepositResult {
  transaction_id: number
  phone: string
  first_name: string
  amount: number
  external_transaction_id: string
}

export interface LimitExceeded {
  daily_max_amount: number
  used_today: number
  remaining: number
  requested: number
}

export type GenerateOutcome =
  | { kind: 'issued'; voucher: Voucher }
  | { kind: 'unknown-denomination' }
  | { kind: 'limit'; limit: LimitExceeded }

export type DepositOutcome =
  | { kind: 'credited'; deposit: DepositResult }
  | { kind: 'duplicate' }
  | { kind: 'user-not-found' }
  | { kind: 'user-inactive' }
  | { kind: 'limit'; limit: LimitExceeded }

export interface Ledger {
  vouchers: {
    code: string
    serial_number: string
    denomination_value: number
    reseller: string
    created_at: string
  }[]
  deposits: {
    transaction_id: number
    external_transaction_id: string
    phone: string
    amount: number
    reseller: string
    created_at: string
  }[]
  token_requests: number
}

export interface ResellerPatch {
  disabled?: boolean
  daily_max_amount?: number
  allowed_ips?: string[] | null
  password?: string
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

function randomDigits(count: number): string {
  let out = ''
  for (let i = 0; i < count; i++) out += String(randomInt(10))
  return out
}

/** `2027-02-28` for `2026-02-29`-like dates that do not exist a year later. */
function oneYearLater(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number]
  const lastDay = new Date(Date.UTC(y + 1, m, 0)).getUTCDate()
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`
}

/**
 * The service's state in SQLite. Every check-then-write runs inside one synchronous IMMEDIATE
 * transaction, so concurrent requests can neither spend the same external_transaction_id twice nor
 * together exceed the daily limit.
 */
export class SandboxStore {
  private readonly db: Database.Database
  private readonly resellerCache = new Map<string, Reseller>()

  constructor(
    dbPath: string,
    private seed: SandboxSeed,
  ) {
    this.db = new Database(dbPath)
    try {
      this.db.pragma('busy_timeout = 5000')
      if (dbPath !== ':memory:' && dbPath !== '') this.db.pragma('journal_mode = WAL')
      this.migrate()
      this.applySeed()
    } catch (error) {
      // A file refused (not a database, or of a newer version) is closed at once: no -wal and -shm left.
      this.db.close()
      throw error
    }
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number
    if (version > SCHEMA_VERSION) {
      throw new Error(
        `The sandbox database is from a newer version (schema ${version}); use another --db file.`,
      )
    }
    if (version === SCHEMA_VERSION) return
    this.db.transaction(() => {
      this.db.exec(SCHEMA)
      this.db
        .prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('deposits', ?)")
        .run(FIRST_TRANSACTION_ID - 1)
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`)
    })()
  }

  /** The seed is the configuration: resellers, denominations and users are replaced by it at each start. */
  private applySeed(): void {
    const seed = this.seed
    this.db.transaction(() => {
      this.db.exec('DELETE FROM resellers; DELETE FROM denominations; DELETE FROM users;')
      const reseller = this.db.prepare(
        'INSERT INTO resellers (username, password_sha256, daily_max_dirhams, disabled, allowed_ips) VALUES (?, ?, ?, ?, ?)',
      )
      for (const r of seed.resellers) {
        reseller.run(
          r.username,
          sha256(r.password),
          configuredDirhams(r.daily_max_amount, 'daily_max_amount'),
          r.disabled ? 1 : 0,
          r.allowed_ips === null ? null : JSON.stringify(r.allowed_ips),
        )
      }
      const denomination = this.db.prepare(
        'INSERT INTO denominations (id, name, value_dirhams) VALUES (?, ?, ?)',
      )
      for (const d of seed.denominations) denomination.run(d.id, d.name, configuredDirhams(d.value, 'value'))
      const user = this.db.prepare('INSERT INTO users (phone, first_name, status) VALUES (?, ?, ?)')
      for (const u of seed.users) user.run(u.phone, u.first_name, u.status)
    })()
    this.resellerCache.clear()
  }

  /** Replaces the list of denominations (the provider changing its offer); vouchers already made keep theirs. */
  setDenominations(items: { id: number; name: string; value: number }[]): void {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM denominations')
      const insert = this.db.prepare('INSERT INTO denominations (id, name, value_dirhams) VALUES (?, ?, ?)')
      for (const d of items) insert.run(d.id, d.name, configuredDirhams(d.value, 'value'))
    })()
  }

  /** Forgets tokens, vouchers and deposits and restores the seed's configuration. */
  reset(): void {
    this.db.exec('DELETE FROM tokens; DELETE FROM vouchers; DELETE FROM deposits;')
    this.applySeed()
  }

  // --- resellers ------------------------------------------------------------------------------------

  findReseller(username: string): Reseller | null {
    const cached = this.resellerCache.get(username)
    if (cached) return cached
    const row = this.db.prepare('SELECT * FROM resellers WHERE username = ?').get(username) as
      | ResellerRow
      | undefined
    if (!row) return null
    const allowedIps = row.allowed_ips === null ? null : (JSON.parse(row.allowed_ips) as string[])
    const reseller: Reseller = {
      username: row.username,
      dailyMaxDirhams: row.daily_max_dirhams,
      disabled: row.disabled === 1,
      allowedIps,
      matcher: new AddressMatcher(allowedIps),
    }
    this.resellerCache.set(username, reseller)
    return reseller
  }

  /** Whether some reseller may call from this address (used before the caller is known). */
  anyResellerAllows(address: string | undefined): boolean {
    const names = this.db.prepare('SELECT username FROM resellers').pluck().all() as string[]
    return names.some((name) => this.findReseller(name)?.matcher.allows(address))
  }

  checkPassword(username: string, password: string): boolean {
    const hash = this.db
      .prepare('SELECT password_sha256 FROM resellers WHERE username = ?')
      .pluck()
      .get(username) as string | undefined
    return hash !== undefined && sameHash(hash, sha256(password))
  }

  updateReseller(username: string, patch: ResellerPatch): void {
    if (!this.findReseller(username)) throw new Error(`No reseller ${username}`)
    // Both throw on a bad value before anything is written.
    if (patch.allowed_ips) new AddressMatcher(patch.allowed_ips)
    const dailyMax =
      patch.daily_max_amount === undefined
        ? undefined
        : configuredDirhams(patch.daily_max_amount, 'daily_max_amount')
    this.db.transaction(() => {
      const update = (column: string, value: unknown) =>
        this.db.prepare(`UPDATE resellers SET ${column} = ? WHERE username = ?`).run(value, username)
      if (patch.disabled !== undefined) update('disabled', patch.disabled ? 1 : 0)
      if (dailyMax !== undefined) update('daily_max_dirhams', dailyMax)
      if (patch.allowed_ips !== undefined)
        update('allowed_ips', patch.allowed_ips === null ? null : JSON.stringify(patch.allowed_ips))
      if (patch.password !== undefined) update('password_sha256', sha256(patch.password))
    })()
    this.resellerCache.delete(username)
  }

  // --- tokens ---------------------------------------------------------------------------------------

  /** A new `id|secret` token; only the secret's SHA-256 is stored. */
  issueToken(username: string, expiresAtMs: number, now: number): string {
    const secret = randomBytes(30).toString('base64url').slice(0, 40)
    const { lastInsertRowid } = this.db
      .prepare(
        'INSERT INTO tokens (reseller, secret_sha256, expires_at_ms, created_at_ms) VALUES (?, ?, ?, ?)',
      )
      .run(username, sha256(secret), expiresAtMs, now)
    return `${lastInsertRowid}|${secret}`
  }

  /** The reseller a live token belongs to, or null for an unknown, malformed or expired one. */
  tokenOwner(token: string, now: number): string | null {
    const m = /^(\d{1,15})\|(\S{1,200})$/.exec(token)
    if (!m) return null
    const row = this.db
      .prepare('SELECT reseller, secret_sha256, expires_at_ms FROM tokens WHERE id = ?')
      .get(Number(m[1])) as { reseller: string; secret_sha256: string; expires_at_ms: number } | undefined
    if (!row || !sameHash(row.secret_sha256, sha256(m[2] as string))) return null
    return row.expires_at_ms > now ? row.reseller : null
  }

  // --- catalogue and users --------------------------------------------------------------------------

  denominations(): { id: number; name: string; value: number }[] {
    const rows = this.db
      .prepare('SELECT id, name, value_dirhams FROM denominations ORDER BY value_dirhams, id')
      .all() as {
      id: number
      name: string
      value_dirhams: number
    }[]
    return rows.map((r) => ({ id: r.id, name: r.name, value: toLyd(r.value_dirhams) }))
  }

  findUser(phone: string): User | null {
    return (
      (this.db.prepare('SELECT phone, first_name, status FROM users WHERE phone = ?').get(phone) as User) ??
      null
    )
  }

  upsertUser(user: User): void {
    this.db
      .prepare(
        'INSERT INTO users (phone, first_name, status) VALUES (?, ?, ?) ON CONFLICT (phone) DO UPDATE SET first_name = excluded.first_name, status = excluded.status',
      )
      .run(user.phone, user.first_name, user.status)
  }

  setUserStatus(phone: string, status: string): void {
    const { changes } = this.db.prepare('UPDATE users SET status = ? WHERE phone = ?').run(status, phone)
    if (changes === 0) throw new Error(`No user with phone ${phone}`)
  }

  // --- money ----------------------------------------------------------------------------------------

  private usedToday(reseller: string, day: number): number {
    const row = this.db
      .prepare(
        `SELECT (SELECT COALESCE(SUM(value_dirhams), 0) FROM vouchers WHERE reseller = @reseller AND day = @day)
              + (SELECT COALESCE(SUM(amount_dirhams), 0) FROM deposits WHERE reseller = @reseller AND day = @day)`,
      )
      .pluck()
      .get({ reseller, day }) as number
    return row
  }

  /** The refusal when `requested` would take the reseller past its limit today, else null. */
  private limitBreach(reseller: Reseller, day: number, requested: number): LimitExceeded | null {
    const used = this.usedToday(reseller.username, day)
    if (used + requested <= reseller.dailyMaxDirhams) return null
    return {
      daily_max_amount: toLyd(reseller.dailyMaxDirhams),
      used_today: toLyd(used),
      remaining: toLyd(Math.max(0, reseller.dailyMaxDirhams - used)),
      requested: toLyd(requested),
    }
  }

  generateVoucher(reseller: Reseller, denominationId: number, now: number): GenerateOutcome {
    return this.db
      .transaction((): GenerateOutcome => {
        const denomination = this.db
          .prepare('SELECT value_dirhams FROM denominations WHERE id = ?')
          .pluck()
          .get(denominationId) as number | undefined
        if (denomination === undefined) return { kind: 'unknown-denomination' }
        const day = businessDay(now, this.seed.timezone)
        const limit = this.limitBreach(reseller, day, denomination)
        if (limit) return { kind: 'limit', limit }
        const activation = isoDateInZone(now, this.seed.timezone)
        const voucher: Voucher = {
          code: '',
          serial_number: '',
          denomination_value: toLyd(denomination),
          activation_date: activation,
          expiry_date: oneYearLater(activation),
        }
        const taken = this.db.prepare('SELECT 1 FROM vouchers WHERE code = ? OR serial_number = ?').pluck()
        do {
          voucher.code = randomDigits(15)
          voucher.serial_number = randomDigits(11)
        } while (taken.get(voucher.code, voucher.serial_number) !== undefined)
        this.db
          .prepare(
            `INSERT INTO vouchers (code, serial_number, denomination_id, value_dirhams, reseller, day,
                                   activation_date, expiry_date, created_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            voucher.code,
            voucher.serial_number,
            denominationId,
            denomination,
            reseller.username,
            day,
            voucher.activation_date,
            voucher.expiry_date,
            now,
          )
        return { kind: 'issued', voucher }
      })
      .immediate()
  }

  /**
   * The used-id check comes first: a client retrying a deposit that went through gets 409 even if the
   * user or the day's limit has changed since, which is what lets it settle an unknown outcome.
   */
  deposit(
    reseller: Reseller,
    request: { phone: string; amountDirhams: number; externalId: string },
    now: number,
  ): DepositOutcome {
    return this.db
      .transaction((): DepositOutcome => {
        const used = this.db
          .prepare('SELECT 1 FROM deposits WHERE reseller = ? AND external_transaction_id = ?')
          .pluck()
          .get(reseller.username, request.externalId)
        if (used !== undefined) return { kind: 'duplicate' }
        const user = this.findUser(request.phone)
        if (!user) return { kind: 'user-not-found' }
        if (user.status !== 'active') return { kind: 'user-inactive' }
        const day = businessDay(now, this.seed.timezone)
        const limit = this.limitBreach(reseller, day, request.amountDirhams)
        if (limit) return { kind: 'limit', limit }
        const { lastInsertRowid } = this.db
          .prepare(
            `INSERT INTO deposits (external_transaction_id, reseller, phone, first_name, amount_dirhams, day, created_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            request.externalId,
            reseller.username,
            user.phone,
            user.first_name,
            request.amountDirhams,
            day,
            now,
          )
        return {
          kind: 'credited',
          deposit: {
            transaction_id: Number(lastInsertRowid),
            phone: user.phone,
            first_name: user.first_name,
            amount: toLyd(request.amountDirhams),
            external_transaction_id: request.externalId,
          },
        }
      })
      .immediate()
  }

  ledger(tokenRequests: number): Ledger {
    const iso = (ms: number) => new Date(ms).toISOString()
    const vouchers = this.db
      .prepare('SELECT code, serial_number, value_dirhams, reseller, created_at_ms FROM vouchers ORDER BY id')
      .all() as {
      code: string
      serial_number: string
      value_dirhams: number
      reseller: string
      created_at_ms: number
    }[]
    const deposits = this.db
      .prepare(
        'SELECT transaction_id, external_transaction_id, phone, amount_dirhams, reseller, created_at_ms FROM deposits ORDER BY transaction_id',
      )
      .all() as {
      transaction_id: number
      external_transaction_id: string
      phone: string
      amount_dirhams: number
      reseller: string
      created_at_ms: number
    }[]
    return {
      vouchers: vouchers.map((v) => ({
        code: v.code,
        serial_number: v.serial_number,
        denomination_value: toLyd(v.value_dirhams),
        reseller: v.reseller,
        created_at: iso(v.created_at_ms),
      })),
      deposits: deposits.map((d) => ({
        transaction_id: d.transaction_id,
        external_transaction_id: d.external_transaction_id,
        phone: d.phone,
        amount: toLyd(d.amount_dirhams),
        reseller: d.reseller,
        created_at: iso(d.created_at_ms),
      })),
      token_requests: tokenRequests,
    }
  }
}
