/**
 * The lazy file system loses exactly what was not synced, as a PC losing its power may: the ground the
 * power-cut soak stands on.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LazyFs } from './lazy-fs'

let root: string
let fs: LazyFs | null = null

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'lazy-fs-'))
  fs = await LazyFs.mount(root)
})

afterEach(async () => {
  await fs?.unmount().catch(() => undefined)
  fs = null
  rmSync(root, { recursive: true, force: true })
})

function mounted(): LazyFs {
  if (!fs) throw new Error('not mounted')
  return fs
}

/** Writes a file (created or truncated) and, if asked, fsyncs it. */
function write(path: string, data: string | Buffer, sync: boolean, at?: number): void {
  const fd = openSync(path, at === undefined ? 'w' : 'r+')
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data, 0, undefined, at)
    if (sync) fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function syncFolder(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** The power goes and comes back: the same folder mounted again. */
async function powerCut(tornSectors = 0) {
  const report = await mounted().cut(tornSectors)
  fs = await LazyFs.mount(root)
  return report
}

describe('the lazy file system after a power cut', () => {
  it('loses a write that was not synced and keeps one that was', async () => {
    const at = (name: string) => join(mounted().path, name)
    write(at('synced.txt'), 'before', true)
    write(at('unsynced.txt'), 'before', true)
    syncFolder(mounted().path)

    write(at('synced.txt'), 'after, synced', true)
    write(at('unsynced.txt'), 'after, never synced', false)
    expect(readFileSync(at('unsynced.txt'), 'utf8')).toBe('after, never synced')
    const report = await powerCut()

    expect(readFileSync(at('synced.txt'), 'utf8')).toBe('after, synced')
    expect(readFileSync(at('unsynced.txt'), 'utf8')).toBe('before')
    expect(report.filesUndone).toBe(1)
  })

  it('loses a new file whose folder was not synced, even when the file itself was', async () => {
    const dir = mounted().path
    write(join(dir, 'kept.txt'), 'kept', true)
    syncFolder(dir)
    write(join(dir, 'lost.txt'), 'synced, name not', true)
    await powerCut()
    expect(readdirSync(mounted().path).sort()).toEqual(['kept.txt'])
  })

  it('keeps a new file whose folder was synced, but not its unsynced bytes: it is empty', async () => {
    const dir = mounted().path
    write(join(dir, 'named.txt'), 'bytes never synced', false)
    syncFolder(dir)
    await powerCut()
    expect(readFileSync(join(mounted().path, 'named.txt'), 'utf8')).toBe('')
  })

  it('undoes a rename whose folder was not synced: the old file is back, the new one under its temp name', async () => {
    const dir = mounted().path
    write(join(dir, 'settings.json'), '{"v":1}', true)
    syncFolder(dir)
    write(join(dir, 'settings.json.tmp'), '{"v":2}', true)
    renameSync(join(dir, 'settings.json.tmp'), join(dir, 'settings.json'))
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe('{"v":2}')
    const report = await powerCut()

    expect(readFileSync(join(mounted().path, 'settings.json'), 'utf8')).toBe('{"v":1}')
    // The temp file's own creation was not synced either: it is gone too.
    expect(readdirSync(mounted().path)).toEqual(['settings.json'])
    expect(report.namesUndone).toBe(2)
  })

  it('keeps a rename once its folder is synced', async () => {
    const dir = mounted().path
    write(join(dir, 'settings.json'), '{"v":1}', true)
    syncFolder(dir)
    write(join(dir, 'settings.json.tmp'), '{"v":2}', true)
    renameSync(join(dir, 'settings.json.tmp'), join(dir, 'settings.json'))
    syncFolder(dir)
    await powerCut()
    expect(readFileSync(join(mounted().path, 'settings.json'), 'utf8')).toBe('{"v":2}')
    expect(readdirSync(mounted().path)).toEqual(['settings.json'])
  })

  it('undoes a removal whose folder was not synced, with the bytes the file last synced', async () => {
    const dir = mounted().path
    write(join(dir, 'a.txt'), 'synced bytes', true)
    syncFolder(dir)
    write(join(dir, 'a.txt'), 'SYNCED', false, 0)
    unlinkSync(join(dir, 'a.txt'))
    await powerCut()
    expect(readFileSync(join(mounted().path, 'a.txt'), 'utf8')).toBe('synced bytes')
  })

  it('undoes a folder renamed into place with its contents (a backup made, its folder not synced)', async () => {
    const dir = mounted().path
    mkdirSync(join(dir, 'backups'))
    syncFolder(dir)
    mkdirSync(join(dir, 'backups', 'b.partial'))
    write(join(dir, 'backups', 'b.partial', 'manifest.json'), '{}', true)
    syncFolder(join(dir, 'backups', 'b.partial'))
    renameSync(join(dir, 'backups', 'b.partial'), join(dir, 'backups', 'b'))
    await powerCut()
    expect(readdirSync(join(mounted().path, 'backups'))).toEqual([])
  })

  it('keeps the first sectors of a torn write when asked, never the rest', async () => {
    const path = join(mounted().path, 'log')
    write(path, Buffer.alloc(2048, 'a'), true)
    syncFolder(mounted().path)
    write(path, Buffer.alloc(2048, 'b'), false, 0)
    const report = await powerCut(2)
    expect(report.tornSectorsKept).toBe(2)
    expect(readFileSync(join(mounted().path, 'log'), 'latin1')).toBe('b'.repeat(1024) + 'a'.repeat(1024))
  })

  it('keeps a committed SQLite transaction (WAL, synchronous=FULL) and nothing uncommitted, intact', async () => {
    const path = join(mounted().path, 'journal.sqlite')
    const db = new Database(path)
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.exec('CREATE TABLE t (v TEXT)')
    db.prepare('INSERT INTO t VALUES (?)').run('committed')
    db.pragma('synchronous = OFF')
    db.prepare('INSERT INTO t VALUES (?)').run('never synced')
    expect((await mounted().status()).unsyncedFiles).toBeGreaterThan(0)
    // Closed with synchronous=OFF: its checkpoint into the file is never synced either.
    db.close()
    await powerCut()
    const again = new Database(path, { readonly: true })
    try {
      expect(again.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(again.prepare('SELECT v FROM t').pluck().all()).toEqual(['committed'])
    } finally {
      again.close()
    }
    expect(existsSync(join(mounted().path, 'journal.sqlite'))).toBe(true)
  })
})
