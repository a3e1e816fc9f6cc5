/**
 * Manager tools benchmark: exports of a busy day (10,000 entries) inside a journal of a year (the cached
 * 1,000,000-entry journal from generate-journal.ts, copied, plus that day), as CSV, XLSX and PDF, as the desk
 * makes them (in a worker thread: manager/off-thread.ts; one read snapshot, batches, temp file then rename).
 * Also the day's report and the year's (in a worker too), the X and closing the day (Z), and the daily
 * backup, each with the longest the main thread was held up meanwhile. Prints figures; asserts nothing.
 * Run: npm run bench -- manager (or npx tsx bench/manager.bench.ts).
 */
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import Database from 'better-sqlite3'
import { fileSource, makeBackup } from '../src/main/backup/backup'
import { newBackupKey } from '../src/main/backup/backup-crypto'
import { chromiumPdfRenderer } from '../src/main/exports/chromium-pdf'
import { createIdGenerator } from '../src/main/ids'
import { Journal } from '../src/main/journal/journal'
import { silentLogger } from '../src/main/log'
import { reportOffThread, writeExportOffThread } from '../src/main/manager/off-thread'
import { closeDay, xReport } from '../src/main/reports/z-reports'
import { addDays, businessDay, dayToIsoDate } from '../src/shared/day'
import type { ExportFormat } from '../src/shared/reports'
import { BENCH_DIR, millionEntryJournal } from './generate-journal'
import { ms, printTable, printTargets, type Target } from './stats'

const DAY_ENTRIES = 10_000
const SMALL_DAY_ENTRIES = 1_000
const CLERKS = ['سالم', 'هدى', 'Amina'] as const
const NAMES = ['محمد', 'فاطمة', 'يوسف', 'خديجة', 'Ahmed'] as const
const workDir = join(BENCH_DIR, `manager-${process.pid}`)

/** A busy day after the generated year: vouchers and deposits with the statuses real days have. */
function addBusyDay(journal: Journal, day: number, entries = DAY_ENTRIES): void {
  const start = Date.parse(`${dayToIsoDate(day)}T06:00:00Z`)
  let now = start
  const newId = createIdGenerator(() => now)
  const db = new Database(journal.path)
  const insert = db.prepare(
    `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk, amount_dirhams,
       phone, first_name, denomination_id, denomination_value_dirhams, external_transaction_id,
       service_transaction_id, voucher_code, code_last4, serial_number, error_code, attempts, needs_attention)
     VALUES (?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
  )
  db.transaction(() => {
    for (let i = 0; i < entries; i++) {
      now = start + i * 4_000
      const at = new Date(now).toISOString()
      const outcome = i % 50 === 0 ? 'failed' : i % 97 === 0 ? 'unknown' : 'done'
      const clerk = CLERKS[i % CLERKS.length] as string
      const error =
        outcome === 'failed' ? 'DAILY_LIMIT_EXCEEDED' : outcome === 'unknown' ? 'OUTCOME_UNKNOWN' : null
      if (i % 3 === 0) {
        const value = [5_000, 10_000, 30_000][i % 3 === 0 ? (i / 3) % 3 : 0] as number
        const code = outcome === 'done' ? String(100_000_000_000_000 + i) : null
        insert.run(
          newId(),
          'voucher',
          outcome === 'done' ? 'issued' : outcome,
          at,
          at,
          at,
          day,
          clerk,
          value,
          null,
          null,
          1,
          value,
          null,
          null,
          code,
          code?.slice(-4) ?? null,
          outcome === 'done' ? String(70_000_000_000 + i) : null,
          error,
          outcome === 'unknown' ? 1 : 0,
        )
      } else {
        insert.run(
          newId(),
          'deposit',
          outcome === 'done' ? 'confirmed' : outcome,
          at,
          at,
          at,
          day,
          clerk,
          (10 + (i % 490)) * 100,
          `09${1 + (i % 6)}${String(i).padStart(7, '0')}`,
          NAMES[i % NAMES.length] as string,
          null,
          null,
          newId(),
          outcome === 'done' ? String(900_000 + i) : null,
          null,
          null,
          null,
          error,
          outcome === 'unknown' ? 1 : 0,
        )
      }
    }
  })()
  db.close()
}

mkdirSync(workDir, { recursive: true })
const pdf = chromiumPdfRenderer()
try {
  console.log(`Reseller Desk manager bench — Node ${process.version}, ${cpus().length} CPUs`)
  const source = millionEntryJournal()
  const path = join(workDir, 'journal-live.sqlite')
  copyFileSync(source, path)
  const journal = Journal.open(path)
  const day = addDays(businessDay(Date.now()), 2)
  addBusyDay(journal, day)
  // An ordinary day, for the small PDF's target.
  const smallDay = addDays(day, 1)
  addBusyDay(journal, smallDay, SMALL_DAY_ENTRIES)
  const db = new Database(path, { readonly: true })
  const total = db.prepare('SELECT count(*) FROM entries').pluck().get() as number
  const inDay = db.prepare('SELECT count(*) FROM entries WHERE day = ?').pluck().get(day) as number
  const first = db.prepare('SELECT min(day) FROM entries').pluck().get() as number
  db.close()
  console.log(
    `journal: ${total.toLocaleString('en')} entries; the day ${day}: ${inDay.toLocaleString('en')} entries`,
  )

  /** Wall time of a task, and the longest the event loop was held up meanwhile (what a sale would wait). */
  async function measure(task: () => unknown): Promise<{ time: string; blocked: string }> {
    const delay = monitorEventLoopDelay({ resolution: 5 })
    delay.enable()
    const started = performance.now()
    await task()
    const elapsed = performance.now() - started
    // One turn of the loop, so a task that never yielded shows up as the hold-up it was.
    await new Promise((resolve) => setTimeout(resolve, 10))
    delay.disable()
    return { time: ms(elapsed), blocked: ms(delay.max / 1e6) }
  }

  // Chromium starts with the first PDF (the browser shell) — measured once, then every PDF on a warm renderer,
  // as a manager's second export would be.
  const coldStart = await measure(() => pdf.renderPdf('<!doctype html><p>warm-up</p>'))
  const rows: string[][] = []
  const pdfSeconds = new Map<string, number>()
  const exports: [ExportFormat, number, number][] = [
    ['csv', day, inDay],
    ['xlsx', day, inDay],
    ['pdf', day, inDay],
    ['pdf', smallDay, SMALL_DAY_ENTRIES],
  ]
  for (const [format, exportDay, count] of exports) {
    for (const language of ['en', 'ar'] as const) {
      const file = join(workDir, `day-${exportDay}-${language}.${format}`)
      let progressCalls = 0
      const started = performance.now()
      const m = await measure(() =>
        writeExportOffThread(
          { format, from: exportDay, to: exportDay, language, path: file },
          {
            journalPath: path,
            mode: 'live',
            generatedAt: new Date().toISOString(),
            generatedBy: 'Bench',
            outletName: 'مكتبة النور',
            pdf,
          },
          () => {
            progressCalls++
          },
          silentLogger,
        ),
      )
      if (format === 'pdf') pdfSeconds.set(`${count}-${language}`, performance.now() - started)
      rows.push([
        `${format.toUpperCase()} (${language}), ${count.toLocaleString('en')} entries`,
        m.time,
        m.blocked,
        `${(statSync(file).size / 1024).toFixed(0)} KB`,
        String(progressCalls),
      ])
    }
  }
  printTable(
    `Export of one day in a ${total.toLocaleString('en')}-entry journal (PDF on a warm renderer; Chromium's start: ${coldStart.time})`,
    ['format', 'time', 'longest hold-up', 'file', 'progress updates'],
    rows,
  )
  const pdfTargets: Target[] = []
  for (const [count, goal] of [
    [DAY_ENTRIES, 5_000],
    [SMALL_DAY_ENTRIES, 1_000],
  ] as const) {
    for (const language of ['en', 'ar'] as const) {
      pdfTargets.push({
        name: `PDF of a ${count.toLocaleString('en')}-entry day (${language})`,
        value: pdfSeconds.get(`${count}-${language}`) ?? Number.NaN,
        goal,
        format: ms,
      })
    }
  }
  printTargets('Target 2 (the manager’s PDF)', pdfTargets)

  const meta = { type: 'day' as const, mode: 'live' as const, generatedAt: '', generatedBy: null, z: null }
  const at = new Date().toISOString()
  // The reports a manager asks for are read in a worker (as the desk does); the X and the Z are one call each
  // on the journal's own connection (the Z writes, numbered, in one transaction).
  const reportRows: [string, boolean, () => unknown][] = [
    ['the busy day', false, () => reportOffThread(journal.path, { from: day, to: day }, meta, silentLogger)],
    [
      'an ordinary day',
      false,
      () =>
        reportOffThread(journal.path, { from: addDays(day, -30), to: addDays(day, -30) }, meta, silentLogger),
    ],
    [
      `the whole year (${first}–${day})`,
      false,
      () => reportOffThread(journal.path, { from: first, to: day }, { ...meta, type: 'range' }, silentLogger),
    ],
    [
      'X of the busy day (one call, main thread)',
      true,
      () => xReport(journal, day, { mode: 'live', generatedAt: at, generatedBy: 'Bench' }),
    ],
    [
      'Z of the busy day (report stored; one call, main thread)',
      true,
      () => closeDay(journal, day, { mode: 'live', at, by: 'Bench', byId: null }),
    ],
  ]
  const measured: string[][] = []
  for (const [name, oneCall, task] of reportRows) {
    const m = await measure(task)
    // A task that never yields holds the loop for all of its time; the monitor only sees yielding ones.
    measured.push([name, m.time, oneCall ? `${m.time} (all of it)` : m.blocked])
  }
  printTable('Reports', ['report', 'time', 'longest hold-up'], measured)

  // The daily backup runs by itself while clerks sell (Settings → backup): the open journal copied online,
  // the copy integrity-checked, hashed and encrypted, as the desk does it. What a clerk notices is the longest
  // hold-up. (The key's scrypt runs when the passphrase is set, not at each backup.)
  const backupFolder = join(workDir, 'backups')
  const backupKey = await newBackupKey('bench recovery passphrase', new Date().toISOString())
  let backupBytes = 0
  const backup = await measure(async () => {
    const result = await makeBackup({
      folder: backupFolder,
      sources: [fileSource('journal-live.sqlite', journal.path)],
      atMs: Date.now(),
      keep: 1,
      appInfo: {},
      encryption: { key: backupKey.key, recovery: backupKey.recovery },
      workDir: join(workDir, 'backup-work'),
    })
    backupBytes = result.files[0]?.bytes ?? 0
  })
  printTable(
    'Backup (what the daily backup does, while the desk keeps selling)',
    ['backup', 'time', 'longest hold-up', 'goal for the hold-up'],
    [
      [
        `the year's journal (${(backupBytes / 1024 / 1024).toFixed(0)} MB): copy, integrity_check, SHA-256, AES-256-GCM`,
        backup.time,
        backup.blocked,
        '≤ 100 ms (as at start-up)',
      ],
    ],
  )
  journal.close()
} finally {
  await pdf.close()
  rmSync(workDir, { recursive: true, force: true })
}
