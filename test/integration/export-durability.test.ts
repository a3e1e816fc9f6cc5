import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
      disk.events.push(`sync ${path}`)
    }
    return file
  }) as typeof real.open
  const rename = (async (from: string, to: string) => {
    await real.rename(from, to)
    if (String(from).startsWith(disk.dir)) disk.events.push(`rename ${from} -> ${to}`)
  }) as typeof real.rename
  return { ...real, open, rename, default: { ...real, open, rename } }
})

const { chromiumPdfRenderer } = await import('../../src/main/exports/chromium-pdf')
const { writeExport } = await import('../../src/main/exports/write-export')
const { createIdGenerator } = await import('../../src/main/ids')
const { Journal } = await import('../../src/main/journal/journal')

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
      expect(disk.events.slice(0, renamed)).toContain(`sync ${tmp}`)
      expect(readFileSync(path).length).toBeGreaterThan(0)
    },
  )

  it('waits for a slow disk without holding the desk up, and takes its name only once it is on it', async () => {
    const path = join(dir, 'out', 'slow.csv')
    disk.holdSyncOf = path
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
      for (const release of disk.held.splice(0)) release()
      await writing
      expect(readFileSync(path, 'utf8')).toContain('Amina')
    } finally {
      disk.holdSyncOf = ''
      for (const release of disk.held.splice(0)) release()
    }
  })
})
