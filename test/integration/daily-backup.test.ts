import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

// A backup folder on a share that has gone away: listing it waits until the test lets it fail, as a
// Windows share that stopped answering keeps a call waiting for tens of seconds.
const share = vi.hoisted(() => ({ gone: '', listed: 0, fail: [] as (() => void)[] }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const readdir = ((path: string, ...rest: unknown[]) => {
    if (share.gone === '' || !String(path).startsWith(share.gone)) {
      return (real.readdir as (...a: unknown[]) => Promise<unknown>)(path, ...rest)
    }
    share.listed++
    return new Promise((_resolve, reject) =>
      share.fail.push(() => reject(Object.assign(new Error('host is down'), { code: 'EHOSTDOWN' }))),
    )
  }) as typeof real.readdir
  return { ...real, readdir, default: { ...real, readdir } }
})

const { startTestDesk } = await import('../helpers/desk')

const dirs: string[] = []
afterEach(() => {
  for (const f of share.fail.splice(0)) f()
  share.gone = ''
  share.listed = 0
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
      settings: { backup: { folder, daily: true, keep: 7 } },
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
        'journal-training.sqlite',
        'manifest.json',
        'people.sqlite',
      ])
      // Later checks find today's and make no other.
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(readdirSync(folder)).toHaveLength(1)
    } finally {
      await td.close()
    }
  })

  it('holds nothing up when its folder does not answer, and waits there once, not once per check', async () => {
    const folder = backupFolder()
    share.gone = folder
    const td = await startTestDesk({
      settings: { backup: { folder, daily: true, keep: 7 } },
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
      for (const f of share.fail.splice(0)) f()
      await vi.waitFor(() => expect(share.listed).toBe(2), { timeout: 5_000, interval: 20 })
    } finally {
      for (const f of share.fail.splice(0)) f()
      await td.close()
    }
  })
})
