import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// Connections opened on this (the main) thread are counted; the worker's own require is not touched.
const onThisThread = vi.hoisted(() => ({ opened: 0 }))
vi.mock('better-sqlite3', async (importOriginal) =>
  (await import('../helpers/counted-sqlite')).countedSqlite(importOriginal, onThisThread),
)

const { default: Database } = await import('better-sqlite3')
const { fileSource, hasBackupOfDay, listBackups, makeBackup, verifyBackup } = await import(
  '../../src/main/backup/backup'
)

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'backup-test-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function database(path: string, rows: number): void {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)')
  for (let i = 0; i < rows; i++) insert.run(`row ${i} محمد`)
  db.close()
}

const AT = Date.parse('2026-11-26T16:45:01Z')

describe('backups', () => {
  it('copy each database, verify it, and name the folder only when all of it checked out', async () => {
    const data = tempDir()
    const folder = tempDir()
    database(join(data, 'journal-live.sqlite'), 500)
    const result = await makeBackup({
      folder,
      sources: [fileSource('journal-live.sqlite', join(data, 'journal-live.sqlite'))],
      atMs: AT,
      keep: 5,
      appInfo: {},
    })
    expect(result.folder).toBe(join(folder, 'reseller-desk-backup-20261126-184501'))
    expect(await listBackups(folder)).toEqual(['reseller-desk-backup-20261126-184501'])
    expect(await hasBackupOfDay(folder, 20261126)).toBe(true)
    expect(await hasBackupOfDay(folder, 20261127)).toBe(false)
    const copy = new Database(join(result.folder, 'journal-live.sqlite'), { readonly: true })
    expect(copy.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 500 })
    copy.close()
    expect(await verifyBackup(result.folder)).toEqual({ ok: true, problems: [] })
  })

  it('tell a damaged backup apart when checked again', async () => {
    const data = tempDir()
    const folder = tempDir()
    database(join(data, 'people.sqlite'), 50)
    const result = await makeBackup({
      folder,
      sources: [fileSource('people.sqlite', join(data, 'people.sqlite'))],
      atMs: AT,
      keep: 5,
      appInfo: {},
    })
    const path = join(result.folder, 'people.sqlite')
    const db = new Database(path)
    db.prepare("UPDATE t SET v = 'changed' WHERE id = 1").run()
    db.close()
    expect((await verifyBackup(result.folder)).problems).toEqual(['people.sqlite: checksum differs'])
  })

  it('refuse a copy that fails its check, saying which and why, and leave nothing that looks like a backup', async () => {
    const folder = tempDir()
    const broken = {
      name: 'journal-live.sqlite',
      copyTo: async (to: string) => writeFileSync(to, Buffer.alloc(8192, 7)),
    }
    await expect(
      makeBackup({ folder, sources: [broken], atMs: AT, keep: 5, appInfo: {} }),
    ).rejects.toMatchObject({
      code: 'BACKUP_FAILED',
      message:
        'The copy of journal-live.sqlite failed its check: could not be checked (file is not a database)',
    })
    expect(readdirSync(folder)).toEqual([])
  })

  it('copy and check each database off the main thread, so the desk keeps answering while the daily backup runs', async () => {
    // What the daily backup does to a year's journal: copy it, integrity_check the copy (~13 s), hash it
    // (~500 MB). The check and the hash used to run on the calling thread, so every deposit, lookup and screen
    // waited until the backup ended. Counted here: connections this thread opens while the backup runs.
    const data = tempDir()
    const folder = tempDir()
    database(join(data, 'journal-live.sqlite'), 2_000)
    onThisThread.opened = 0
    const result = await makeBackup({
      folder,
      sources: [fileSource('journal-live.sqlite', join(data, 'journal-live.sqlite'))],
      atMs: AT,
      keep: 5,
      appInfo: {},
    })
    expect(onThisThread.opened).toBe(0)
    // And the check still happened: the manifest holds the copy's checksum, and the copy is sound.
    expect(result.files).toEqual([expect.objectContaining({ name: 'journal-live.sqlite' })])
    expect(await verifyBackup(result.folder)).toEqual({ ok: true, problems: [] })
  })

  it('never replace an earlier backup made in the same second, and prune only its own oldest folders', async () => {
    const data = tempDir()
    const folder = tempDir()
    database(join(data, 'j.sqlite'), 10)
    writeFileSync(join(folder, 'notes.txt'), 'keep me')
    const source = [fileSource('j.sqlite', join(data, 'j.sqlite'))]
    const first = await makeBackup({ folder, sources: source, atMs: AT, keep: 2, appInfo: {} })
    const second = await makeBackup({ folder, sources: source, atMs: AT, keep: 2, appInfo: {} })
    expect(second.folder).toBe(`${first.folder}-2`)
    const third = await makeBackup({ folder, sources: source, atMs: AT + 60_000, keep: 2, appInfo: {} })
    expect(third.pruned).toBe(1)
    expect(existsSync(first.folder)).toBe(false)
    expect(existsSync(join(folder, 'notes.txt'))).toBe(true)
    expect(await listBackups(folder)).toHaveLength(2)
  })
})
