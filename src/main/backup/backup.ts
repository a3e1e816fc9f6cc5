import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { basename, isAbsolute, join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { BackupFile, BackupResult } from '../../shared/manager'
import { makeFolderDurablyAsync, syncFolderAsync } from '../atomic-file'
import { copyOffThread, integrityCheckOffThread } from '../journal/off-thread'

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
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Tripoli',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instantMs)
  const p: Record<string, string> = {}
  for (const part of parts) p[part.type] = part.value
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`
}

/**
 * A file's SHA-256, read in chunks: a year's journal is ~500 MB, which must neither sit in memory at once nor
 * hold the main thread while it is read (each chunk is hashed between other work).
 */
async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Whether a path is there. Asynchronous, like every file call here: see makeBackup. */
async function exists(path: string): Promise<boolean> {
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

/**
 * A verified backup: every database copied online into a new folder, each copy checked with
 * integrity_check (in a worker thread: ~13 s for a year's journal, which the desk's main thread never waits
 * on — the daily backup runs while clerks sell) and its SHA-256 written to manifest.json. The folder only
 * gets its final name once all of that succeeded, so a half-made backup never looks like a backup. Then the
 * oldest of this app's backups beyond `keep` are removed (nothing else in the folder is touched).
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
}): Promise<BackupResult> {
  if (!isAbsolute(options.folder)) {
    throw new AppError('BAD_INPUT', 'folder: an absolute path to a folder.', { field: 'folder' })
  }
  const stamp = `reseller-desk-backup-${backupStamp(options.atMs)}`
  let final = join(options.folder, stamp)
  // Two backups in the same second: the second gets a suffix, the first is never replaced.
  for (let n = 2; await exists(final); n++) final = join(options.folder, `${stamp}-${n}`)
  const partial = `${final}.partial`
  try {
    await makeFolderDurablyAsync(options.folder)
    await rm(partial, { recursive: true, force: true })
    await mkdir(partial)
    const files: BackupFile[] = []
    for (const source of options.sources) {
      const path = join(partial, source.name)
      await source.copyTo(path)
      const integrity = await integrityCheckOffThread(path)
      if (integrity !== 'ok') {
        throw new AppError('BACKUP_FAILED', `The copy of ${source.name} failed its check: ${integrity}`, {
          file: source.name,
          integrity,
        })
      }
      files.push({ name: source.name, bytes: (await stat(path)).size, sha256: await sha256(path) })
    }
    const at = new Date(options.atMs).toISOString()
    // On disk before the folder takes its final name: after a power cut, a folder with that name never holds
    // an empty manifest (each copy was synced by SQLite as it was made).
    const manifest = await open(join(partial, 'manifest.json'), 'w')
    try {
      await manifest.writeFile(
        JSON.stringify({ createdAt: at, ...options.appInfo, files, integrity: 'ok' }, null, 2),
      )
      await manifest.sync()
    } finally {
      await manifest.close()
    }
    // Every name in the folder on the disk (the manifest's last), then the folder's final name: after a power
    // cut, a folder under a backup's name always holds its manifest and every copy.
    await syncFolderAsync(partial)
    await rename(partial, final)
    await syncFolderAsync(options.folder)
    const backups = await listBackups(options.folder)
    const excess = backups.slice(0, Math.max(0, backups.length - options.keep))
    for (const old of excess) await rm(join(options.folder, old), { recursive: true, force: true })
    return { folder: final, at, files, pruned: excess.length }
  } catch (error) {
    // What is left of the attempt goes; if even that fails (the folder went away), the first error is the story.
    await rm(partial, { recursive: true, force: true }).catch(() => undefined)
    throw AppError.failed('BACKUP_FAILED', 'The backup could not be written.', error)
  }
}

/** What a backup folder holds, checked again: each file's checksum and integrity. For restore and tests. */
export async function verifyBackup(folder: string): Promise<{ ok: boolean; problems: string[] }> {
  const problems: string[] = []
  const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as {
    files: BackupFile[]
  }
  for (const file of manifest.files) {
    const path = join(folder, basename(file.name))
    if (!(await exists(path))) {
      problems.push(`${file.name}: missing`)
      continue
    }
    if ((await sha256(path)) !== file.sha256) problems.push(`${file.name}: checksum differs`)
    const integrity = await integrityCheckOffThread(path)
    if (integrity !== 'ok') problems.push(`${file.name}: ${integrity}`)
  }
  return { ok: problems.length === 0, problems }
}
