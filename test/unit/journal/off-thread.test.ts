import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Every connection opened on this (the main) thread is counted. The worker loads better-sqlite3 by its own
// require, untouched by this mock: what it opens is not counted.
const onThisThread = vi.hoisted(() => ({ opened: 0 }))
vi.mock('better-sqlite3', async (importOriginal) =>
  (await import('../../helpers/counted-sqlite')).countedSqlite(importOriginal, onThisThread),
)

const { default: Database } = await import('better-sqlite3')
const { checkOffThread, copyOffThread } = await import('../../../src/main/journal/off-thread')

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'off-thread-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function database(path: string, rows: number): void {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)')
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`row ${i}`)
  })()
  db.close()
}

/** Long enough for a worker that has answered to exit, and for anything its exit started to begin. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

describe('work on a whole database file, in a worker thread', () => {
  it('checks a sound file there, once: nothing is opened on the main thread, before or after the answer', async () => {
    const path = join(dir, 'journal.sqlite')
    database(path, 1_000)
    onThisThread.opened = 0
    expect(await checkOffThread(path, 'integrity_check')).toBe('ok')
    await settle()
    expect(onThisThread.opened).toBe(0)
  })

  it('answers why a file could not be checked, without trying again on the main thread', async () => {
    const path = join(dir, 'not-a-database.sqlite')
    writeFileSync(path, Buffer.alloc(8192, 7))
    onThisThread.opened = 0
    expect(await checkOffThread(path, 'quick_check')).toBe('could not be checked (file is not a database)')
    await settle()
    expect(onThisThread.opened).toBe(0)
  })

  it('copies a file there while this thread keeps writing to it: one consistent moment, as a single file', async () => {
    const path = join(dir, 'journal.sqlite')
    database(path, 5_000)
    const writer = new Database(path)
    const insert = writer.prepare("INSERT INTO t (v) VALUES ('written during the copy')")
    onThisThread.opened = 0
    let copying = true
    const copied = copyOffThread(path, join(dir, 'copy.sqlite')).finally(() => {
      copying = false
    })
    // A clerk's commits go on, one per turn of the loop, all through the copy.
    let written = 0
    while (copying) {
      insert.run()
      written++
      await new Promise((resolve) => setImmediate(resolve))
    }
    await copied
    writer.close()
    expect(onThisThread.opened).toBe(0)
    expect(written).toBeGreaterThan(0)
    expect(await checkOffThread(join(dir, 'copy.sqlite'), 'integrity_check')).toBe('ok')
    const copy = new Database(join(dir, 'copy.sqlite'), { readonly: true })
    const { n } = copy.prepare('SELECT count(*) AS n FROM t').get() as { n: number }
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    copy.close()
    expect(n).toBeGreaterThanOrEqual(5_000)
    expect(n).toBeLessThanOrEqual(5_000 + written)
    // Nothing beside the copy, though it was opened and checked: no -wal, no -shm.
    expect(readdirSync(dir).filter((name) => name.startsWith('copy'))).toEqual(['copy.sqlite'])
  })

  it('refuses to copy what is not a database, and leaves the main thread alone', async () => {
    const path = join(dir, 'not-a-database.sqlite')
    writeFileSync(path, Buffer.alloc(8192, 7))
    onThisThread.opened = 0
    await expect(copyOffThread(path, join(dir, 'copy.sqlite'))).rejects.toThrow('file is not a database')
    await settle()
    expect(onThisThread.opened).toBe(0)
  })
})
