/**
 * The head office's schema: numbered SQL files in ./migrations (NNNN_name.sql), applied in order by
 * `npm run head-office -- migrate`. All pending files run in one transaction under an advisory lock, so two
 * administrators running it at once, or a failure half-way, never leave a half-migrated database. Applied
 * files are recorded with a checksum: a file edited after it was applied is refused, never re-run.
 *
 * Every run also keeps the database closed to the cluster's other roles: PUBLIC loses CONNECT, which the
 * database's owner, each terminal (create-terminal grants it) and headoffice_reader keep, and TEMPORARY (no
 * role needs temporary objects there). A role that does not own the database cannot do that: migrate then
 * refuses, changing nothing, until the owner has (it says what to run). And every function of the schema is
 * pinned to `search_path = pg_catalog, pg_temp`.
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

/** Who may connect to the head office's database after migrate: only its own roles. */
export interface ConnectRule {
  database: string
  owner: string
  /** This run took CONNECT away from PUBLIC. */
  revokedNow: boolean
  /** headoffice_reader may connect (a role that does not own the database cannot grant it). */
  readerMayConnect: boolean
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

interface DatabaseAccess {
  /** The connected role. */
  role: string
  database: string
  owner: string
  /** The connected role owns the database (or is a member of its owner, or a superuser). */
  owned: boolean
  publicMayConnect: boolean
  publicMayCreateTemp: boolean
}

async function databaseAccess(client: pg.ClientBase): Promise<DatabaseAccess> {
  const { rows } = await client.query<{
    role: string
    database: string
    owner: string
    owned: boolean
    connect: boolean
    temp: boolean
  }>(
    `SELECT current_user AS role, d.datname AS database, pg_get_userbyid(d.datdba) AS owner,
            pg_has_role(current_user, d.datdba, 'USAGE') AS owned,
            has_database_privilege('public', d.oid, 'CONNECT') AS connect,
            has_database_privilege('public', d.oid, 'TEMPORARY') AS temp
     FROM pg_database d WHERE d.datname = current_database()`,
  )
  const db = rows[0]
  if (!db) throw new SchemaError('The current database is not in pg_database.')
  return {
    role: db.role,
    database: db.database,
    owner: db.owner,
    owned: db.owned,
    publicMayConnect: db.connect,
    publicMayCreateTemp: db.temp,
  }
}

/**
 * Runs a GRANT or REVOKE and fails when PostgreSQL did not do it. A role that is not the object's owner is
 * not refused outright: the server only warns "no privileges were granted" (or "could be revoked") and goes
 * on, and the rest of the setup would believe it was done.
 */
export async function changePrivileges(client: pg.ClientBase, sql: string, advice: string): Promise<void> {
  const ignored: string[] = []
  const listen = (notice: { code?: string; message?: string }) => {
    if (notice.code === '01006' || notice.code === '01007') ignored.push(notice.message ?? '')
  }
  client.on('notice', listen)
  try {
    await client.query(sql)
  } finally {
    client.off('notice', listen)
  }
  if (ignored.length > 0) throw new SetupError(`PostgreSQL ignored it: ${ignored.join('; ')}. ${advice}`)
}

/** Closes this database to the cluster's other roles; the connected role owns it (checked before). */
async function closeDatabase(client: pg.ClientBase, db: DatabaseAccess): Promise<ConnectRule> {
  // Quoted always in what runs (a database named user or order is a reserved word); sqlName is for advice.
  const name = escapeIdentifier(db.database)
  const advice = `${closeDatabaseAdvice(db, db.role)}\nNothing was changed.`
  // Terminals keep their own grant (create-terminal); the owner and superusers need none.
  await changePrivileges(client, `GRANT CONNECT ON DATABASE ${name} TO headoffice_reader`, advice)
  // No role of the chain needs temporary objects there; one that can make them names its own types and
  // functions in pg_temp (the head office's functions look there last, but nothing else needs it).
  await changePrivileges(client, `REVOKE TEMPORARY ON DATABASE ${name} FROM PUBLIC`, advice)
  const rule = { database: db.database, owner: db.owner, revokedNow: false, readerMayConnect: true }
  if (!db.publicMayConnect) return rule
  await changePrivileges(client, `REVOKE CONNECT ON DATABASE ${name} FROM PUBLIC`, advice)
  return { ...rule, revokedNow: true }
}

/** The database closed by its owner already: only whether reporting tools may connect is left to say. */
async function closedByOwner(client: pg.ClientBase, db: DatabaseAccess): Promise<ConnectRule> {
  const { rows } = await client.query<{ reader: boolean }>(
    "SELECT has_database_privilege('headoffice_reader', current_database(), 'CONNECT') AS reader",
  )
  return {
    database: db.database,
    owner: db.owner,
    revokedNow: false,
    readerMayConnect: rows[0]?.reader === true,
  }
}

/**
 * What to run when the role that migrates (`role`) may not close the database to other roles: the owner closes
 * it and lets that role in by name.
 */
export function closeDatabaseAdvice(db: { database: string; owner: string }, role: string): string {
  const name = sqlName(db.database)
  return (
    `Every role of this PostgreSQL may still connect to ${db.database}, or create temporary objects in it: ` +
    `only its owner (${db.owner}) or a superuser can change that. Run, on the server:\n${asPostgres(
      `REVOKE CONNECT, TEMPORARY ON DATABASE ${name} FROM PUBLIC; GRANT CONNECT ON DATABASE ${name} TO ${sqlName(role)}`,
    )}\nthen migrate again (or make ${role} the database's owner: ALTER DATABASE ${name} OWNER TO ${sqlName(role)}).`
  )
}

/** What to run when headoffice_reader (reporting tools) may not connect and the role that migrated cannot grant it. */
export function readerAdvice(rule: ConnectRule): string {
  return `headoffice_reader may not connect to ${rule.database}; its owner (${rule.owner}) can let it:\n${asPostgres(
    `GRANT CONNECT ON DATABASE ${sqlName(rule.database)} TO headoffice_reader`,
  )}`
}

/** The search_path every head office function runs with: pg_catalog's names first, a session's own last. */
export const FUNCTION_SEARCH_PATH = 'pg_catalog, pg_temp'

/**
 * Every function of the schema runs with `search_path = pg_catalog, pg_temp`. Without pg_temp named (last),
 * PostgreSQL looks in the calling session's temporary schema FIRST for type names: a caller that may create
 * temporary objects plants `pg_temp.text` with a check of its own, and a SECURITY DEFINER function declaring
 * a `text` runs that check as the schema's owner. Done on every run rather than in a numbered migration: it
 * then holds for every migration's functions, this build's and later ones, and shipped migrations are never
 * edited.
 */
async function pinFunctionSearchPath(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ fn: string; owner: string; owned: boolean }>(
    `SELECT p.oid::regprocedure::text AS fn, pg_get_userbyid(p.proowner) AS owner,
            pg_has_role(current_user, p.proowner, 'USAGE') AS owned
     FROM pg_proc p
     WHERE p.pronamespace = 'headoffice'::regnamespace
       AND NOT coalesce(p.proconfig @> ARRAY[$1], false)
     ORDER BY 1`,
    [`search_path=${FUNCTION_SEARCH_PATH}`],
  )
  for (const r of rows) {
    if (!r.owned) {
      throw new SetupError(
        `The function ${r.fn} belongs to ${r.owner}: run migrate as that role (or a superuser). Nothing was changed.`,
      )
    }
    await client.query(`ALTER FUNCTION ${r.fn} SET search_path = ${FUNCTION_SEARCH_PATH}`)
  }
}

/** Brings the database to the newest schema this build knows; refuses one from a newer build. */
export async function migrate(client: pg.ClientBase, migrations = loadMigrations()): Promise<MigrateResult> {
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK])
    // A database every role may enter and make temporary objects in is refused before anything is done.
    const access = await databaseAccess(client)
    if (!access.owned && (access.publicMayConnect || access.publicMayCreateTemp))
      throw new SetupError(`${closeDatabaseAdvice(access, access.role)}\nNothing was changed.`)
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
    await pinFunctionSearchPath(client)
    const connect = access.owned ? await closeDatabase(client, access) : await closedByOwner(client, access)
    await client.query('COMMIT')
    return { from, to: migrations.length, applied, connect }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
