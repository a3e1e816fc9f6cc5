import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// The export's own file calls, seen from the side: each sync of a file (and its path), each rename. A sync can
// be held back, as a USB stick or a share can keep one waiting.
const disk = vi.hoisted(() => ({
  dir: '',
  events: [] as string[],
  holdSyncOf: '',
  held: [] as (() => void)[],
}))
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const open = (async (...args: Parameters<typeof real.open>) => {
    const file = await real.open(...args)
    const path = String(args[0])
    if (disk.dir === '' || !path.startsWith(disk.dir)) return file
    const sync = file.sync.bind(file)
    file.sync = async () => {
      if (disk.holdSyncOf !== '' && path.startsWith(disk.holdSyncOf)) {
        await new Promise<void>((resolve) => disk.held.push(resolve))
      }
      await sync()
      disk.events.push(`sync ${path} ${(await file.stat()).size}`)
    }
    return file
  }) as typeof real.open
  const rename = (async (from: string, to: string) => {
    await real.rename(from, to)
    if (String(from).startsWith(disk.dir)) disk.events.push(`rename ${from} -> ${to}`)
  }) as typeof real.rename
  return { ...real, open, rename, default: { ...real, open, rename } }
})

const { saveFileAtomically, writeFileAtomically } = await import('../../../src/main/atomic-file')
const { chromiumPdfRenderer } = await import('../../../src/main/exports/chromium-pdf')
const { writeExport } = await import('../../../src/main/exports/write-export')
const { createIdGenerator } = await import('../../../src/main/ids')
const { Journal } = await import('../../../src/main/journal/journal')

const DAY = 20261103
const dir = mkdtempSync(join(tmpdir(), 'export-durability-'))
const journalPath = join(dir, 'journal-live.sqlite')
const pdf = chromiumPdfRenderer()

beforeAll(() => {
  const journal = Journal.open(journalPath)
  let now = Date.parse('2026-11-03T08:00:00Z')
  const newId = createIdGenerator(() => now)
  for (let i = 0; i < 20; i++) {
    now += 60_000
    const at = new Date(now).toISOString()
    const deposit = journal.insertEntry({
      id: newId(),
      mode: 'live',
      createdAt: at,
      createdPcAt: at,
      day: DAY,
      clerk: 'سالم',
      kind: 'deposit',
      amountDirhams: 10_000 + i,
      phone: `09123456${String(i).padStart(2, '0')}`,
      firstName: 'Amina',
      externalTransactionId: newId(),
    })
    journal.updateEntry(deposit.id, { status: 'confirmed', serviceTransactionId: String(700_000 + i) }, at)
  }
  journal.close()
  disk.dir = join(dir, 'out')
})
afterAll(async () => {
  await pdf.close()
  rmSync(dir, { recursive: true, force: true })
})

function exportOf(format: 'csv' | 'xlsx' | 'pdf', path: string) {
  return writeExport(
    { format, from: DAY, to: DAY, language: 'en', path },
    {
      journalPath,
      mode: 'live',
      generatedAt: '2026-11-03T20:00:00Z',
      generatedBy: 'Fatima',
      outletName: 'X',
      pdf,
    },
    () => {},
  )
}

describe('an export', () => {
  it.each(['csv', 'xlsx', 'pdf'] as const)(
    'as %s is on the disk before it takes its name (a power cut never leaves an empty file there)',
    async (format) => {
      disk.events.length = 0
      const path = join(dir, 'out', `day.${format}`)
      await exportOf(format, path)
      const renamed = disk.events.findIndex((e) => e.startsWith('rename ') && e.endsWith(`-> ${path}`))
      expect(renamed).toBeGreaterThan(-1)
      const tmp = (disk.events[renamed] as string).slice('rename '.length).split(' -> ')[0] as string
      // Synced whole: the size at the sync is the file's final size (nothing was written after it).
      const size = readFileSync(path).length
      expect(size).toBeGreaterThan(0)
      expect(disk.events.slice(0, renamed)).toContain(`sync ${tmp} ${size}`)
    },
  )

  it.each(['csv', 'xlsx', 'pdf'] as const)(
    'as %s that fails half-way leaves no file and no file open behind it',
    async (format) => {
      const path = join(dir, 'out', `failed.${format}`)
      const openFiles = () => readdirSync('/proc/self/fd').length
      const before = openFiles()
      await expect(
        writeExport(
          { format, from: DAY, to: DAY, language: 'en', path },
          { journalPath, mode: 'live', generatedAt: '', generatedBy: null, outletName: 'X', pdf },
          (done) => {
            if (done > 0) throw new Error('the manager closed the window')
          },
        ),
      ).rejects.toMatchObject({ code: 'EXPORT_FAILED' })
      expect(readdirSync(join(dir, 'out')).filter((name) => name.startsWith('failed.'))).toEqual([])
      expect(openFiles()).toBe(before)
    },
  )

  it('into a folder that cannot be made (a file in its place) is an export that failed, nothing written', async () => {
    const blocker = join(dir, 'not-a-folder')
    writeFileSync(blocker, 'a file where the folder would be')
    await expect(
      writeExport(
        { format: 'csv', from: DAY, to: DAY, language: 'en', path: join(blocker, 'day.csv') },
        { journalPath, mode: 'live', generatedAt: '', generatedBy: null, outletName: 'X', pdf },
        () => {},
      ),
    ).rejects.toMatchObject({ code: 'EXPORT_FAILED', details: { reason: expect.stringContaining('EEXIST') } })
    expect(readFileSync(blocker, 'utf8')).toBe('a file where the folder would be')
  })

  it('waits for a slow disk without holding the desk up, and takes its name only once it is on it', async () => {
    const path = join(dir, 'out', 'slow.csv')
    disk.holdSyncOf = path
    // A clerk at work: the journal's log holds commits when the export starts reading.
    const clerk = new Database(journalPath)
    clerk.pragma('busy_timeout = 0')
    const commit = (value: string) =>
      clerk.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('export-test', ?)").run(value)
    commit('before the export')
    try {
      let finished = false
      const writing = exportOf('csv', path).then(() => {
        finished = true
      })
      await vi.waitFor(() => expect(disk.held).toHaveLength(1), { timeout: 10_000, interval: 10 })
      // Meanwhile timers run (every deposit and screen of the desk runs the same way), and nothing has the name.
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(finished).toBe(false)
      expect(existsSync(path)).toBe(false)
      // And the export no longer reads the journal: a clerk's commit now can be checkpointed out of the
      // write-ahead log whole (a reader still in its read transaction would keep the log from being emptied).
      commit('while the file syncs')
      const [checkpoint] = clerk.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
      expect(checkpoint?.busy).toBe(0)
      for (const release of disk.held.splice(0)) release()
      await writing
      expect(readFileSync(path, 'utf8')).toContain('Amina')
    } finally {
      clerk.close()
      disk.holdSyncOf = ''
      for (const release of disk.held.splice(0)) release()
    }
  })
})

describe('a file a clerk or a manager saves (a receipt’s PDF, a diagnostics file)', () => {
  it('waits for a slow disk without holding the desk up, and takes its name only once it is on it', async () => {
    const path = join(dir, 'out', 'stick', 'receipt.pdf')
    disk.holdSyncOf = join(dir, 'out', 'stick')
    try {
      let finished = false
      const saving = saveFileAtomically(path, '%PDF-1.4 receipt').then(() => {
        finished = true
      })
      await vi.waitFor(() => expect(disk.held).toHaveLength(1), { timeout: 10_000, interval: 10 })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(finished).toBe(false)
      expect(existsSync(path)).toBe(false)
      // The stick answers again: the file's sync and the folder's after the rename go through.
      disk.holdSyncOf = ''
      for (const release of disk.held.splice(0)) release()
      await saving
      expect(readFileSync(path, 'utf8')).toBe('%PDF-1.4 receipt')
      expect(readdirSync(join(dir, 'out', 'stick'))).toEqual(['receipt.pdf'])
    } finally {
      disk.holdSyncOf = ''
      for (const release of disk.held.splice(0)) release()
    }
  })

  it('leaves nothing half-written beside the name when the save fails (both the async and the sync writer)', async () => {
    const folder = join(dir, 'out', 'taken')
    // The name is taken by a folder that is not empty: the file is written and synced, then the rename fails.
    mkdirSync(join(folder, 'receipt.pdf'), { recursive: true })
    writeFileSync(join(folder, 'receipt.pdf', 'keep.txt'), 'kept')
    // Said as the file not saved, with the system's reason: not an error "inside the app".
    await expect(saveFileAtomically(join(folder, 'receipt.pdf'), 'pdf')).rejects.toMatchObject({
      code: 'FILE_NOT_SAVED',
      details: { reason: expect.any(String) },
    })
    expect(() => writeFileAtomically(join(folder, 'receipt.pdf'), 'pdf')).toThrow()
    expect(readdirSync(folder)).toEqual(['receipt.pdf'])
    expect(readFileSync(join(folder, 'receipt.pdf', 'keep.txt'), 'utf8')).toBe('kept')
  })

  it('into a folder that cannot be made (a file in its place) is a file not saved, said as such', async () => {
    const blocker = join(dir, 'not-a-stick')
    writeFileSync(blocker, 'a file where the folder would be')
    await expect(saveFileAtomically(join(blocker, 'receipt.pdf'), 'pdf')).rejects.toMatchObject({
      code: 'FILE_NOT_SAVED',
      details: { reason: expect.stringContaining('EEXIST') },
    })
    expect(readFileSync(blocker, 'utf8')).toBe('a file where the folder would be')
  })
})
