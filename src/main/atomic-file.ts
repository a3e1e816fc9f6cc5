import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '../shared/errors'

/*
 * Durable means on the disk after a power cut, not only in the operating system's memory (which a crash of
 * the app keeps, but a power cut does not). Two things must be synced for that: a file's bytes (fsync of the
 * file) and its name in its folder — created, renamed into place or removed — which on Linux and macOS is
 * the folder's own fsync: without it, ext4 or XFS may come back from a power cut with the rename undone
 * (the old file, or none) although the new file's bytes were synced. Windows cannot sync a folder (Node opens
 * a folder only to read, and a handle opened to read cannot be flushed); NTFS journals names itself, so after
 * a power cut a rename there is whole or undone, never half done — but one made in the last seconds before
 * the cut may be undone. Unverified on a real Windows PC: see docs/journal.md.
 */
const FOLDERS_SYNC = process.platform !== 'win32'

/** Errors of a file system that cannot sync a folder at all (some network shares, FUSE mounts): nothing to do. */
const CANNOT_SYNC_FOLDER = new Set(['EINVAL', 'ENOTSUP', 'EOPNOTSUPP', 'EISDIR', 'EPERM', 'EACCES'])

function cannotSyncFolder(error: unknown): boolean {
  return CANNOT_SYNC_FOLDER.has((error as NodeJS.ErrnoException).code ?? '')
}

/** Makes the names in a folder durable (what was created, renamed into it or removed from it). */
export function syncFolder(folder: string): void {
  if (!FOLDERS_SYNC) return
  let fd: number
  try {
    fd = openSync(folder, 'r')
  } catch (error) {
    if (cannotSyncFolder(error)) return
    throw error
  }
  try {
    fsyncSync(fd)
  } catch (error) {
    if (!cannotSyncFolder(error)) throw error
  } finally {
    closeSync(fd)
  }
}

/** The same, asynchronously: for folders a person chose (a USB stick, a share can keep a sync waiting). */
export async function syncFolderAsync(folder: string): Promise<void> {
  if (!FOLDERS_SYNC) return
  const handle = await open(folder, 'r').catch((error: unknown) => {
    if (cannotSyncFolder(error)) return null
    throw error
  })
  if (!handle) return
  await closedAfter(handle, () =>
    handle.sync().catch((error: unknown) => {
      if (!cannotSyncFolder(error)) throw error
    }),
  )
}

/** A folder made (with its parents) and its name durable, each level made synced into the one above it. */
export function makeFolderDurably(folder: string): void {
  const first = mkdirSync(folder, { recursive: true })
  if (first === undefined) return
  for (let made = folder; ; made = dirname(made)) {
    syncFolder(dirname(made))
    if (made === first || dirname(made) === made) return
  }
}

/** The same, asynchronously. */
export async function makeFolderDurablyAsync(folder: string, mode?: number): Promise<void> {
  const first = await mkdir(folder, { recursive: true, ...(mode === undefined ? {} : { mode }) })
  if (first === undefined) return
  for (let made = folder; ; made = dirname(made)) {
    await syncFolderAsync(dirname(made))
    if (made === first || dirname(made) === made) return
  }
}

/** A temp name beside `path`, in the same folder (so the rename stays on one disk). */
export function tempBeside(path: string, suffix = 'tmp'): string {
  return `${path}.${randomBytes(4).toString('hex')}.${suffix}`
}

/**
 * Writes a whole file or nothing, durably: a temp file beside it, synced, renamed over the name, and the folder
 * synced. A crash or power cut leaves the old file or the new one, never half of one, and once this returns
 * the new one is on the disk; a failed write leaves no temp file. Synchronous: for the app's own small files
 * in its data folder (settings, secrets), which must be on the disk before the change they hold takes effect.
 */
export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  makeFolderDurably(dirname(path))
  const tmp = tempBeside(path)
  try {
    const fd = openSync(tmp, 'w', options.mode ?? 0o666)
    try {
      writeFileSync(fd, data)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, path)
  } catch (error) {
    // The write's own error is the one told, not a failed clean-up's (a scanner holding the temp file).
    try {
      rmSync(tmp, { force: true })
    } catch {}
    throw error
  }
  syncFolder(dirname(path))
}

/** Removes a file, durably: once this returns, a power cut does not bring it back. */
export function removeFileDurably(path: string): void {
  rmSync(path, { force: true })
  syncFolder(dirname(path))
}

/**
 * The same for a file a person saves into a folder they chose (a receipt's PDF, a diagnostics file): every
 * file call asynchronous, since a USB stick or a share can keep a sync waiting for seconds, and the desk
 * serves the counter meanwhile. The name holds the whole file or nothing, on the disk once this returns; a
 * failed save leaves no temp file.
 */
export async function saveFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  // Whatever the disk refuses (a folder that cannot be made, a stick full or pulled out, no right to write) is
  // said as the file not saved, with the system's reason, not as an error "inside the app".
  const notSaved = (error: unknown) =>
    AppError.failed('FILE_NOT_SAVED', 'The file could not be saved.', error)
  await makeFolderDurablyAsync(dirname(path)).catch((error: unknown) => {
    throw notSaved(error)
  })
  const tmp = tempBeside(path)
  try {
    await writeDurably(tmp, data)
    await rename(tmp, path)
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined)
    throw notSaved(error)
  }
  await syncFolderAsync(dirname(path)).catch((error: unknown) => {
    throw notSaved(error)
  })
}

/**
 * Writes a file and syncs it to disk (before it is renamed into place), asynchronously. A failed write or
 * sync is the error told, and the file is closed.
 */
export async function writeDurably(path: string, data: string | Uint8Array): Promise<void> {
  const file = await open(path, 'w')
  await closedAfter(file, async () => {
    await file.writeFile(data)
    await file.sync()
  })
}

/** Runs work on an open file, then closes it; when the work failed, its error is the one told, not close's. */
export async function closedAfter(file: FileHandle, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    await file.close().catch(() => undefined)
    throw error
  }
  await file.close()
}
