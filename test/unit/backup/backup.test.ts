import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// Connections opened on this (the main) thread are counted; the worker's own require is not touched.
const onThisThread = vi.hoisted(() => ({ opened: 0 }))
vi.mock('better-sqlite3', async (importOriginal) =>
  (await import('../../helpers/counted-sqlite')).countedSqlite(importOriginal, onThisThread),
)

const { default: Database } = await import('better-sqlite3')
const { fileSource, hasBackupOfDay, listBackups, makeBackup } = await import(
  '../../../src/main/backup/backup'
)
const { verifyBackup } = await import('../../../src/main/backup/restore')

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
/** A plain backup (the manager's choice): these rules hold for both kinds. */
const PLAIN = { encryption: null, workDir: '/nonexistent-work-dir' }

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
      encryption: null,
      workDir: join(tempDir(), 'work'),
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
      encryption: null,
      workDir: join(tempDir(), 'work'),
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
      makeBackup({ folder, sources: [broken], atMs: AT, keep: 5, appInfo: {}, ...PLAIN }),
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
      encryption: null,
      workDir: join(tempDir(), 'work'),
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
    const first = await makeBackup({ folder, sources: source, atMs: AT, keep: 2, appInfo: {}, ...PLAIN })
    const second = await makeBackup({ folder, sources: source, atMs: AT, keep: 2, appInfo: {}, ...PLAIN })
    expect(second.folder).toBe(`${first.folder}-2`)
    const third = await makeBackup({
      folder,
      sources: source,
      atMs: AT + 60_000,
      keep: 2,
      appInfo: {},
      ...PLAIN,
    })
    expect(third.pruned).toBe(1)
    expect(existsSync(first.folder)).toBe(false)
    expect(existsSync(join(folder, 'notes.txt'))).toBe(true)
    expect(await listBackups(folder)).toHaveLength(2)
  })
})

describe('encrypted backups (the default)', () => {
  const PASSPHRASE = 'olive tree harbour lantern 42'
  const MARK = 'row 0 محمد'

  async function encryptedBackup(data: string, folder: string, work: string, passphrase = PASSPHRASE) {
    const { newBackupKey } = await import('../../../src/main/backup/backup-crypto')
    const key = await newBackupKey(passphrase, new Date(AT).toISOString())
    const copiedTo: string[] = []
    const source = fileSource('journal-live.sqlite', join(data, 'journal-live.sqlite'))
    const result = await makeBackup({
      folder,
      sources: [
        {
          name: source.name,
          copyTo: (to) => {
            copiedTo.push(to)
            return source.copyTo(to)
          },
        },
      ],
      atMs: AT,
      keep: 5,
      appInfo: {},
      encryption: { key: key.key, recovery: key.recovery },
      workDir: work,
    })
    return { result, copiedTo }
  }

  it('hold nothing in the clear, owner-only, the clear copy made in the data folder and removed', async () => {
    const data = tempDir()
    const folder = tempDir()
    const work = join(data, 'backup-work')
    database(join(data, 'journal-live.sqlite'), 200)
    const { result, copiedTo } = await encryptedBackup(data, folder, work)
    expect(result.encrypted).toBe(true)
    expect(copiedTo).toEqual([join(work, 'journal-live.sqlite')])
    expect(existsSync(work)).toBe(false)
    expect(readdirSync(result.folder).sort()).toEqual(['journal-live.sqlite.enc', 'manifest.json'])
    for (const name of readdirSync(result.folder)) {
      const bytes = readFileSync(join(result.folder, name))
      expect(bytes.includes(Buffer.from(MARK)), name).toBe(false)
      expect(bytes.includes(Buffer.from('SQLite format 3')), name).toBe(false)
      // Where the file system keeps POSIX permissions (on Windows the folder's ACL applies).
      if (process.platform !== 'win32')
        expect(statSync(join(result.folder, name)).mode & 0o777, name).toBe(0o600)
    }
    if (process.platform !== 'win32') expect(statSync(result.folder).mode & 0o777).toBe(0o700)
  })

  it('restore only with the passphrase, and refuse a file changed or taken from another backup', async () => {
    const data = tempDir()
    const folder = tempDir()
    database(join(data, 'journal-live.sqlite'), 50)
    const { result: first } = await encryptedBackup(data, folder, join(data, 'w1'))
    expect(await verifyBackup(first.folder)).toEqual({
      ok: false,
      problems: ['This backup is encrypted: it opens with the recovery passphrase set when it was made.'],
    })
    expect((await verifyBackup(first.folder, 'olive tree harbour lantern 43')).problems).toEqual([
      'The passphrase does not open this backup (or its manifest was changed).',
    ])
    expect(await verifyBackup(first.folder, PASSPHRASE)).toEqual({ ok: true, problems: [] })
    // Another backup with the same key and file name: its file does not open in the first one's place.
    const { openRecoveryWrap } = await import('../../../src/main/backup/backup-crypto')
    const recovery = JSON.parse(readFileSync(join(first.folder, 'manifest.json'), 'utf8')).encryption.recovery
    const second = await makeBackup({
      folder,
      sources: [fileSource('journal-live.sqlite', join(data, 'journal-live.sqlite'))],
      atMs: AT + 1000,
      keep: 5,
      appInfo: {},
      encryption: { key: await openRecoveryWrap(recovery, PASSPHRASE), recovery },
      workDir: join(data, 'w2'),
    })
    const enc = (b: { folder: string }) => join(b.folder, 'journal-live.sqlite.enc')
    const original = readFileSync(enc(first))
    writeFileSync(enc(first), readFileSync(enc(second)))
    expect((await verifyBackup(first.folder, PASSPHRASE)).problems).toEqual([
      'journal-live.sqlite: The file was changed or damaged since the backup was made.',
    ])
    // One byte changed in the middle.
    const flipped = Buffer.from(original)
    const middle = flipped.length >> 1
    flipped[middle] = (flipped[middle] ?? 0) ^ 1
    writeFileSync(enc(first), flipped)
    expect((await verifyBackup(first.folder, PASSPHRASE)).problems).toEqual([
      'journal-live.sqlite: The file was changed or damaged since the backup was made.',
    ])
    writeFileSync(enc(first), original)
    expect(await verifyBackup(first.folder, PASSPHRASE)).toEqual({ ok: true, problems: [] })
  })

  it('leave no clear copy behind when a copy fails its check', async () => {
    const { newBackupKey } = await import('../../../src/main/backup/backup-crypto')
    const key = await newBackupKey(PASSPHRASE, new Date(AT).toISOString())
    const folder = tempDir()
    const work = join(tempDir(), 'backup-work')
    const broken = {
      name: 'journal-live.sqlite',
      copyTo: async (to: string) => writeFileSync(to, Buffer.alloc(8192, 7)),
    }
    await expect(
      makeBackup({
        folder,
        sources: [broken],
        atMs: AT,
        keep: 5,
        appInfo: {},
        encryption: key,
        workDir: work,
      }),
    ).rejects.toMatchObject({ code: 'BACKUP_FAILED' })
    expect(readdirSync(folder)).toEqual([])
    expect(existsSync(work)).toBe(false)
  })
})
