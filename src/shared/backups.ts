/**
 * Backups: where they go and how they are protected, what one holds, the daily one's last try. The calls are
 * declared in contract.ts with every other call.
 */
import type { AppErrorData } from './errors'
import type { PasswordStorage } from './types'

/** Where and how backups are made: part of `ManagerSettings`. */
export interface BackupSettings {
  /** Where backups go; null until a manager chooses. */
  folder: string | null
  /** A verified backup once a day while the app runs. */
  daily: boolean
  /** How many backups to keep in the folder (older ones made by this app are removed). */
  keep: number
  /**
   * Backups in the clear: every whole voucher code sold and the PIN hashes, readable by whoever gets the
   * folder. Only a manager's explicit choice; by default backups are encrypted.
   */
  plain: boolean
}

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
