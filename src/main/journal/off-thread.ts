import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import Database from 'better-sqlite3'

/**
 * Work on a whole database file, done in a worker thread on a read-only connection of its own (WAL lets it
 * read while the app writes), so the main thread — every deposit, lookup and screen — never waits on it:
 * quick_check of the journal at start-up (~2 s for a year's journal on the project's machine), and a
 * backup's copy and integrity_check (~1 s and ~13 s).
 *
 * If a worker cannot start, or stops without answering: start-up's quick_check runs on this thread after all
 * (money is never recorded in an unchecked journal, and a start may take that long); a backup's work fails
 * with the reason instead (the daily backup tries again later) — 13 s of a frozen desk is not a fallback.
 */

/** SQLite's two checks: quick_check (pages and records) and integrity_check (that, and every index). */
export type Check = 'quick_check' | 'integrity_check'

type Task =
  | { kind: 'check'; path: string; check: Check }
  | { kind: 'copy'; path: string; destination: string }

/**
 * The worker (CommonJS, evaluated): one task, one answer — its result, or why it could not be done (a file
 * that is not a database throws; that is an answer too, so nothing is done a second time on the main
 * thread). A copy is made in one step, under one read transaction: a clerk's commit meanwhile never makes
 * SQLite start it again, and the copy's final sync (the whole file, ~500 MB for a year) happens here. The
 * copy is then sealed on a read-write connection as a single file (rollback journal, not WAL): reading it
 * later — the backup's check, a manager's look — leaves no -wal and -shm files beside it. The desk puts a
 * restored journal back into WAL at its start.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.sqlite)
async function run(task) {
  const db = new Database(task.path, { readonly: true, fileMustExist: true })
  try {
    if (task.kind === 'check') return String(db.pragma(task.check, { simple: true }))
    await db.backup(task.destination, { progress: () => 0x7fffffff })
    seal(task.destination)
    return 'copied'
  } finally {
    db.close()
  }
}
function seal(path) {
  const copy = new Database(path)
  try {
    // Exclusive first: leaving WAL then needs no shared-memory file (-shm), which a network share may refuse.
    copy.pragma('locking_mode = EXCLUSIVE')
    copy.pragma('journal_mode = DELETE')
  } finally {
    copy.close()
  }
}
run(workerData.task).then(
  (result) => parentPort.postMessage({ result }),
  (error) => parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }),
)
`

/**
 * The task's result; rejects with the task's own error (not a database, no such file, disk full…). Settles
 * once, when the worker has gone: with its answer, or — if it gave none (it could not start, or died) — with
 * `withoutWorker()`.
 */
function inWorker(task: Task, withoutWorker: (reason: string) => string): Promise<string> {
  let worker: Worker
  try {
    worker = new Worker(WORKER, {
      eval: true,
      workerData: { task, sqlite: createRequire(import.meta.url).resolve('better-sqlite3') },
    })
  } catch (error) {
    return Promise.resolve().then(() => withoutWorker(`no worker (${message(error)})`))
  }
  return new Promise<string>((resolve, reject) => {
    let answer: { result?: string; error?: string } | null = null
    let failure: unknown = null
    worker.once('message', (message: { result?: string; error?: string }) => {
      answer = message
    })
    // An error event is followed by the exit; the exit decides.
    worker.on('error', (error) => {
      failure = error
    })
    worker.once('exit', (code) => {
      try {
        if (answer === null) {
          const why = failure === null ? `exit code ${code}` : message(failure)
          resolve(withoutWorker(`the worker stopped without answering (${why})`))
        } else if (answer.error !== undefined) {
          reject(new Error(answer.error))
        } else {
          resolve(String(answer.result))
        }
      } catch (error) {
        reject(error)
      }
    })
  })
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function refuse(reason: string): never {
  throw new Error(reason)
}

/**
 * A check's first line: 'ok' or the first problem. Never rejects: "could not be checked (…)" instead.
 * `here`: when no worker can do it, check on this thread (start-up's quick_check only).
 */
export function checkOffThread(
  path: string,
  check: Check,
  options: { here?: boolean } = {},
): Promise<string> {
  return inWorker({ kind: 'check', path, check }, options.here ? () => checkHere(path, check) : refuse).catch(
    (error: unknown) => `could not be checked (${message(error)})`,
  )
}

/** integrity_check of a database file (a backup's copy) in a worker thread: 'ok' or the first problem. */
export function integrityCheckOffThread(path: string): Promise<string> {
  return checkOffThread(path, 'integrity_check')
}

/**
 * An online copy of a database file to a new file (safe while another connection writes), as a single file:
 * see WORKER. Rejects with the reason when it cannot be made.
 */
export async function copyOffThread(path: string, destination: string): Promise<void> {
  await inWorker({ kind: 'copy', path, destination }, refuse)
}

/** A check's first line, on this thread: when no worker can run start-up's quick_check; tests. */
export function checkHere(path: string, check: Check): string {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return String(db.pragma(check, { simple: true }))
  } finally {
    db.close()
  }
}
