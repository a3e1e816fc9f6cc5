import { readdir, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError, type AppErrorData } from '../../shared/errors'
import type { Report } from '../../shared/reports'
import type { Progress } from '../exports/jobs'
import { type ExportRequest, type ExportSource, writeExport } from '../exports/write-export'
import { JournalSnapshot } from '../journal/snapshot'
import type { Logger } from '../log'
import { computeReportStepwise, type ReportMeta } from '../reports/compute'

/**
 * A manager's exports and reports are worked out in a worker thread (manager-worker.ts), so the desk's main
 * thread — every sale, deposit, lookup and screen — never waits on them. Measured on a year's journal (npm run
 * bench -- manager), on the main thread they held it up to 0.2 s for a CSV, 0.7–1.4 s for the first XLSX of a
 * run (exceljs loaded then) and 0.8 s for the first PDF; a year's report 0.5 s at a time.
 *
 * One worker per task, gone when it is done: what it loaded (exceljs, pdf-lib, the fonts) goes with it. If a
 * worker cannot start, the task runs on this thread after all (as it did before), said in the log: an export
 * or a report a manager asked for is still made. One that stops part way fails the task (inWorker).
 */

/** What a worker is given: an export (its PDF renderer stays here), or a report of a period. */
export type WorkerTask =
  | {
      kind: 'export'
      request: ExportRequest
      source: Omit<ExportSource, 'pdf'> & { pdf: boolean }
    }
  | { kind: 'report'; journalPath: string; range: { from: number; to: number }; meta: ReportMeta }

export type FromWorker =
  /** Its first word, once its code has loaded: from then on the task is the worker's, never run again here. */
  | { kind: 'started' }
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'pdf'; id: number; html: string }
  | { kind: 'done'; report: Report | null }
  | { kind: 'failed'; error: AppErrorData; reason: string; stack?: string }

/** The answer to the worker's PDF request of the same id. */
export type ToWorker =
  | { kind: 'pdf'; id: number; bytes: Uint8Array }
  | { kind: 'pdf-failed'; id: number; error: AppErrorData }

/**
 * The worker's file: built beside the main bundle (electron.vite.config.ts names it as an entry), or, when the
 * sources run (the browser shell by tsx, the tests), its TypeScript with tsx's loader.
 */
function workerFile(): { path: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url)
  if (!here.endsWith('.ts')) return { path: join(dirname(here), 'manager-worker.js') }
  const withTsx = process.execArgv.some((a) => a.includes('tsx'))
  return {
    path: join(dirname(here), 'manager-worker.ts'),
    execArgv: withTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
  }
}

/**
 * The task's answer. Rejects with the task's own error (an export that could not be written, a report of
 * a journal that cannot be read). Runs `here()` instead only when no worker could start (none made, or one
 * that stopped before its code loaded). A worker that stopped part way (out of memory, say) fails the task:
 * running it again on this thread is what would hold the clerks up, and a task that just ended a worker
 * could end the desk. `cleanUp` then removes what the worker was writing.
 */
function inWorker(
  task: WorkerTask,
  handlers: { progress?: Progress; pdf?: ExportSource['pdf'] },
  here: () => Promise<Report | null>,
  log: Logger,
  cleanUp: () => Promise<void> = async () => undefined,
): Promise<Report | null> {
  const file = workerFile()
  let worker: Worker
  try {
    worker = new Worker(file.path, {
      workerData: { task },
      ...(file.execArgv ? { execArgv: file.execArgv } : {}),
    })
  } catch (error) {
    log.warn('no worker thread: the task runs on the main thread', { task: task.kind, error })
    return here()
  }
  return new Promise<Report | null>((resolve, reject) => {
    let answer: Extract<FromWorker, { kind: 'done' | 'failed' }> | null = null
    let failure: unknown = null
    let started = false
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'started') started = true
      else if (message.kind === 'progress') handlers.progress?.(message.done, message.total)
      else if (message.kind === 'pdf') {
        const { id } = message
        const pdf = handlers.pdf
        const reply = (m: ToWorker) => worker.postMessage(m)
        if (!pdf) reply({ kind: 'pdf-failed', id, error: { code: 'EXPORT_FAILED', message: 'No PDF here.' } })
        else
          pdf.renderPdf(message.html).then(
            (bytes) => reply({ kind: 'pdf', id, bytes }),
            (error: unknown) =>
              reply({
                kind: 'pdf-failed',
                id,
                error: AppError.failed('EXPORT_FAILED', 'The PDF could not be made.', error).toData(),
              }),
          )
      } else answer = message
    })
    // An error event is followed by the exit; the exit decides.
    worker.on('error', (error) => {
      failure = error
    })
    worker.once('exit', (code) => {
      const got = answer as Extract<FromWorker, { kind: 'done' | 'failed' }> | null
      if (got === null && !started) {
        log.warn('the worker stopped before it started: the task runs on the main thread', {
          task: task.kind,
          code,
          error: failure,
        })
        here().then(resolve, reject)
      } else if (got === null) {
        log.error('the worker stopped part way', { task: task.kind, code, error: failure })
        const stopped = new AppError(
          task.kind === 'export' ? 'EXPORT_FAILED' : 'INTERNAL',
          task.kind === 'export'
            ? `The export stopped part way (its worker ended, code ${code}): nothing was saved. Try again.`
            : `The report stopped part way (its worker ended, code ${code}). Try again.`,
        )
        cleanUp().then(
          () => reject(stopped),
          () => reject(stopped),
        )
      } else if (got.kind === 'done') resolve(got.report)
      else if (got.error.code === 'INTERNAL') {
        // The worker's own stack, so the log says where it happened (the error is re-made on this thread).
        log.error('the worker failed', { task: task.kind, reason: got.reason, stack: got.stack })
        reject(new Error(got.reason))
      } else reject(AppError.from(got.error))
    })
  })
}

/** writeExport (exports/write-export.ts), in a worker thread. */
export async function writeExportOffThread(
  request: ExportRequest,
  source: ExportSource,
  progress: Progress,
  log: Logger,
): Promise<void> {
  const { pdf, ...rest } = source
  await inWorker(
    { kind: 'export', request, source: { ...rest, pdf: pdf !== null } },
    { progress, pdf },
    () => writeExport(request, source, progress).then(() => null),
    log,
    () => removePartFiles(request.path),
  )
}

/**
 * The temp files an export to `path` writes beside it (`<name>.<8 hex>.part`, atomic-file.ts tempBeside)
 * before they take the name: what a worker that stopped part way leaves behind.
 */
export async function removePartFiles(path: string): Promise<void> {
  const folder = dirname(path)
  const name = basename(path)
  const names = await readdir(folder).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((n) => n.startsWith(`${name}.`) && /^\.[0-9a-f]{8}\.part$/.test(n.slice(name.length)))
      .map((n) => rm(join(folder, n), { force: true }).catch(() => undefined)),
  )
}

/** A report of a period on this PC's journal (computeReportStepwise), read in a worker thread. */
export async function reportOffThread(
  journalPath: string,
  range: { from: number; to: number },
  meta: ReportMeta,
  log: Logger,
): Promise<Report> {
  const here = async () => {
    const snapshot = JournalSnapshot.open(journalPath)
    try {
      return await computeReportStepwise(snapshot, range, meta)
    } finally {
      snapshot.close()
    }
  }
  return (await inWorker({ kind: 'report', journalPath, range, meta }, {}, here, log)) as Report
}
