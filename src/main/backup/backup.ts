import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { access, chmod, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import type { BackupFile, BackupResult } from '../../shared/backups'
import { tripoliParts } from '../../shared/day'
import { AppError } from '../../shared/errors'
import { makeFolderDurablyAsync, syncFolderAsync } from '../atomic-file'
import { copyOffThread, integrityCheckOffThread } from '../journal/off-thread'
import { CIPHER, encryptFile, type RecoveryWrap } from './backup-crypto'

/** `reseller-desk-backup-20261126-184501`: sorts by time, recognisable, never confused with anything else. */
const BACKUP_NAME = /^reseller-desk-backup-(\d{8})-(\d{6})(-\d+)?$/

export interface BackupSource {
  /** The file name inside the backup (journal-live.sqlite, people.sqlite, …). */
  name: string
  /** An online copy of the database to a file (better-sqlite3's backup API, safe while it is in use). */
  copyTo(destination: string): Promise<void>
}

/**
 * A database file, copied online on a connection of its own in a worker thread (the journal, open here or
 * not): safe while it is written, and the main thread never waits on the copy.
 */
export function fileSource(name: string, path: string): BackupSource {
  return {
    name,
    copyTo: (destination) => copyOffThread(path, destination),
  }
}

/** `YYYYMMDD-HHMMSS` in Tripoli time. */
export function backupStamp(instantMs: number): string {
  const p = tripoliParts(instantMs)
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`
}

/**
 * A file's SHA-256, read in chunks: a year's journal is ~500 MB, which must neither sit in memory at once nor
 * hold the main thread while it is read (each chunk is hashed between other work).
 */
export async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Whether a path is there. Asynchronous, like every file call here: see makeBackup. */
export async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  )
}

/** The backups this app made in a folder, oldest first. */
export async function listBackups(folder: string): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    // Not a folder, no access, a share gone: the backup's failure, with its reason.
    throw AppError.failed('BACKUP_FAILED', 'The backup folder could not be read.', error)
  }
  const made = await Promise.all(
    names.map(async (name) => BACKUP_NAME.test(name) && (await exists(join(folder, name, 'manifest.json')))),
  )
  return names.filter((_, i) => made[i]).sort()
}

/** Whether the folder holds a backup made on a business day (YYYYMMDD). */
export async function hasBackupOfDay(folder: string, day: number): Promise<boolean> {
  return (await listBackups(folder)).some((name) => BACKUP_NAME.exec(name)?.[1] === String(day))
}

/** The key a backup is encrypted with, and its wrap under the recovery passphrase (written in the manifest). */
export interface BackupEncryption {
  key: Buffer
  recovery: RecoveryWrap
}

/** What manifest.json says of one database. */
export interface ManifestFile extends BackupFile {
  /** Encrypted backups: the file as stored (`<name>.enc`), checkable without the key. */
  stored?: { name: string; bytes: number; sha256: string }
}

/** manifest.json. Format 1 (before encryption) has neither `format`, `backupId` nor `encryption`. */
export interface BackupManifest {
  format?: 2
  createdAt: string
  backupId?: string
  encryption?: { cipher: typeof CIPHER; recovery: RecoveryWrap } | null
  files: ManifestFile[]
  [info: string]: unknown
}

/** What an encrypted file is bound to: its backup and its name (a file moved or renamed is refused). */
export function fileAad(backupId: string, name: string): string {
  return `reseller-desk-backup/${backupId}/${name}`
}

/**
 * A verified backup: every database copied online, each copy checked with integrity_check (in a worker
 * thread: ~13 s for a year's journal, which the desk's main thread never waits on — the daily backup runs
 * while clerks sell) and its SHA-256 written to manifest.json. The folder only gets its final name once all of
 * that succeeded, so a half-made backup never looks like a backup. Then the oldest of this app's backups
 * beyond `keep` are removed (nothing else in the folder is touched).
 *
 * Encrypted (unless `encryption` is null, a manager's explicit choice): the copy is made and checked in
 * `workDir`, inside the data folder where the journal already is in the clear, then written to the backup
 * folder encrypted (`<name>.enc`), so the clear copy never touches the backup's disk. Every folder and file of
 * a backup is made owner-only (0700/0600) where the file system keeps permissions; on Windows they take the
 * folder's own (docs/security.md).
 *
 * Every file call is asynchronous: the folder may be a USB stick or a network share, and a share that has
 * gone away keeps a call waiting for tens of seconds on Windows — a wait the daily backup, which starts by
 * itself, must never put on the desk's main thread.
 */
export async function makeBackup(options: {
  folder: string
  sources: BackupSource[]
  atMs: number
  keep: number
  appInfo: Record<string, unknown>
  encryption: BackupEncryption | null
  workDir: string
}): Promise<BackupResult> {
  if (!isAbsolute(options.folder)) {
    throw new AppError('BAD_INPUT', 'folder: an absolute path to a folder.', { field: 'folder' })
  }
  const stamp = `reseller-desk-backup-${backupStamp(options.atMs)}`
  let final = join(options.folder, stamp)
  // Two backups in the same second: the second gets a suffix, the first is never replaced.
  for (let n = 2; await exists(final); n++) final = join(options.folder, `${stamp}-${n}`)
  const partial = `${final}.partial`
  const { encryption, workDir } = options
  const backupId = randomUUID()
  try {
    // Owner-only where the file system keeps permissions; its name durable before a backup is put in it.
    await makeFolderDurablyAsync(options.folder, 0o700)
    await rm(partial, { recursive: true, force: true })
    await mkdir(partial, { mode: 0o700 })
    if (encryption) {
      await rm(workDir, { recursive: true, force: true })
      await mkdir(workDir, { recursive: true, mode: 0o700 })
    }
    const files: ManifestFile[] = []
    for (const source of options.sources) {
      const copy = join(encryption ? workDir : partial, source.name)
      await source.copyTo(copy)
      await chmod(copy, 0o600)
      const integrity = await integrityCheckOffThread(copy)
      if (integrity !== 'ok') {
        throw new AppError('BACKUP_FAILED', `The copy of ${source.name} failed its check: ${integrity}`, {
          file: source.name,
          integrity,
        })
      }
      const file: ManifestFile = {
        name: source.name,
        bytes: (await stat(copy)).size,
        sha256: await sha256(copy),
      }
      if (encryption) {
        const stored = `${source.name}.enc`
        file.stored = {
          name: stored,
          ...(await encryptFile(copy, join(partial, stored), encryption.key, fileAad(backupId, source.name))),
        }
        await rm(copy, { force: true })
      }
      files.push(file)
    }
    const at = new Date(options.atMs).toISOString()
    const manifest: BackupManifest = {
      format: 2,
      createdAt: at,
      backupId,
      ...options.appInfo,
      encryption: encryption ? { cipher: CIPHER, recovery: encryption.recovery } : null,
      files,
      integrity: 'ok',
    }
    // On disk before the folder takes its final name: after a power cut, a folder with that name never holds
    // an empty manifest (each copy was synced by SQLite as it was made).
    const handle = await open(join(partial, 'manifest.json'), 'w', 0o600)
    try {
      await handle.writeFile(JSON.stringify(manifest, null, 2))
      await handle.sync()
    } finally {
      await handle.close()
    }
    // Every name in the folder on the disk (the manifest's last), then the folder's final name: after a power
    // cut, a folder under a backup's name always holds its manifest and every copy.
    await syncFolderAsync(partial)
    await rename(partial, final)
    await syncFolderAsync(options.folder)
    if (encryption) await rm(workDir, { recursive: true, force: true })
    const backups = await listBackups(options.folder)
    const excess = backups.slice(0, Math.max(0, backups.length - options.keep))
    for (const old of excess) await rm(join(options.folder, old), { recursive: true, force: true })
    return {
      folder: final,
      at,
      files: files.map((f) => ({ name: f.name, bytes: f.bytes, sha256: f.sha256 })),
      pruned: excess.length,
      encrypted: encryption !== null,
    }
  } catch (error) {
    // What is left of the attempt goes (the clear copies first); if even that fails (the folder went away),
    // the first error is the story.
    if (encryption) await rm(workDir, { recursive: true, force: true }).catch(() => undefined)
    await rm(partial, { recursive: true, force: true }).catch(() => undefined)
    throw AppError.failed('BACKUP_FAILED', 'The backup could not be written.', error)
  }
}
