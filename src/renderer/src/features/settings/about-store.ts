import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import type { VersionInfo } from '../../../../shared/status'
import { sameAnswer } from '../../app/same-answer'

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
        // Asked on every visit to Settings: the same answer keeps the same object (nothing re-renders).
        const versions = await api.getVersionInfo()
        set((s) => ({ versions: sameAnswer(s.versions, versions) }))
      } catch {
        // Nothing to show; the rest of Settings works without it.
      }
    },
  }))
}
