/**
 * The head office administrator's tasks besides migrating: a login role per terminal, and a look at how far
 * each terminal's journal has arrived.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import pg from 'pg'
import { adminRights, changePrivileges, requireCreateRole, SetupError, sqlName } from './schema'

export interface NewTerminal {
  /** The terminal's name as the desk is set up with it (Settings → Head office), 1–60 characters. */
  name: string
  /** The login role; by default made from the name. */
  role?: string
  /** By default a random one, shown once. */
  password?: string
}

export interface CreatedTerminal {
  name: string
  role: string
  password: string
  /** What its live receipt numbers start with (head office schema 6); null on an older schema. */
  receiptCode: string | null
}

const ROLE_PATTERN = /^[a-z_][a-z0-9_]{2,62}$/

export function validTerminalName(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > 60) return 'A terminal name has 1 to 60 characters.'
  if (/\p{Cc}/u.test(trimmed)) return 'A terminal name has no control characters.'
  return null
}

/** Arabic (and the Persian letters Libyan names borrow) in Latin letters; short vowels are not written. */
const ARABIC_LATIN: Record<string, string> = {
  ا: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: 'a',
  غ: 'gh',
  ف: 'f',
  ڤ: 'v',
  ق: 'q',
  ك: 'k',
  ک: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  ة: 'a',
  ى: 'a',
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
}

const ARABIC_DIGITS = ['٠١٢٣٤٥٦٧٨٩', '۰۱۲۳۴۵۶۷۸۹']

/** و and ي are consonants at a word's start or after a vowel (وليد: wlid), vowels otherwise (السوق: alsuq). */
function transliterate(text: string): string {
  let out = ''
  let afterVowel = true
  for (const ch of text) {
    const digit = ARABIC_DIGITS.map((set) => set.indexOf(ch)).find((i) => i >= 0)
    const latin = digit !== undefined ? String(digit) : ARABIC_LATIN[ch]
    if (ch === 'و' || ch === 'ي' || ch === 'ی') {
      out += afterVowel ? (ch === 'و' ? 'w' : 'y') : ch === 'و' ? 'u' : 'i'
      afterVowel = !afterVowel
    } else if (latin !== undefined) {
      out += latin
      afterVowel = digit !== undefined || latin === 'a'
    } else if (!/\p{Mn}|\u0640|\u0621/u.test(ch)) {
      // Marks (short vowels, the hamza NFKD splits off أ إ ؤ ئ), the tatweel and a lone hamza are not written.
      out += ch
      afterVowel = !/[b-df-hj-np-tv-z]/i.test(ch)
    }
  }
  return out
}

/**
 * A role name from the terminal's name: `desk_` and the name in lower-case Latin letters and digits. A name
 * that does not read back whole that way (Arabic letters, accents, punctuation, past 40 letters) also gets 6 hex digits of its
 * SHA-256, so two names the Latin letters would make alike ("فرع الميناء 2", "فرع السوق 2") never share a
 * role, and the same name always makes the same role.
 */
export function roleNameFor(name: string): string {
  const trimmed = name.trim().normalize('NFC')
  const whole = transliterate(trimmed.normalize('NFKD'))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  const slug = whole.slice(0, 40).replace(/_+$/, '')
  const faithful = /^[A-Za-z0-9]+([ _-][A-Za-z0-9]+)*$/.test(trimmed) && slug === whole
  if (faithful && slug !== '') return `desk_${slug}`
  const hash = createHash('sha256').update(trimmed).digest('hex').slice(0, 6)
  return slug === '' ? `desk_${hash}` : `desk_${slug}_${hash}`
}

/**
 * The password as PostgreSQL stores it (a SCRAM-SHA-256 verifier), computed here so the password itself is
 * never sent in a statement the server could log.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256')
  const clientKey = createHmac('sha256', salted).update('Client Key').digest()
  const storedKey = createHash('sha256').update(clientKey).digest()
  const serverKey = createHmac('sha256', salted).update('Server Key').digest()
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url')
}

/**
 * Creates a terminal's login role (member of desk_terminal: insert its own rows, read the chain-wide figures)
 * and registers it under the terminal's name. Refuses a name or role that exists.
 */
export async function createTerminal(client: pg.ClientBase, input: NewTerminal): Promise<CreatedTerminal> {
  const problem = validTerminalName(input.name)
  if (problem) throw new Error(problem)
  const name = input.name.trim()
  const role = input.role ?? roleNameFor(name)
  if (!ROLE_PATTERN.test(role)) {
    throw new Error('A role name has 3 to 63 characters: lower-case Latin letters, digits and _.')
  }
  const password = input.password ?? generatePassword()
  if (!/^[\x21-\x7e]{16,200}$/.test(password)) {
    throw new Error('A terminal password has at least 16 printable Latin characters (no spaces).')
  }
  const schema = await client.query<{ t: string | null }>("SELECT to_regclass('headoffice.terminals') AS t")
  if (schema.rows[0]?.t == null) {
    throw new SetupError(
      'This database has no head office schema yet: run `npm run head-office -- migrate` first. Nothing was changed.',
    )
  }
  requireCreateRole(await adminRights(client), `create-terminal creates the login role ${role} for the desk`)
  await client.query('BEGIN')
  try {
    const named = await client.query<{ role_name: string }>(
      'SELECT role_name FROM headoffice.terminals WHERE name = $1',
      [name],
    )
    if (named.rows[0]) {
      throw new Error(
        `A terminal named "${name}" is already registered (role ${named.rows[0].role_name}): each terminal has its own name.`,
      )
    }
    const holder = await client.query<{ name: string }>(
      'SELECT name FROM headoffice.terminals WHERE role_name = $1',
      [role],
    )
    const made = input.role === undefined ? ' (made from the name)' : ''
    if (holder.rows[0]) {
      throw new Error(
        `The role ${role}${made} is already the terminal "${holder.rows[0].name}": give this terminal another role with --role, such as --role ${role.slice(0, 56)}_2. Nothing was changed.`,
      )
    }
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])
    if (exists.rowCount) {
      throw new Error(
        `The role ${role}${made} exists already in this PostgreSQL: give this terminal another role with --role. Nothing was changed.`,
      )
    }
    const id = pg.escapeIdentifier(role)
    await client.query(
      `CREATE ROLE ${id} LOGIN CONNECTION LIMIT 8 IN ROLE desk_terminal PASSWORD ${pg.escapeLiteral(scramVerifier(password))}`,
    )
    await client.query(`ALTER ROLE ${id} SET statement_timeout = '60s'`)
    const db = await client.query<{ db: string; owner: string }>(
      `SELECT datname AS db, pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = current_database()`,
    )
    const database = db.rows[0]?.db ?? ''
    await changePrivileges(
      client,
      `GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${id}`,
      `Only the database's owner (${db.rows[0]?.owner}) or a superuser can let the terminal connect: run ` +
        `create-terminal as that role, or make this role the owner (ALTER DATABASE ${sqlName(database)} OWNER TO ` +
        `${sqlName((await adminRights(client)).role)}). Nothing was changed.`,
    )
    // Its receipt code (schema 6), given by the head office: null on an older schema.
    const inserted = await client.query<{ code: string | null }>(
      `INSERT INTO headoffice.terminals (name, role_name) VALUES ($1, $2)
       RETURNING to_jsonb(terminals) ->> 'receipt_code' AS code`,
      [name, role],
    )
    await client.query('COMMIT')
    return { name, role, password, receiptCode: inserted.rows[0]?.code ?? null }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

export interface TerminalProgress {
  terminal: string
  /** The journal that claimed the terminal (its first sync); null while no desk has sent as it. */
  deskId: string | null
  /** Entries received (each sale or deposit once, whatever became of it). */
  entries: number
  /** The desk's number of the last event received. */
  lastSeq: number
  /** Events received: equal to lastSeq when nothing is missing in between. */
  seqCount: number
  zReports: number
  /** The last Z report received: its number and business day (YYYYMMDD). */
  lastZ: { number: number; day: number } | null
  /** When the head office last received anything from this terminal (an event or a Z report). */
  lastReceivedAt: Date | null
}

export interface ChainProgress {
  database: string
  /** The server's clock when this was read ("how long ago" is counted from it). */
  at: Date
  terminals: TerminalProgress[]
}

/** How far each terminal's journal has arrived: what it sent, and when it last did. */
export async function terminalProgress(client: pg.ClientBase): Promise<ChainProgress> {
  const head = await client.query<{ database: string; at: Date }>(
    'SELECT current_database() AS database, now() AS at',
  )
  const { rows } = await client.query<{
    terminal: string
    desk_id: string | null
    entries: string
    last_seq: string
    seq_count: string
    events_at: Date | null
    z_count: string
    z_number: number | null
    z_day: number | null
    z_at: Date | null
  }>(
    `SELECT t.name AS terminal, c.desk_id,
       (SELECT count(*) FROM headoffice.entries e WHERE e.terminal = t.name) AS entries,
       coalesce(v.last_seq, 0) AS last_seq, v.seq_count, v.events_at,
       z.z_count, lz.number AS z_number, lz.day AS z_day, z.z_at
     FROM headoffice.terminals t
     LEFT JOIN headoffice.terminal_claims c ON c.terminal = t.name
     CROSS JOIN LATERAL (
       SELECT max(seq) AS last_seq, count(*) AS seq_count, max(received_at) AS events_at
       FROM headoffice.entry_events WHERE terminal = t.name) v
     CROSS JOIN LATERAL (
       SELECT count(*) AS z_count, max(received_at) AS z_at FROM headoffice.z_reports WHERE terminal = t.name) z
     LEFT JOIN LATERAL (
       SELECT number, day FROM headoffice.z_reports WHERE terminal = t.name ORDER BY number DESC LIMIT 1) lz ON true
     ORDER BY t.name`,
  )
  const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b))
  return {
    database: head.rows[0]?.database ?? '',
    at: head.rows[0]?.at ?? new Date(),
    terminals: rows.map((r) => ({
      terminal: r.terminal,
      deskId: r.desk_id,
      entries: Number(r.entries),
      lastSeq: Number(r.last_seq),
      seqCount: Number(r.seq_count),
      zReports: Number(r.z_count),
      lastZ: r.z_number === null ? null : { number: r.z_number, day: Number(r.z_day) },
      lastReceivedAt: latest(r.events_at, r.z_at),
    })),
  }
}
