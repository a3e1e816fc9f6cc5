/**
 * A manager's export or report, worked out in a worker thread (see off-thread.ts): one task from workerData,
 * its progress and its answer (or its error) posted back. A PDF's summary page is asked of the main thread,
 * which holds the PDF renderer (Chromium). The journal is read here on a read-only connection of its own,
 * inside one read transaction (JournalSnapshot), as the export does on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { Report } from '../../shared/reports'
import type { PdfRenderer } from '../exports/pdf-renderer'
import { writeExport } from '../exports/write-export'
import { JournalSnapshot } from '../journal/snapshot'
import { computeReportStepwise } from '../reports/compute'
import type { FromWorker, ToWorker, WorkerTask } from './off-thread'

if (!parentPort) throw new Error('manager-worker.ts runs as a worker thread.')
const port = parentPort

const post = (message: FromWorker) => port.postMessage(message)

/** The PDF renderer of the main thread: the HTML goes there, the PDF's bytes come back (by id). */
function pdfOfMainThread(): PdfRenderer {
  let asked = 0
  const waiting = new Map<number, { resolve(bytes: Uint8Array): void; reject(error: unknown): void }>()
  port.on('message', (answer: ToWorker) => {
    const wait = waiting.get(answer.id)
    if (!wait) return
    waiting.delete(answer.id)
    // Listening keeps the thread alive only while an answer is awaited: the worker ends with its task.
    if (waiting.size === 0) port.unref()
    if (answer.kind === 'pdf') wait.resolve(answer.bytes)
    else wait.reject(AppError.from(answer.error))
  })
  port.unref()
  return {
    renderPdf: (html) =>
      new Promise<Uint8Array>((resolve, reject) => {
        const id = ++asked
        waiting.set(id, { resolve, reject })
        port.ref()
        post({ kind: 'pdf', id, html })
      }),
  }
}

async function run(task: WorkerTask): Promise<Report | null> {
  if (task.kind === 'export') {
    const { pdf, ...source } = task.source
    await writeExport(task.request, { ...source, pdf: pdf ? pdfOfMainThread() : null }, (done, total) =>
      post({ kind: 'progress', done, total }),
    )
    return null
  }
  const snapshot = JournalSnapshot.open(task.journalPath)
  try {
    return await computeReportStepwise(snapshot, task.range, task.meta)
  } finally {
    snapshot.close()
  }
}

// Its code has loaded: from here the task is this worker's (off-thread.ts never runs it again elsewhere).
post({ kind: 'started' })
run((workerData as { task: WorkerTask }).task).then(
  (report) => post({ kind: 'done', report }),
  (error: unknown) =>
    post({
      kind: 'failed',
      error: toAppErrorData(error),
      reason: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    }),
)
