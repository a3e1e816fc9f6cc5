/**
 * Backups: how they are protected, what one holds, the daily one's last try (where they go is a setting:
 * settings.ts). The calls are declared in contract.ts with every other call.
 */
import type { AppErrorData } from './errors'
import type { PasswordStorage } from './types'

/** How backups are protected on this PC (the key itself never leaves main). */
export interface BackupProtection {
  /** A recovery passphrase was set: encrypted backups can be made, and restored on another PC with it. */
  passphraseSet: boolean
  /** When it was set (ISO); backups made before then open with the passphrase of their time. */
  setAt: string | null
  /** Where the backup key is kept: `unavailable` means nowhere safe, so only plain backups can be made. */
  keyStorage: PasswordStorage
}

export interface BackupFile {
  name: string
  bytes: number
  sha256: string
}

/** The last daily backup this run tried: made (where), or failed (why). Null before the first try. */
export interface DailyBackupStatus {
  at: string
  folder: string | null
  /** Where it was made; null when it failed. */
  made: string | null
  /** Why it failed; null when it was made. */
  error: AppErrorData | null
}

export interface BackupResult {
  folder: string
  at: string
  files: BackupFile[]
  /** Older backups removed to keep the number set in settings. */
  pruned: number
  /** Encrypted with the backup key (false: a plain backup, the manager's choice). */
  encrypted: boolean
}
