import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeskCore } from '../../../src/main/desk/core'
import { createLogger, MemorySink } from '../../../src/main/log'
import { DEFAULT_SETTINGS } from '../../../src/main/settings/settings'

// A backup folder on a share that has gone away: listing it waits until the test lets it fail (or answer),
// as a Windows share that stopped answering keeps a call waiting for tens of seconds.
const share = vi.hoisted(() => ({
  gone: '',
  listed: 0,
  resolved: 0,
  waiting: [] as { fail: () => void; answer: () => void }[],
}))
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  /** `call` as it is, except on the gone share: there it waits until the test fails it or lets it answer. */
  const onShare =
    (call: (...a: unknown[]) => Promise<unknown>, counter: 'listed' | 'resolved') =>
    (path: string, ...rest: unknown[]) => {
      if (share.gone === '' || !String(path).startsWith(share.gone)) return call(path, ...rest)
      share[counter]++
      return new Promise<unknown>((resolve, reject) =>
        share.waiting.push({
          fail: () => reject(Object.assign(new Error('host is down'), { code: 'EHOSTDOWN' })),
          answer: () => resolve(call(path, ...rest)),
        }),
      )
    }
  const readdir = onShare(
    real.readdir as (...a: unknown[]) => Promise<unknown>,
    'listed',
  ) as typeof real.readdir
  // Resolving a path there (the check of a folder a manager names) waits the same way.
  const realpath = onShare(
    real.realpath as (...a: unknown[]) => Promise<unknown>,
    'resolved',
  ) as typeof real.realpath
  return { ...real, readdir, realpath, default: { ...real, readdir, realpath } }
})

const { BACKUP_PASSPHRASE, setBackupPassphrase, startTestDesk } = await import('../../helpers/desk')
const { BackupKeys } = await import('../../../src/main/backup/backup-key')
const { DevelopmentSecretStore } = await import('../../../src/main/settings/secrets')
const { createBackupFeature } = await import('../../../src/main/backup/feature')
const { fileSource } = await import('../../../src/main/backup/backup')

const dirs: string[] = []
afterEach(() => {
  for (const w of share.waiting.splice(0)) w.fail()
  share.gone = ''
  share.listed = 0
  share.resolved = 0
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function backupFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'daily-backup-'))
  dirs.push(dir)
  return join(dir, 'backups')
}

describe('the daily backup', () => {
  it("makes today's backup by itself, once", async () => {
    const folder = backupFolder()
    const td = await startTestDesk({
      settings: { backup: { folder, daily: true, keep: 7, plain: false } },
      backupPassphrase: BACKUP_PASSPHRASE,
      deps: { backupCheckMs: 50 },
    })
    try {
      await vi.waitFor(
        () => {
          const made = existsSync(folder) ? readdirSync(folder) : []
          expect(
            made.filter((n) => n.startsWith('reseller-desk-backup-') && !n.endsWith('.partial')),
          ).toHaveLength(1)
        },
        { timeout: 10_000, interval: 50 },
      )
      const [made] = readdirSync(folder)
      expect(readdirSync(join(folder, made as string)).sort()).toEqual([
        'journal-training.sqlite.enc',
        'manifest.json',
        'people.sqlite.enc',
      ])
      // Later checks find today's and make no other.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(readdirSync(folder)).toHaveLength(1)
      // The Backup tab says where it was made.
      expect(await td.call('getDailyBackup', {})).toMatchObject({
        folder,
        made: join(folder, made as string),
        error: null,
      })
    } finally {
      await td.close()
    }
  })

  /** A desk whose daily backup folder is a file now (a USB stick's letter taken by another drive, say). */
  async function deskWithAFileForFolder() {
    const folder = backupFolder()
    writeFileSync(folder, 'not a folder')
    const td = await startTestDesk({
      settings: { backup: { folder, daily: true, keep: 7, plain: false } },
      backupPassphrase: BACKUP_PASSPHRASE,
      deps: { backupCheckMs: 50 },
    })
    /** Until the Backup tab says the daily backup failed there, and why. */
    const failureSaid = () =>
      vi.waitFor(
        async () => {
          expect(await td.call('getDailyBackup', {})).toMatchObject({
            folder,
            made: null,
            error: { code: 'BACKUP_FAILED', details: { reason: expect.stringContaining('ENOTDIR') } },
          })
        },
        { timeout: 10_000, interval: 50 },
      )
    return { td, folder, failureSaid }
  }

  it('says on the Backup tab when it failed, and why (it was only in the log)', async () => {
    const { td, folder, failureSaid } = await deskWithAFileForFolder()
    try {
      expect(await td.call('getDailyBackup', {})).toBeNull()
      await failureSaid()
      // The manager mends the folder and backs up by hand: the failure is over, and no longer said.
      rmSync(folder)
      mkdirSync(folder)
      // (On the data folder's disk, as the test's folders are: the manager says so.)
      await td.call('backupNow', { sameDisk: true })
      // (The next check may have made today's itself meanwhile: then that is what is said.)
      expect((await td.call('getDailyBackup', {}))?.error ?? null).toBeNull()
    } finally {
      await td.close()
    }
  })

  it('says nothing of a failure once the daily backup is set to another folder and turned off', async () => {
    const { td, failureSaid } = await deskWithAFileForFolder()
    try {
      await failureSaid()
      // Another folder: what was said of the first is not said of it.
      const other = backupFolder()
      mkdirSync(other)
      await td.call('updateSettings', { backup: { folder: other, daily: false } })
      expect(await td.call('getDailyBackup', {})).toBeNull()
    } finally {
      await td.close()
    }
  })

  it('holds nothing up when its folder does not answer, and waits there once, not once per check', async () => {
    const folder = backupFolder()
    share.gone = folder
    const td = await startTestDesk({
      settings: { backup: { folder, daily: true, keep: 7, plain: false } },
      backupPassphrase: BACKUP_PASSPHRASE,
      deps: { backupCheckMs: 50 },
    })
    try {
      await vi.waitFor(() => expect(share.listed).toBe(1), { timeout: 10_000, interval: 20 })
      // Meanwhile the desk answers: a lookup at the service and the journal's page.
      await td.call('lookupCustomer', { phone: '0912345678' })
      await td.call('listJournal', {})
      // Six more checks were due; none of them waits beside the first.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(share.listed).toBe(1)
      // When the share finally answers (with an error), the next check tries again.
      for (const w of share.waiting.splice(0)) w.fail()
      await vi.waitFor(() => expect(share.listed).toBe(2), { timeout: 5_000, interval: 20 })
    } finally {
      for (const w of share.waiting.splice(0)) w.fail()
      await td.close()
    }
  })

  it('makes no backup once the desk has stopped, though its folder answers afterwards', async () => {
    const folder = backupFolder()
    const data = mkdtempSync(join(tmpdir(), 'daily-backup-data-'))
    dirs.push(data)
    const journal = new Database(join(data, 'journal-training.sqlite'))
    journal.pragma('journal_mode = WAL')
    journal.exec('CREATE TABLE t (v TEXT)')
    journal.close()
    // The backups' part of the desk over a core that always answers (the whole desk's own stop closes the
    // journals, which would hide a backup that starts after it).
    const logged = new MemorySink()
    const core = {
      active: () => ({
        mode: 'training',
        journal: { path: join(data, 'journal-training.sqlite') },
        session: { clock: { now: () => Date.now() } },
      }),
      opContext: () => {
        throw new Error('not used here')
      },
      settings: () => ({ ...DEFAULT_SETTINGS, backup: { folder, daily: true, keep: 7, plain: false } }),
      log: createLogger(logged),
      dataDir: data,
    } as unknown as DeskCore
    // A key is there: what keeps the copy from being made is the stop, nothing else.
    await setBackupPassphrase(data)
    const backups = createBackupFeature(core, {
      backupKeys: new BackupKeys(new DevelopmentSecretStore(join(data, 'secrets.json')), Date.now),
      // The people database stands in as the journal's file under its own name: the copy is never made.
      people: fileSource('people.sqlite', join(data, 'journal-training.sqlite')),
      backupCheckMs: 20,
    })
    share.gone = folder
    backups.start()
    await vi.waitFor(() => expect(share.listed).toBe(1), { timeout: 10_000, interval: 10 })
    // The stop does not wait for a folder that does not answer…
    await backups.stop()
    // …and when it answers (no backup there yet), nothing is copied any more.
    for (const w of share.waiting.splice(0)) w.answer()
    // The check that waited has seen the stop (a check that went on to copy would never say so).
    await vi.waitFor(
      () => expect(logged.lines.join('\n')).toContain('no daily backup: the desk is stopping'),
      { timeout: 10_000, interval: 10 },
    )
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([])
  })
})

describe('a backup folder a manager names', () => {
  it('is checked without holding the desk up while its share does not answer', async () => {
    const folder = backupFolder()
    share.gone = folder
    const td = await startTestDesk()
    try {
      const backingUp = td.call('backupNow', { folder, sameDisk: true }).then(
        () => 'made',
        (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
      )
      const saving = td.call('updateSettings', { backup: { folder } }).then(
        () => 'saved',
        (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
      )
      await vi.waitFor(() => expect(share.resolved).toBe(2), { timeout: 10_000, interval: 20 })
      // Meanwhile the counter is served: a lookup at the service and the journal's page.
      await td.call('lookupCustomer', { phone: '0912345678' })
      await td.call('listJournal', {})
      // The share gives up: the manager is told why, and nothing was made or saved.
      for (const w of share.waiting.splice(0)) w.fail()
      expect(await backingUp).toBe('BAD_INPUT: folder: this place cannot be checked (EHOSTDOWN).')
      expect(await saving).toBe('BAD_INPUT: backup.folder: this place cannot be checked (EHOSTDOWN).')
      expect(existsSync(folder)).toBe(false)
      expect((await td.call('getSettings'))?.backup?.folder ?? null).toBeNull()
    } finally {
      for (const w of share.waiting.splice(0)) w.fail()
      await td.close()
    }
  })

  it('keeps two changes made while the first waits on its share: the second is merged into the first', async () => {
    const folder = backupFolder()
    share.gone = folder
    const td = await startTestDesk()
    try {
      const first = td.call('updateSettings', { backup: { folder } })
      await vi.waitFor(() => expect(share.waiting).toHaveLength(1), { timeout: 10_000, interval: 10 })
      // A second change while the first waits: it waits its turn rather than write an older copy back.
      const second = td.call('updateSettings', { backup: { keep: 14 } })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(share.waiting).toHaveLength(1)
      share.waiting.shift()?.answer()
      await first
      // The second checks the folder the first kept, on the same share.
      await vi.waitFor(() => expect(share.waiting).toHaveLength(1), { timeout: 10_000, interval: 10 })
      share.waiting.shift()?.answer()
      await second
      expect((await td.call('getSettings'))?.backup).toMatchObject({ folder, keep: 14 })
    } finally {
      for (const w of share.waiting.splice(0)) w.fail()
      await td.close()
    }
  })
})
