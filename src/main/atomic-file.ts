import { randomBytes } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Writes a whole file or nothing: a temp file beside it, flushed to disk, then renamed over the name. A crash
 * or power cut leaves the old file or the new one, never half of one.
 */
export function writeFileAtomically(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`
  const fd = openSync(tmp, 'w', options.mode ?? 0o666)
  try {
    writeFileSync(fd, data)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, path)
}
