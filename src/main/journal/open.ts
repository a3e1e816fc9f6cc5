import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { MIGRATIONS, migrate } from './migrations'

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
  const checked = quickCheckInWorker(path).then((result) => {
    health.problem = quickCheckProblem(result)
    health.checked = true
    return health
  })
  return { db, health, checked }
}

function durabilityProblem(journalMode: string, synchronous: number): string | null {
  if (journalMode !== 'wal') return `The journal is not in WAL mode (${journalMode}).`
  if (synchronous < 2) return `The journal does not sync every commit to disk (synchronous=${synchronous}).`
  return null
}

function quickCheckProblem(result: string): string | null {
  return result === 'ok' ? null : `The journal failed its integrity check: ${result}`
}

/** Runs in the worker (CommonJS, evaluated): its own read-only connection, one quick_check, one answer. */
const QUICK_CHECK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.sqlite)
const db = new Database(workerData.path, { readonly: true, fileMustExist: true })
try {
  parentPort.postMessage({ result: String(db.pragma('quick_check', { simple: true })) })
} finally {
  db.close()
}
`

/**
 * quick_check on a read-only connection in a worker thread (WAL lets it read while the app writes). If the
 * worker cannot run at all, the check runs here after all: a journal is never left unchecked.
 */
function quickCheckInWorker(path: string): Promise<string> {
  const onThisThread = (): string => {
    const db = new Database(path, { readonly: true, fileMustExist: true })
    try {
      return String(db.pragma('quick_check', { simple: true }))
    } finally {
      db.close()
    }
  }
  return new Promise((resolve) => {
    let answered = false
    const answer = (result: () => string) => {
      if (answered) return
      answered = true
      try {
        resolve(result())
      } catch (error) {
        resolve(`could not be checked (${error instanceof Error ? error.message : String(error)})`)
      }
    }
    try {
      const worker = new Worker(QUICK_CHECK_WORKER, {
        eval: true,
        workerData: { path, sqlite: createRequire(import.meta.url).resolve('better-sqlite3') },
      })
      worker.once('message', (message: { result: string }) => answer(() => message.result))
      worker.once('error', () => answer(onThisThread))
      worker.once('exit', () => answer(onThisThread))
    } catch {
      answer(onThisThread)
    }
  })
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
