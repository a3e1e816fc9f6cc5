import { createStore, type StoreApi } from 'zustand/vanilla'
import type { BackupProtection, BackupResult, DailyBackupStatus } from '../../../../shared/backups'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'

export interface BackupState {
  busy: boolean
  error: AppErrorData | null
  result: BackupResult | null
  /** The last daily backup this run tried (made, or why not); null before the first. */
  daily: DailyBackupStatus | null
  /** Whether a recovery passphrase is set; null until loaded. */
  protection: BackupProtection | null
  /** A passphrase is being set (the key's derivation takes a moment). */
  settingPassphrase: boolean
  passphraseError: AppErrorData | null
  /** Set by this visit of the tab: the manager is reminded to write it down. */
  passphraseJustSet: boolean
  /**
   * A folder main refused as being on the data folder's disk, and whether the manager said "same disk, I
   * know" for it: the next Back up now goes there (not to a folder asked for again) only then.
   */
  sameDisk: { folder: string; known: boolean } | null
  loadDaily(): Promise<void>
  loadProtection(): Promise<void>
  /** A new recovery passphrase; resolves true when it was set. Never kept in the store. */
  setPassphrase(passphrase: string): Promise<boolean>
  /** A backup now: into the folder typed (checked by main), or the saved one, or one a dialog asks for. */
  backupNow(folder?: string | null): Promise<void>
  knowSameDisk(known: boolean): void
}

export type BackupStore = StoreApi<BackupState>

export function createBackupStore(
  api: Pick<DeskApi, 'backupNow' | 'getDailyBackup' | 'getBackupProtection' | 'setBackupPassphrase'>,
): BackupStore {
  return createStore<BackupState>((set, get) => ({
    busy: false,
    error: null,
    result: null,
    daily: null,
    protection: null,
    settingPassphrase: false,
    passphraseError: null,
    passphraseJustSet: false,
    sameDisk: null,
    async loadDaily() {
      try {
        set({ daily: await api.getDailyBackup() })
      } catch {
        // Said again at the next look; the tab works without it.
      }
    },
    async loadProtection() {
      try {
        set({ protection: await api.getBackupProtection() })
      } catch {
        // Said again at the next look.
      }
    },
    async setPassphrase(passphrase) {
      if (get().settingPassphrase) return false
      set({ settingPassphrase: true, passphraseError: null, passphraseJustSet: false })
      try {
        set({ protection: await api.setBackupPassphrase({ passphrase }), passphraseJustSet: true })
        return true
      } catch (e) {
        set({ passphraseError: toAppErrorData(e) })
        return false
      } finally {
        set({ settingPassphrase: false })
      }
    },
    async backupNow(folder = null) {
      if (get().busy) return
      // The last backup's result goes: it must not stand beside this one's refusal.
      set({ busy: true, error: null, result: null })
      const same = get().sameDisk
      const there = same?.known === true && (folder === null || folder === same.folder) ? same.folder : null
      try {
        const result = await api.backupNow(
          there !== null ? { folder: there, sameDisk: true } : folder ? { folder } : {},
        )
        if (result) {
          set({ result })
          // A backup of today can end what the tab said of the daily backup's failure.
          await get().loadDaily()
        }
      } catch (e) {
        const error = toAppErrorData(e)
        const refused = error.details?.reason === 'SAME_DISK_AS_DATA' ? error.details.folder : undefined
        set({
          error,
          ...(typeof refused === 'string' ? { sameDisk: { folder: refused, known: false } } : {}),
        })
      } finally {
        set({ busy: false })
      }
    },
    knowSameDisk(known) {
      const same = get().sameDisk
      if (same) set({ sameDisk: { ...same, known } })
    },
  }))
}
