/**
 * What the desk says it saved is on the disk: each file the desk keeps, written and then the power cut at
 * once (the lazy file system throws away everything not synced). The cuts the power-cut soak found, kept.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveFileAtomically } from '../../src/main/atomic-file'
import { fileSource, listBackups, makeBackup } from '../../src/main/backup/backup'
import { newBackupKey } from '../../src/main/backup/backup-crypto'
import { verifyBackup } from '../../src/main/backup/restore'
import { DevelopmentSecretStore } from '../../src/main/settings/secrets'
import { JsonFileSettings } from '../../src/main/settings/settings'
import { updateMarker } from '../../src/main/updates/feed'
import { LazyFs } from './lazy-fs'

// electron-store asks Electron for the data folder only when it is not given one; here it is given one.
vi.mock('electron', () => ({ default: {} }))
const { ElectronStoreSettings } = await import('../../src/main/electron/store-settings')

let root: string
let fs: LazyFs | null = null

function disk(): string {
  if (!fs) throw new Error('not mounted')
  return fs.path
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'durable-writes-'))
  fs = await LazyFs.mount(root)
  // The app's data folder exists before the app writes in it (the installer made it), and so does a manager's
  // backup folder: both on the disk already.
  fs = await remountedAfterSyncing(['data', 'backups', 'exports'])
})

afterEach(async () => {
  await fs?.unmount().catch(() => undefined)
  fs = null
  rmSync(root, { recursive: true, force: true })
})

/** Folders made and kept (unmounted without a cut: as if synced). */
async function remountedAfterSyncing(folders: string[]): Promise<LazyFs> {
  for (const folder of folders) mkdirSync(join(disk(), folder))
  await fs?.unmount()
  return LazyFs.mount(root)
}

async function powerCut(): Promise<void> {
  await fs?.cut()
  fs = await LazyFs.mount(root)
}

describe('what the desk said it saved survives a power cut right after', () => {
  it('settings.json: the saved change, not the file before it', async () => {
    const path = join(disk(), 'data', 'settings.json')
    const live = { baseUrl: 'https://reseller.example.ly', username: 'demo', proxyUrl: null }
    new JsonFileSettings(path).update({ mode: 'live', live, redemptionHint: 'first' })
    new JsonFileSettings(path).update({ redemptionHint: 'second' })
    await powerCut()
    expect(new JsonFileSettings(join(disk(), 'data', 'settings.json')).get()).toMatchObject({
      mode: 'live',
      live,
      redemptionHint: 'second',
    })
    // Nothing beside it either: the temp file of the write is not left behind.
    expect(readdirSync(join(disk(), 'data'))).toEqual(['settings.json'])
  })

  it("the app's settings (electron-store's settings.json): the saved change", async () => {
    const cwd = join(disk(), 'data')
    new ElectronStoreSettings({ cwd }).update({ language: 'ar', redemptionHint: 'first' })
    new ElectronStoreSettings({ cwd }).update({ redemptionHint: 'second' })
    await powerCut()
    expect(new ElectronStoreSettings({ cwd: join(disk(), 'data') }).get()).toMatchObject({
      language: 'ar',
      redemptionHint: 'second',
    })
  })

  it('secrets.json: the password kept', async () => {
    await new DevelopmentSecretStore(join(disk(), 'data', 'secrets.json')).set('live-password', 'demo-pass')
    await powerCut()
    expect(await new DevelopmentSecretStore(join(disk(), 'data', 'secrets.json')).get('live-password')).toBe(
      'demo-pass',
    )
  })

  it('the update waiting to install, and its removal once installed', async () => {
    updateMarker(join(disk(), 'data')).write('1.2.3')
    await powerCut()
    expect(updateMarker(join(disk(), 'data')).read()).toBe('1.2.3')
    updateMarker(join(disk(), 'data')).write(null)
    await powerCut()
    expect(updateMarker(join(disk(), 'data')).read()).toBe(null)
  })

  it('a file a person saved (a receipt PDF, diagnostics)', async () => {
    await saveFileAtomically(join(disk(), 'exports', 'receipt.pdf'), 'the receipt')
    await powerCut()
    expect(readFileSync(join(disk(), 'exports', 'receipt.pdf'), 'utf8')).toBe('the receipt')
  })

  it.each([
    ['plain', false],
    ['encrypted', true],
  ] as const)('a backup (%s): there, complete and verified', async (_kind, encrypted) => {
    const journal = join(disk(), 'data', 'journal-live.sqlite')
    const db = new Database(journal)
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.exec("CREATE TABLE entries (id TEXT); INSERT INTO entries VALUES ('one')")
    db.close()
    const key = encrypted ? await newBackupKey('a passphrase for the cut', new Date().toISOString()) : null
    const made = await makeBackup({
      folder: join(disk(), 'backups'),
      sources: [fileSource('journal-live.sqlite', journal)],
      atMs: Date.UTC(2026, 10, 28, 10),
      keep: 3,
      appInfo: {},
      encryption: key ? { key: key.key, recovery: key.recovery } : null,
      workDir: join(disk(), 'data', 'backup-work'),
    })
    await powerCut()
    const folder = join(disk(), 'backups')
    expect(await listBackups(folder)).toEqual([made.folder.slice(folder.length + 1)])
    expect(await verifyBackup(made.folder, 'a passphrase for the cut')).toEqual({ ok: true, problems: [] })
    expect(readdirSync(folder)).toEqual([made.folder.slice(folder.length + 1)])
  })
})
