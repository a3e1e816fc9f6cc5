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

/** The PDF renderer of the main thread: the HTML goes there, the PDF's bytes come back. */
function pdfOfMainThread(): PdfRenderer {
  return {
    renderPdf: (html) =>
      new Promise<Uint8Array>((resolve, reject) => {
        port.once('message', (answer: ToWorker) => {
          if (answer.kind === 'pdf') resolve(answer.bytes)
          else reject(AppError.from(answer.error))
        })
        post({ kind: 'pdf', html })
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

run((workerData as { task: WorkerTask }).task).then(
  (report) => post({ kind: 'done', report }),
  (error: unknown) =>
    post({
      kind: 'failed',
      error: toAppErrorData(error),
      reason: error instanceof Error ? error.message : String(error),
    }),
)
