/**
 * The head office's schema: numbered SQL files in ./migrations (NNNN_name.sql), applied in order by
 * `npm run headoffice -- migrate`. All pending files run in one transaction under an advisory lock, so two
 * administrators running it at once, or a failure half-way, never leave a half-migrated database. Applied
 * files are recorded with a checksum: a file edited after it was applied is refused, never re-run.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'

export interface Migration {
  version: number
  name: string
  sql: string
  checksum: string
}

/** The schema version this build of the desk sends to (the number of migration files it ships). */
export const HEAD_OFFICE_SCHEMA_VERSION = 2

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
}

export class SchemaError extends Error {}

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
    await client.query('COMMIT')
    return { from, to: migrations.length, applied }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
