import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import type { VersionInfo } from '../../../../shared/status'

export interface AboutState {
  versions: VersionInfo | null
  load(): Promise<void>
}

export type AboutStore = StoreApi<AboutState>

/** What this copy of the app is, for Settings: versions and mode, read from main. */
export function createAboutStore(api: Pick<DeskApi, 'getVersionInfo'>): AboutStore {
  return createStore<AboutState>((set) => ({
    versions: null,
    async load() {
      try {
        set({ versions: await api.getVersionInfo() })
      } catch {
        // Nothing to show; the rest of Settings works without it.
      }
    },
  }))
}
