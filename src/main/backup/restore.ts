import { copyFile, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { integrityCheckOffThread } from '../journal/off-thread'
import { type BackupManifest, exists, fileAad, sha256 } from './backup'
import { DamagedFileError, decryptFile, openRecoveryWrap, WrongPassphraseError } from './backup-crypto'

/**
 * Restoring a backup (docs/manager.md): every database of it decrypted (or copied, for a plain one) into a
 * folder, each checked against the manifest's SHA-256 and with integrity_check before any of them takes its
 * name. All or nothing: a file that is already there is never replaced (the person moves the current files
 * aside first), and a restore that fails leaves nothing behind.
 */

export class RestoreError extends Error {
  /** What failed the check, a line per file (empty when the backup could not even be opened). */
  readonly problems: string[]
  constructor(message: string, problems: string[] = []) {
    super(message)
    this.problems = problems
  }
}

export async function readManifest(backup: string): Promise<BackupManifest> {
  let text: string
  try {
    text = await readFile(join(backup, 'manifest.json'), 'utf8')
  } catch (error) {
    throw new RestoreError(
      `${backup} is not a Reseller Desk backup (no manifest.json): ${(error as Error).message}`,
    )
  }
  const manifest = JSON.parse(text) as BackupManifest
  if (!Array.isArray(manifest.files)) throw new RestoreError('manifest.json lists no files.')
  for (const f of manifest.files) {
    // Names only: a manifest never sends a file anywhere but into the folder restored to.
    if (typeof f.name !== 'string' || f.name !== basename(f.name) || !/^[\w.-]+\.sqlite$/.test(f.name))
      throw new RestoreError(`manifest.json names a file the desk never backs up: ${String(f.name)}`)
  }
  return manifest
}

export function isEncrypted(manifest: BackupManifest): boolean {
  return manifest.encryption != null
}

export interface RestoreResult {
  folder: string
  files: string[]
  encrypted: boolean
}

/** Restores `backup` into the folder `to` (made if missing), opening it with the passphrase when encrypted. */
export async function restoreBackup(options: {
  backup: string
  to: string
  passphrase?: string | null
}): Promise<RestoreResult> {
  const manifest = await readManifest(options.backup)
  const encryption = manifest.encryption ?? null
  let key: Buffer | null = null
  if (encryption) {
    if (!options.passphrase) {
      throw new RestoreError(
        'This backup is encrypted: it opens with the recovery passphrase set when it was made.',
      )
    }
    if (typeof manifest.backupId !== 'string') throw new RestoreError('manifest.json has no backupId.')
    try {
      key = await openRecoveryWrap(encryption.recovery, options.passphrase)
    } catch (error) {
      if (error instanceof WrongPassphraseError) throw new RestoreError(error.message)
      throw error
    }
  }
  // Nothing is replaced: the files there now may hold entries made after the backup (docs/manager.md, step 3).
  const inTheWay: string[] = []
  for (const f of manifest.files) {
    for (const name of [f.name, `${f.name}-wal`, `${f.name}-shm`, `${f.name}-journal`]) {
      if (await exists(join(options.to, name))) inTheWay.push(name)
    }
  }
  if (inTheWay.length > 0) {
    throw new RestoreError(
      `${options.to} already holds ${inTheWay.join(', ')}: move them somewhere safe first (they may hold entries made after the backup). Nothing was restored.`,
    )
  }
  await mkdir(options.to, { recursive: true, mode: 0o700 })
  const made: string[] = []
  try {
    const problems: string[] = []
    for (const f of manifest.files) {
      const part = join(options.to, `${f.name}.restoring`)
      made.push(part)
      await rm(part, { force: true })
      if (key) {
        const stored = join(options.backup, basename(f.stored?.name ?? `${f.name}.enc`))
        if (!(await exists(stored))) {
          problems.push(`${f.name}: missing from the backup`)
          continue
        }
        try {
          await decryptFile(stored, part, key, fileAad(manifest.backupId as string, f.name))
        } catch (error) {
          if (!(error instanceof DamagedFileError)) throw error
          problems.push(`${f.name}: ${error.message}`)
          continue
        }
      } else {
        const stored = join(options.backup, f.name)
        if (!(await exists(stored))) {
          problems.push(`${f.name}: missing from the backup`)
          continue
        }
        await copyFile(stored, part)
      }
      if ((await sha256(part)) !== f.sha256) {
        problems.push(`${f.name}: checksum differs`)
        continue
      }
      const integrity = await integrityCheckOffThread(part)
      if (integrity !== 'ok') problems.push(`${f.name}: ${integrity}`)
    }
    if (problems.length > 0) {
      throw new RestoreError(
        `The backup did not pass its check: ${problems.join('; ')}. Nothing was restored.`,
        problems,
      )
    }
    for (const f of manifest.files)
      await rename(join(options.to, `${f.name}.restoring`), join(options.to, f.name))
  } catch (error) {
    for (const part of made) await rm(part, { force: true }).catch(() => undefined)
    throw error
  }
  return { folder: options.to, files: manifest.files.map((f) => f.name), encrypted: key !== null }
}

/**
 * Whether a backup restores: the whole restore, into a temporary folder removed afterwards. An encrypted
 * backup needs its passphrase for that.
 */
export async function verifyBackup(
  backup: string,
  passphrase?: string,
): Promise<{ ok: boolean; problems: string[] }> {
  const to = await mkdtemp(join(tmpdir(), 'reseller-desk-verify-'))
  try {
    await restoreBackup({ backup, to, passphrase: passphrase ?? null })
    return { ok: true, problems: [] }
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error
    return { ok: false, problems: error.problems.length > 0 ? error.problems : [error.message] }
  } finally {
    await rm(to, { recursive: true, force: true })
  }
}
