/**
 * Backups hold every whole voucher code and the PIN hashes: encrypted by default, owner-only, restored on
 * another PC with the recovery passphrase alone (`npm run restore`). Through the desk API as the Backup tab
 * calls it, and the restore tool as docs/manager.md runs it.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BackupResult } from '../../../src/shared/backups'
import { BACKUP_PASSPHRASE, startTestDesk, type TestDesk } from '../../helpers/desk'

const RESTORE = join(process.cwd(), 'src', 'main', 'backup', 'restore-cli.ts')

const out = mkdtempSync(join(tmpdir(), 'backup-encryption-'))
const folder = join(out, 'backups')
/** The test's folders are on the data folder's disk: the manager's "same disk, I know". */
const SAME_DISK = { sameDisk: true } as const
let td: TestDesk
/** The whole code of a voucher sold before the backups. */
let code = ''

/** `npm run restore -- ARGS`, with a passphrase file when given. */
async function restore(backup: string, to: string, passphrase?: string) {
  // `npm run restore` is tsx on the tool; Node with tsx's loader is the same on every platform.
  const args = ['--import', 'tsx', RESTORE, '--backup', backup, '--to', to]
  if (passphrase !== undefined) {
    const file = join(out, `pass-${Math.random().toString(36).slice(2)}.txt`)
    writeFileSync(file, `${passphrase}\n`)
    args.push('--passphrase-file', file)
  }
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, args, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
    // Nothing typed: standard input ends at once.
    child.stdin?.end()
  })
}

/** Owner-only is checked where the file system keeps POSIX permissions (Windows: the folder's ACL applies). */
const POSIX = process.platform !== 'win32'

/** Every file of a backup, whole. */
function filesOf(backup: string): { name: string; bytes: Buffer; mode: number }[] {
  return readdirSync(backup).map((name) => ({
    name,
    bytes: readFileSync(join(backup, name)),
    mode: statSync(join(backup, name)).mode & 0o777,
  }))
}

beforeAll(async () => {
  td = await startTestDesk()
  const sale = await td.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
  code = sale.voucher?.code ?? ''
  expect(code).toMatch(/^\d{15}$/)
  await td.call('updateSettings', { backup: { folder } })
})

afterAll(async () => {
  await td?.close()
  rmSync(out, { recursive: true, force: true })
})

describe('by default', () => {
  it('no backup is made until a recovery passphrase is set, and the manager is told so', async () => {
    expect(await td.call('getBackupProtection')).toEqual({
      passphraseSet: false,
      setAt: null,
      keyStorage: 'development-plaintext',
    })
    expect(await td.rejection('backupNow', {})).toMatchObject({
      code: 'BACKUP_FAILED',
      details: { reason: 'BACKUP_PASSPHRASE_NEEDED' },
    })
    expect(readdirSync(out)).not.toContain('backups')
    expect(await td.rejection('setBackupPassphrase', { passphrase: 'short one' })).toMatchObject({
      code: 'BAD_INPUT',
      details: { reason: 'PASSPHRASE_TOO_SHORT' },
    })
  })
})

describe('with a recovery passphrase', () => {
  let backup: BackupResult

  beforeAll(async () => {
    const set = await td.call('setBackupPassphrase', { passphrase: BACKUP_PASSPHRASE })
    expect(set).toMatchObject({ passphraseSet: true, setAt: expect.any(String) })
    backup = (await td.call('backupNow', SAME_DISK)) as BackupResult
  })

  it('a backup holds no whole code, no database in the clear, and only its owner may read it', () => {
    expect(backup.encrypted).toBe(true)
    if (POSIX) expect(statSync(backup.folder).mode & 0o777).toBe(0o700)
    const files = filesOf(backup.folder)
    expect(files.map((f) => f.name).sort()).toEqual([
      'journal-training.sqlite.enc',
      'manifest.json',
      'people.sqlite.enc',
    ])
    for (const f of files) {
      expect(f.bytes.includes(Buffer.from(code)), f.name).toBe(false)
      expect(f.bytes.includes(Buffer.from('SQLite format 3')), f.name).toBe(false)
      if (POSIX) expect(f.mode, f.name).toBe(0o600)
    }
    // Nothing of the clear copies is left in the data folder either.
    expect(readdirSync(td.dir)).not.toContain('backup-work')
  })

  it('restores on a new PC with the passphrase alone: the journal as it was, its sale there', async () => {
    const newPc = join(out, 'new-pc')
    const restored = await restore(backup.folder, newPc, BACKUP_PASSPHRASE)
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain(`Restored into ${newPc}: journal-training.sqlite, people.sqlite`)
    expect(readdirSync(newPc).sort()).toEqual(['journal-training.sqlite', 'people.sqlite'])
    const journal = new Database(join(newPc, 'journal-training.sqlite'), { readonly: true })
    const rows = journal.prepare('SELECT count(*) AS n FROM entries').get() as { n: number }
    journal.close()
    expect(rows.n).toBe(1)
    // A desk started on it (its own secret store: no key of the old PC) has the sale.
    const there = await startTestDesk({ dir: newPc, sandbox: td.sandbox })
    try {
      const page = await there.call('listJournal', {})
      expect(page.entries.map((e) => [e.status, e.voucher?.code.slice(-4)])).toEqual([
        ['issued', code.slice(-4)],
      ])
    } finally {
      await there.close()
    }
  })

  it('the restore refuses a wrong passphrase and a folder that holds a journal already, writing nothing', async () => {
    const target = join(out, 'wrong')
    const wrong = await restore(backup.folder, target, 'olive tree harbour lantern 24')
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('The passphrase does not open this backup')
    expect(readdirSync(out)).not.toContain('wrong')
    const none = await restore(backup.folder, target)
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('This backup is encrypted')
    // Step 3 of the guide skipped: the current files are never replaced.
    mkdirSync(target)
    writeFileSync(join(target, 'people.sqlite'), 'the current people file')
    const inTheWay = await restore(backup.folder, target, BACKUP_PASSPHRASE)
    expect(inTheWay.code).toBe(1)
    expect(inTheWay.stderr).toContain('already holds people.sqlite: move them somewhere safe first')
    expect(readdirSync(target)).toEqual(['people.sqlite'])
    expect(readFileSync(join(target, 'people.sqlite'), 'utf8')).toBe('the current people file')
  })

  it('a new passphrase makes a new key: a backup made before it opens only with the old one', async () => {
    await td.call('setBackupPassphrase', { passphrase: 'cedar window falcon river 7' })
    const after = (await td.call('backupNow', SAME_DISK)) as BackupResult
    expect((await restore(after.folder, join(out, 'after-old'), BACKUP_PASSPHRASE)).code).toBe(1)
    expect((await restore(after.folder, join(out, 'after-new'), 'cedar window falcon river 7')).code).toBe(0)
    expect((await restore(backup.folder, join(out, 'before-new'), 'cedar window falcon river 7')).code).toBe(
      1,
    )
    expect((await restore(backup.folder, join(out, 'before-old'), BACKUP_PASSPHRASE)).code).toBe(0)
  })
})

describe('a plain backup, chosen by the manager', () => {
  it('holds the journal in the clear (what the choice says), owner-only, and restores without a passphrase', async () => {
    const settings = await td.call('updateSettings', { backup: { plain: true } })
    expect(settings.backup).toMatchObject({ plain: true })
    const plain = (await td.call('backupNow', SAME_DISK)) as BackupResult
    expect(plain.encrypted).toBe(false)
    const files = filesOf(plain.folder)
    expect(files.map((f) => f.name).sort()).toEqual([
      'journal-training.sqlite',
      'manifest.json',
      'people.sqlite',
    ])
    expect(files.find((f) => f.name === 'journal-training.sqlite')?.bytes.includes(Buffer.from(code))).toBe(
      true,
    )
    if (POSIX) {
      for (const f of files) expect(f.mode, f.name).toBe(0o600)
      expect(statSync(plain.folder).mode & 0o777).toBe(0o700)
    }
    const restored = await restore(plain.folder, join(out, 'plain-restored'))
    expect(restored.code).toBe(0)
    expect(readdirSync(join(out, 'plain-restored')).sort()).toEqual([
      'journal-training.sqlite',
      'people.sqlite',
    ])
    // Back to the default.
    expect((await td.call('updateSettings', { backup: { plain: false } })).backup).toMatchObject({
      plain: false,
    })
  })
})
