import { existsSync, mkdirSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import Database from 'better-sqlite3'
import { AppError } from '../../shared/errors'
import { knownSchemaVersion, MIGRATIONS, migrate } from './migrations'
import { checkHere, checkOffThread } from './off-thread'

export interface JournalHealth {
  /** Null when money records may be written; otherwise why not (the journal stays readable). */
  problem: string | null
  /** False while the integrity check runs: money records wait for it, reading does not. */
  checked: boolean
}

export interface OpenedDatabase {
  db: Database.Database
  /** Updated in place when a background check answers. */
  health: JournalHealth
  /** Settles (never rejects) once the integrity check has answered. */
  checked: Promise<JournalHealth>
}

type Migrations = Parameters<typeof migrate>[1]

/**
 * When quick_check runs: 'now' on the calling thread, before open returns; 'background' in a worker thread,
 * so a large journal (a year of an outlet: a million entries, 1–2 s of checking) never holds up the app's
 * main thread — the window paints and the journal can be read meanwhile.
 */
export type IntegrityCheckTiming = 'now' | 'background'

/**
 * Opens the journal with the durability money records need: WAL with synchronous=FULL, so a committed
 * entry survives a power cut. Both are read back, and quick_check runs, because a database that cannot
 * promise durability must not record money — but it must still be readable for review.
 */
export function openDatabase(
  path: string,
  migrations: Migrations = MIGRATIONS,
  timing: IntegrityCheckTiming = 'now',
): OpenedDatabase {
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
  const journalMode = String(db.pragma('journal_mode', { simple: true })).toLowerCase()
  const synchronous = Number(db.pragma('synchronous', { simple: true }))
  const settingsProblem = durabilityProblem(journalMode, synchronous)
  if (settingsProblem !== null || timing === 'now') {
    const health: JournalHealth = {
      problem: settingsProblem ?? quickCheckProblem(String(db.pragma('quick_check', { simple: true }))),
      checked: true,
    }
    return { db, health, checked: Promise.resolve(health) }
  }
  const health: JournalHealth = { problem: null, checked: false }
  const checked = checkOffThread(path, 'quick_check', { here: true }).then((result) => {
    health.problem = quickCheckProblem(result)
    health.checked = true
    return health
  })
  return { db, health, checked }
}

/**
 * Refuses an existing database file as openDatabase would (it cannot be opened, is not a database, or was
 * written by a newer version), creating nothing: a missing file passes and is not created, and nothing is
 * migrated or switched to WAL. The file is opened and closed again, so a write-ahead log a crash left beside it
 * is taken into the file (synced) on close, as any open and close does. The refusal names the file, so the
 * person reading it, or support, knows which one. The desk's start checks every file it will open this way
 * before it creates one, so a refused start leaves the data folder as it found it.
 */
export function checkDatabase(path: string, migrations: Migrations = MIGRATIONS): void {
  if (!existsSync(path)) return
  try {
    // The same wait as the real open's busy_timeout, for a file another connection is closing just then.
    const db = new Database(path, { fileMustExist: true, timeout: 5000 })
    try {
      knownSchemaVersion(db, migrations)
    } finally {
      db.close()
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(
      'JOURNAL_UNAVAILABLE',
      `${basename(path)} cannot be opened: ${error instanceof Error ? error.message : String(error)}.`,
      { file: basename(path) },
    )
  }
}

function durabilityProblem(journalMode: string, synchronous: number): string | null {
  if (journalMode !== 'wal') return `The journal is not in WAL mode (${journalMode}).`
  if (synchronous < 2) return `The journal does not sync every commit to disk (synchronous=${synchronous}).`
  return null
}

function quickCheckProblem(result: string): string | null {
  return result === 'ok' ? null : `The journal failed its integrity check: ${result}`
}

/** integrity_check of a database file, opened read-only; 'ok' or the first problem. */
export function integrityCheck(path: string): string {
  return checkHere(path, 'integrity_check')
}
