/**
 * The head office's schema: numbered SQL files in ./migrations (NNNN_name.sql), applied in order by
 * `npm run headoffice -- migrate`. All pending files run in one transaction under an advisory lock, so two
 * administrators running it at once, or a failure half-way, never leave a half-migrated database. Applied
 * files are recorded with a checksum: a file edited after it was applied is refused, never re-run.
 *
 * Every run also keeps the database closed to the cluster's other roles: PUBLIC loses CONNECT, which the
 * database's owner, each terminal (create-terminal grants it) and headoffice_reader keep, and TEMPORARY (no
 * role needs temporary objects there).
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const { escapeIdentifier } = pg

export interface Migration {
  version: number
  name: string
  sql: string
  checksum: string
}

/** The schema version this build of the desk sends to (the number of migration files it ships). */
export const HEAD_OFFICE_SCHEMA_VERSION = 6

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

/** Any number the lock takes; the same for every run of migrate. */
const MIGRATE_LOCK = 7_140_214

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  return files.map((file, i) => {
    const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file)
    if (!match) throw new Error(`${file}: migration files are named NNNN_name.sql`)
    const version = Number(match[1])
    if (version !== i + 1)
      throw new Error(`${file}: expected migration number ${i + 1}; numbers have no gaps`)
    const sql = readFileSync(join(dir, file), 'utf8')
    return {
      version,
      name: match[2] as string,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    }
  })
}

export interface MigrateResult {
  from: number
  to: number
  applied: string[]
  connect: ConnectRule
}

/** Who may connect to the head office's database after migrate. */
export interface ConnectRule {
  database: string
  owner: string
  /** Every role of the cluster may connect: only the owner (or a superuser) can take that away. */
  publicMayConnect: boolean
  /** This run took CONNECT away from PUBLIC. */
  revokedNow: boolean
}

export class SchemaError extends Error {}

/**
 * The head office's setup cannot go on as the connected role: the message says, in words for the chain's
 * owner, what to run first. Nothing was changed.
 */
export class SetupError extends Error {}

/** The group roles migrate creates once per cluster (0001_journal.sql). */
export const GROUP_ROLES = ['desk_terminal', 'headoffice_reader'] as const

/** A role name as SQL writes it: bare when PostgreSQL would keep it as it is, otherwise quoted. */
export function sqlName(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`
}

/** A statement as the server's administrator runs it, on the server (Debian's and most packages' way). */
function asPostgres(sql: string): string {
  return `  sudo -u postgres psql -c '${sql.replaceAll("'", "'\\''")}'`
}

export interface AdminRights {
  role: string
  superuser: boolean
  createRole: boolean
}

/** What the connected role may do that the setup needs. */
export async function adminRights(client: pg.ClientBase): Promise<AdminRights> {
  const { rows } = await client.query<{ role: string; superuser: boolean; create_role: boolean }>(
    `SELECT current_user AS role, rolsuper AS superuser, rolcreaterole AS create_role
     FROM pg_roles WHERE rolname = current_user`,
  )
  const r = rows[0]
  return { role: r?.role ?? '', superuser: r?.superuser === true, createRole: r?.create_role === true }
}

/**
 * Refuses, in plain words, a role that may not create roles when `what` needs to: PostgreSQL would say only
 * "permission denied to create role", half-way through.
 */
export function requireCreateRole(rights: AdminRights, what: string): void {
  if (rights.superuser || rights.createRole) return
  throw new SetupError(
    `The role ${rights.role} may not create roles, and ${what}. Give it that right once, as PostgreSQL's ` +
      `administrator on the server:\n${asPostgres(`ALTER ROLE ${sqlName(rights.role)} CREATEROLE`)}\n` +
      'then run this command again. Nothing was changed.',
  )
}

/** PUBLIC loses CONNECT on this database and headoffice_reader gets it, when the connected role may. */
async function closeDatabase(client: pg.ClientBase): Promise<ConnectRule> {
  const { rows } = await client.query<{ database: string; owner: string; public: boolean; may: boolean }>(
    `SELECT d.datname AS database, pg_get_userbyid(d.datdba) AS owner,
            has_database_privilege('public', d.oid, 'CONNECT') AS public,
            pg_has_role(current_user, d.datdba, 'USAGE') AS may
     FROM pg_database d WHERE d.datname = current_database()`,
  )
  const db = rows[0]
  if (!db) throw new SchemaError('The current database is not in pg_database.')
  const rule = { database: db.database, owner: db.owner, publicMayConnect: db.public, revokedNow: false }
  if (!db.may) return rule
  // Quoted always in what runs (a database named user or order is a reserved word); sqlName is for advice.
  const name = escapeIdentifier(db.database)
  // Terminals keep their own grant (create-terminal); the owner and superusers need none.
  await client.query(`GRANT CONNECT ON DATABASE ${name} TO headoffice_reader`)
  // Nothing here needs temporary objects; a terminal's role that could make one could plant functions of its
  // own (pg_temp) beside the chain's views.
  await client.query(`REVOKE TEMPORARY ON DATABASE ${name} FROM PUBLIC`)
  if (!db.public) return rule
  await client.query(`REVOKE CONNECT ON DATABASE ${name} FROM PUBLIC`)
  return { ...rule, publicMayConnect: false, revokedNow: true }
}

/** What to run when the role that migrated could not close the database to other roles. */
export function closeDatabaseAdvice(rule: ConnectRule): string {
  const name = sqlName(rule.database)
  return (
    `Every role of this PostgreSQL may still connect to ${rule.database}: only its owner (${rule.owner}) ` +
    `or a superuser can change that, on the server:\n${asPostgres(
      `REVOKE CONNECT, TEMPORARY ON DATABASE ${name} FROM PUBLIC; GRANT CONNECT ON DATABASE ${name} TO headoffice_reader`,
    )}`
  )
}

/** Brings the database to the newest schema this build knows; refuses one from a newer build. */
export async function migrate(client: pg.ClientBase, migrations = loadMigrations()): Promise<MigrateResult> {
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK])
    await client.query('CREATE SCHEMA IF NOT EXISTS headoffice')
    await client.query(`CREATE TABLE IF NOT EXISTS headoffice.schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const { rows } = await client.query<{ version: number; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM headoffice.schema_migrations ORDER BY version',
    )
    const missing = await client.query<{ name: string }>(
      'SELECT name FROM unnest($1::text[]) AS name WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = name)',
      [[...GROUP_ROLES]],
    )
    if (missing.rows.length > 0) {
      requireCreateRole(
        await adminRights(client),
        `migrate creates the group roles ${missing.rows.map((r) => r.name).join(' and ')} ` +
          '(and create-terminal a login role for each desk)',
      )
    }
    const from = rows.length === 0 ? 0 : Math.max(...rows.map((r) => r.version))
    if (from > migrations.length) {
      throw new SchemaError(
        `The head office database has schema ${from}; this build knows ${migrations.length}. Use a newer build.`,
      )
    }
    for (const row of rows) {
      const known = migrations[row.version - 1]
      if (known && known.checksum !== row.checksum) {
        throw new SchemaError(
          `Migration ${row.version} (${row.name}) differs from the one applied to this database; ` +
            'an applied migration is never edited — add a new one.',
        )
      }
    }
    const applied: string[] = []
    for (const m of migrations.slice(from)) {
      await client.query(m.sql)
      await client.query(
        'INSERT INTO headoffice.schema_migrations (version, name, checksum) VALUES ($1, $2, $3)',
        [m.version, m.name, m.checksum],
      )
      applied.push(`${String(m.version).padStart(4, '0')}_${m.name}`)
    }
    const connect = await closeDatabase(client)
    await client.query('COMMIT')
    return { from, to: migrations.length, applied, connect }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
