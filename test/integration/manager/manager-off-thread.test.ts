import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/**
 * A manager's exports and reports never hold the desk's main thread (issue 32: on a year's journal the first
 * XLSX held it 1.4 s, a CSV 0.2 s, a PDF 0.2–0.8 s, a year's report 0.5 s at a time): they are worked out in a
 * worker thread. Seen from this (the main) thread: no journal connection is opened here for them, exceljs is
 * never loaded here, each runs in a worker of manager-worker.ts, and a PDF's summary page is still made by
 * this thread's PDF renderer (Chromium's, in the app).
 */
const onThisThread = { opened: 0 }
vi.mock('better-sqlite3', async (importOriginal) =>
  (await import('../../helpers/counted-sqlite')).countedSqlite(importOriginal, onThisThread),
)
const workers = vi.hoisted(() => ({ started: [] as string[], refuse: false, diePartWay: false }))
/** A worker that loads, says so, and ends there (as one out of memory part way through its task). */
const DIES_PART_WAY = `
  const { parentPort } = require('node:worker_threads')
  parentPort.postMessage({ kind: 'started' })
  process.exit(7)
`
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>()
  class Watched extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      if (workers.refuse) throw new Error('no more threads')
      if (workers.diePartWay) super(DIES_PART_WAY, { eval: true })
      else super(...args)
      workers.started.push(String(args[0]))
    }
  }
  return { ...real, Worker: Watched, default: { ...real, Worker: Watched } }
})

const { PDFDocument } = await import('pdf-lib')
const { businessDay } = await import('../../../src/shared/day')
const { startTestDesk } = await import('../../helpers/desk')

const out = mkdtempSync(join(tmpdir(), 'manager-off-thread-'))
const summaries: string[] = []
/** The main thread's PDF renderer: a one-page PDF standing for the summary Chromium prints. */
const pdf = {
  async renderPdf(html: string) {
    summaries.push(html)
    const doc = await PDFDocument.create()
    doc.addPage()
    return doc.save()
  },
}
let td: Awaited<ReturnType<typeof startTestDesk>>
const today = () => businessDay(td.desk.workspace().session.clock.now())
const exceljsHere = () =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes('/exceljs/'))

beforeAll(async () => {
  td = await startTestDesk({
    deps: {
      manager: {
        chooseSavePath: async () => null,
        chooseFolder: async () => null,
        pdf,
      },
    },
  })
  for (let i = 0; i < 3; i++) {
    const sale = await td.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(sale.status).toBe('issued')
  }
}, 60_000)

afterAll(async () => {
  await td?.close()
  rmSync(out, { recursive: true, force: true })
})

async function exported(format: 'csv' | 'xlsx' | 'pdf'): Promise<string> {
  const path = join(out, `day.${format}`)
  const job = await td.call('exportReport', { format, from: today(), to: today(), path, language: 'en' })
  for (;;) {
    const now = await td.call('getExportProgress', { jobId: job?.jobId ?? '' })
    if (now.state === 'failed') throw new Error(`the export failed: ${JSON.stringify(now.error)}`)
    if (now.state === 'done') return path
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("a manager's exports and reports, off the desk's thread", () => {
  it('writes CSV, XLSX and PDF in a worker: no journal connection and no exceljs on the main thread', async () => {
    const opened = onThisThread.opened
    const started = workers.started.length

    const csv = readFileSync(await exported('csv'), 'utf8')
    expect(csv.split('\r\n\r\n')[0]?.split('\r\n').slice(1)).toHaveLength(3)
    expect(csv).toContain('Sales (issued vouchers and confirmed deposits),Total,3,15.000')

    await exported('xlsx')
    // Before this test reads the file with exceljs itself.
    expect(exceljsHere()).toBe(false)
    const { default: ExcelJS } = await import('exceljs')
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(join(out, 'day.xlsx'))
    expect((book.getWorksheet('Entries')?.rowCount ?? 0) - 1).toBe(3)

    const printed = await PDFDocument.load(readFileSync(await exported('pdf')))
    // The summary from this thread's renderer, then the entries' pages drawn in the worker.
    expect(summaries).toHaveLength(1)
    expect(summaries[0]).toContain('15.000')
    expect(printed.getPageCount()).toBeGreaterThan(1)

    expect(onThisThread.opened).toBe(opened)
    expect(workers.started.slice(started).map((file) => file.split(/[\\/]/).pop())).toEqual([
      'manager-worker.ts',
      'manager-worker.ts',
      'manager-worker.ts',
    ])
  })

  it('reports a period from a worker, with the same figures as the journal holds', async () => {
    const opened = onThisThread.opened
    const started = workers.started.length
    const report = await td.call('getReport', { from: today(), to: today() })
    expect(report.sales).toEqual({ count: 3, dirhams: 15_000 })
    expect(onThisThread.opened).toBe(opened)
    expect(workers.started.slice(started).map((file) => file.split(/[\\/]/).pop())).toEqual([
      'manager-worker.ts',
    ])
  })

  it('fails an export or report whose worker stops part way, says so, leaves no half file, and does not run it again here', async () => {
    const path = join(out, 'part-way.csv')
    // What a worker that ended while writing leaves beside the name.
    writeFileSync(`${path}.0badf00d.part`, 'half a CSV')
    const opened = onThisThread.opened
    workers.diePartWay = true
    try {
      const job = await td.call('exportReport', {
        format: 'csv',
        from: today(),
        to: today(),
        path,
        language: 'en',
      })
      let now = await td.call('getExportProgress', { jobId: job?.jobId ?? '' })
      while (now.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20))
        now = await td.call('getExportProgress', { jobId: job?.jobId ?? '' })
      }
      expect(now).toMatchObject({ state: 'failed', error: { code: 'EXPORT_FAILED' } })
      expect(now.error?.message).toContain('stopped part way')
      expect(readdirSync(out).filter((name) => name.startsWith('part-way.csv'))).toEqual([])
      expect(await td.rejection('getReport', { from: today(), to: today() })).toMatchObject({
        code: 'INTERNAL',
      })
      // Neither was run again on the desk's thread.
      expect(onThisThread.opened).toBe(opened)
    } finally {
      workers.diePartWay = false
    }
  })

  it('makes them on the main thread after all when no worker can start, as before', async () => {
    workers.refuse = true
    try {
      const csv = readFileSync(await exported('csv'), 'utf8')
      expect(csv).toContain('Sales (issued vouchers and confirmed deposits),Total,3,15.000')
      const report = await td.call('getReport', { from: today(), to: today() })
      expect(report.sales).toEqual({ count: 3, dirhams: 15_000 })
    } finally {
      workers.refuse = false
    }
  })
})
