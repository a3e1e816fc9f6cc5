import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { BackupResult } from '../../../../shared/manager'

export interface BackupState {
  busy: boolean
  error: AppErrorData | null
  result: BackupResult | null
  backupNow(): Promise<void>
}

export type BackupStore = StoreApi<BackupState>

export function createBackupStore(api: Pick<DeskApi, 'backupNow'>): BackupStore {
  return createStore<BackupState>((set, get) => ({
    busy: false,
    error: null,
    result: null,
    async backupNow() {
      if (get().busy) return
      set({ busy: true, error: null })
      try {
        const result = await api.backupNow({})
        if (result) set({ result })
      } catch (e) {
        set({ error: toAppErrorData(e) })
      } finally {
        set({ busy: false })
      }
    },
  }))
}
