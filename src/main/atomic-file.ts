import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '../shared/errors'

/** A temp name beside `path`, in the same folder (so the rename stays on one disk). */
export function tempBeside(path: string, suffix = 'tmp'): string {
  return `${path}.${randomBytes(4).toString('hex')}.${suffix}`
}

/**
 * Writes a whole file or nothing: a temp file beside it, flushed to disk, then renamed over the name. A crash
 * or power cut leaves the old file or the new one, never half of one; a failed write leaves no temp file.
 * Synchronous: for the app's own small files in its data folder (settings, secrets), which must be on the disk
 * before the change they hold takes effect.
 */
export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  mkdirSync(dirname(path), { recursive: true })
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
}

/**
 * The same for a file a person saves into a folder they chose (a receipt's PDF, a diagnostics file): every
 * file call asynchronous, since a USB stick or a share can keep a sync waiting for seconds, and the desk
 * serves the counter meanwhile. The name holds the whole file or nothing; a failed save leaves no temp file.
 */
export async function saveFileAtomically(path: string, data: string | Uint8Array): Promise<void> {
  // Whatever the disk refuses (a folder that cannot be made, a stick full or pulled out, no right to write) is
  // said as the file not saved, with the system's reason, not as an error "inside the app".
  const notSaved = (error: unknown) =>
    AppError.failed('FILE_NOT_SAVED', 'The file could not be saved.', error)
  await mkdir(dirname(path), { recursive: true }).catch((error: unknown) => {
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
