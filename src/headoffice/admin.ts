/**
 * The head office administrator's tasks besides migrating: a login role per terminal, and a look at how far
 * each terminal's journal has arrived.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import pg from 'pg'

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
}

const ROLE_PATTERN = /^[a-z_][a-z0-9_]{2,62}$/

export function validTerminalName(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed.length < 1 || trimmed.length > 60) return 'A terminal name has 1 to 60 characters.'
  if (/\p{Cc}/u.test(trimmed)) return 'A terminal name has no control characters.'
  return null
}

/** A role name from the terminal's name: `desk_` and its Latin letters and digits, or a random suffix. */
export function roleNameFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
  return `desk_${slug || randomBytes(4).toString('hex')}`
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
  await client.query('BEGIN')
  try {
    const taken = await client.query('SELECT 1 FROM headoffice.terminals WHERE name = $1 OR role_name = $2', [
      name,
      role,
    ])
    if (taken.rowCount) throw new Error(`A terminal named "${name}" or a role ${role} is already registered.`)
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])
    if (exists.rowCount) throw new Error(`The role ${role} exists already; choose another with --role.`)
    const id = pg.escapeIdentifier(role)
    await client.query(
      `CREATE ROLE ${id} LOGIN CONNECTION LIMIT 8 IN ROLE desk_terminal PASSWORD ${pg.escapeLiteral(scramVerifier(password))}`,
    )
    await client.query(`ALTER ROLE ${id} SET statement_timeout = '60s'`)
    const db = await client.query<{ db: string }>('SELECT current_database() AS db')
    await client.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(db.rows[0]?.db ?? '')} TO ${id}`)
    await client.query('INSERT INTO headoffice.terminals (name, role_name) VALUES ($1, $2)', [name, role])
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
  return { name, role, password }
}

export interface TerminalProgress {
  terminal: string
  deskId: string | null
  lastSeq: number
  /** Equal to lastSeq when nothing is missing in between. */
  seqCount: number
  lastReceivedAt: string | null
}

export async function terminalProgress(client: pg.ClientBase): Promise<TerminalProgress[]> {
  const { rows } = await client.query<{
    terminal: string
    desk_id: string | null
    last_seq: string
    seq_count: string
    last_received_at: Date | null
  }>('SELECT * FROM headoffice.terminal_progress ORDER BY terminal')
  return rows.map((r) => ({
    terminal: r.terminal,
    deskId: r.desk_id,
    lastSeq: Number(r.last_seq),
    seqCount: Number(r.seq_count),
    lastReceivedAt: r.last_received_at?.toISOString() ?? null,
  }))
}
