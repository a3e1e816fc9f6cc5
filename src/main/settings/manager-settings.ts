import { AppError } from '../../shared/errors'
import { type BackupSettings, type ManagerSettings, SETTING_DEFAULTS } from '../../shared/settings'
import { checkOutputFolder } from '../output-path'

function int(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback
}

/** The manager tools' settings from a stored file: known values only, defaults for the rest. */
export function sanitizeManagerSettings(raw: Record<string, unknown>): ManagerSettings {
  const d = SETTING_DEFAULTS
  const b = raw.backup && typeof raw.backup === 'object' ? (raw.backup as Record<string, unknown>) : {}
  const folder = typeof b.folder === 'string' && b.folder.trim() !== '' ? b.folder.trim() : null
  return {
    autoLockMinutes: int(raw.autoLockMinutes, 1, 480, d.autoLockMinutes),
    reprintWindowMinutes: int(raw.reprintWindowMinutes, 0, 1440, d.reprintWindowMinutes),
    replayRevealMinutes: int(raw.replayRevealMinutes, 0, 60, d.replayRevealMinutes),
    backup: {
      folder,
      // Daily backups need somewhere to go.
      daily: b.daily === true && folder !== null,
      keep: int(b.keep, 1, 365, d.backup.keep),
      // Plain only when a manager said so: anything else (an older file, a damaged value) is encrypted.
      plain: b.plain === true,
    },
  }
}

/**
 * A settings patch with the backup part merged into what is stored (the renderer sends only what changed),
 * refused when it would leave daily backups without an absolute folder to go to.
 */
export async function withManagerPatch<P extends { backup?: Partial<BackupSettings> }>(
  patch: P,
  current: ManagerSettings,
  dataDir: string,
): Promise<Omit<P, 'backup'> & { backup?: BackupSettings }> {
  const { backup, ...rest } = patch
  if (backup === undefined) return rest
  const merged: BackupSettings = { ...current.backup, ...backup }
  if (merged.folder !== null) merged.folder = await checkOutputFolder(merged.folder, dataDir, 'backup.folder')
  if (merged.daily && merged.folder === null) {
    throw new AppError('BAD_INPUT', 'backup.daily: choose a backup folder first.', {
      field: 'backup.folder',
      reason: 'BACKUP_FOLDER_NEEDED',
    })
  }
  return { ...rest, backup: merged }
}
