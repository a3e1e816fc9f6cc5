import type { BackupProtection } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import type { SecretStore } from '../settings/secrets'
import { type BackupKey, newBackupKey, passphraseProblem, type RecoveryWrap } from './backup-crypto'

/** The secret store's name for the backup key (beside the live password). */
export const BACKUP_KEY_SECRET = 'backup-key'

interface StoredKey {
  v: 1
  key: string
  recovery: RecoveryWrap
  setAt: string
}

/**
 * The backup key this PC keeps in its secret store, with its wrap under the recovery passphrase. Each new
 * passphrase makes a new key: a passphrase that was given away opens only the backups made before it was
 * changed. The passphrase itself is never kept.
 */
export class BackupKeys {
  constructor(
    private readonly secrets: SecretStore,
    private readonly now: () => number,
  ) {}

  async current(): Promise<BackupKey | null> {
    const raw = await this.secrets.get(BACKUP_KEY_SECRET)
    if (raw === null) return null
    try {
      const stored = JSON.parse(raw) as StoredKey
      const key = Buffer.from(stored.key, 'base64')
      if (stored.v !== 1 || key.length !== 32) return null
      return { key, recovery: stored.recovery, setAt: stored.setAt }
    } catch {
      return null
    }
  }

  async protection(): Promise<BackupProtection> {
    const key = await this.current()
    return {
      passphraseSet: key !== null,
      setAt: key?.setAt ?? null,
      keyStorage: this.secrets.kind,
    }
  }

  async setPassphrase(passphrase: string): Promise<BackupProtection> {
    const problem = passphraseProblem(passphrase)
    if (problem) {
      throw new AppError('BAD_INPUT', problem, { field: 'passphrase', reason: 'PASSPHRASE_TOO_SHORT' })
    }
    if (this.secrets.kind === 'unavailable') throw keyNotKept()
    const made = await newBackupKey(passphrase, new Date(this.now()).toISOString())
    const stored: StoredKey = {
      v: 1,
      key: made.key.toString('base64'),
      recovery: made.recovery,
      setAt: made.setAt,
    }
    if (!(await this.secrets.set(BACKUP_KEY_SECRET, JSON.stringify(stored)))) throw keyNotKept()
    return this.protection()
  }
}

function keyNotKept(): AppError {
  return new AppError(
    'SECRETS_UNAVAILABLE',
    'This PC offers no safe place for the backup key: backups can only be plain here.',
    { reason: 'BACKUP_KEY_NOT_KEPT' },
  )
}
