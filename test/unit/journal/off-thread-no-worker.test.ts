import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// A machine where no worker thread can be started.
vi.mock('node:worker_threads', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:worker_threads')>()),
  Worker: class {
    constructor() {
      throw new Error('worker threads are not available')
    }
  },
}))

const { checkOffThread, copyOffThread } = await import('../../../src/main/journal/off-thread')

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'no-worker-'))
  const db = new Database(join(dir, 'journal.sqlite'))
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('a')")
  db.close()
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('without a worker thread', () => {
  it("start-up's quick_check runs on the main thread after all: money never waits on an unchecked journal", async () => {
    expect(await checkOffThread(join(dir, 'journal.sqlite'), 'quick_check', { here: true })).toBe('ok')
  })

  it("a backup's check and copy fail with the reason instead of freezing the desk for their whole time", async () => {
    expect(await checkOffThread(join(dir, 'journal.sqlite'), 'integrity_check')).toBe(
      'could not be checked (no worker (worker threads are not available))',
    )
    await expect(copyOffThread(join(dir, 'journal.sqlite'), join(dir, 'copy.sqlite'))).rejects.toThrow(
      'no worker (worker threads are not available)',
    )
  })
})
