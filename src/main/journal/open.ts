import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { MIGRATIONS, migrate } from './migrations'

export interface JournalHealth {
  /** Null when money records may be written; otherwise why not (the journal stays readable). */
  problem: string | null
}

export interface OpenedDatabase {
  db: Database.Database
  health: JournalHealth
}

type Migrations = Parameters<typeof migrate>[1]

/**
 * Opens the journal with the durability money records need: WAL with synchronous=FULL, so a committed
 * entry survives a power cut. Both are read back, and quick_check runs, because a database that cannot
 * promise durability must not record money — but it must still be readable for review.
 */
export function openDatabase(path: string, migrations: Migrations = MIGRATIONS): OpenedDatabase {
  mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  try {
    db.pragma('busy_timeout = 5000')
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    migrate(db, migrations)
  } catch (error) {
    db.close()
    throw error
  }
  return { db, health: { problem: checkHealth(db) } }
}

function checkHealth(db: Database.Database): string | null {
  const mode = String(db.pragma('journal_mode', { simple: true }))
  if (mode.toLowerCase() !== 'wal') return `The journal is not in WAL mode (${mode}).`
  const sync = Number(db.pragma('synchronous', { simple: true }))
  if (sync < 2) return `The journal does not sync every commit to disk (synchronous=${sync}).`
  const check = db.pragma('quick_check', { simple: true })
  if (check !== 'ok') return `The journal failed its integrity check: ${String(check)}`
  return null
}

/** integrity_check of a database file, opened read-only; 'ok' or the first problem. */
export function integrityCheck(path: string): string {
  const db = new Database(path, {
    readonly: true,
    fileMustExist: true,
  })
  try {
    return String(db.pragma('integrity_check', { simple: true }))
  } finally {
    db.close()
  }
}
