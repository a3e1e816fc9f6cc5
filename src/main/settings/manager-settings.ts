import type { BackupSettings } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import type { ManagerSettings } from '../../shared/people'
import { checkOutputFolder } from '../output-path'

/**
 * Lock after 10 idle minutes; clerks reprint for 15 minutes after a sale; a repeated sale request gets its
 * code back for 2 minutes; no backups until a folder is chosen, and backups encrypted.
 */
export const DEFAULT_MANAGER_SETTINGS: ManagerSettings = {
  autoLockMinutes: 10,
  reprintWindowMinutes: 15,
  replayRevealMinutes: 2,
  backup: { folder: null, daily: false, keep: 7, plain: false },
}

function int(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : fallback
}

/** The manager tools' settings from a stored file: known values only, defaults for the rest. */
export function sanitizeManagerSettings(raw: Record<string, unknown>): ManagerSettings {
  const d = DEFAULT_MANAGER_SETTINGS
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

/** The manager settings as the renderer sees them (nothing here is secret). */
export function managerSettingsOf(s: ManagerSettings): ManagerSettings {
  return {
    autoLockMinutes: s.autoLockMinutes,
    reprintWindowMinutes: s.reprintWindowMinutes,
    replayRevealMinutes: s.replayRevealMinutes,
    backup: { ...s.backup },
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
