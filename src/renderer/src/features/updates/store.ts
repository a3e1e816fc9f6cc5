import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { Settings } from '../../../../shared/settings'
import type { UpdateStatus } from '../../../../shared/updates'

/** The Updates card in Settings: the version, the update's state, Check now, Install now, the feed address. */
export interface UpdatesState {
  status: UpdateStatus | null
  busy: 'check' | 'install' | 'feed' | null
  error: AppErrorData | null
  done: 'feed-saved' | null
  refresh(): Promise<void>
  check(): Promise<void>
  install(): Promise<void>
  /** A manager's feed address; empty clears it (the installer's own address applies again). */
  saveFeed(url: string): Promise<void>
}

export type UpdatesStore = StoreApi<UpdatesState>

export interface UpdatesDeps {
  api: Pick<DeskApi, 'getUpdateStatus' | 'checkForUpdates' | 'installUpdate' | 'updateSettings'>
  onSettings(settings: Settings): void
}

export function createUpdatesStore({ api, onSettings }: UpdatesDeps): UpdatesStore {
  return createStore<UpdatesState>((set, get) => {
    async function run(busy: NonNullable<UpdatesState['busy']>, action: () => Promise<void>): Promise<void> {
      if (get().busy) return
      set({ busy, error: null, done: null })
      try {
        await action()
      } catch (error) {
        set({ error: toAppErrorData(error) })
      } finally {
        set({ busy: null })
      }
    }
    return {
      status: null,
      busy: null,
      error: null,
      done: null,
      async refresh() {
        try {
          set({ status: await api.getUpdateStatus() })
        } catch {
          // A poll that fails (signed out, shutting down) leaves the last state on screen.
        }
      },
      check: () =>
        run('check', async () => {
          set({ status: await api.checkForUpdates() })
        }),
      install: () =>
        run('install', async () => {
          set({ status: await api.installUpdate() })
        }),
      saveFeed: (url) =>
        run('feed', async () => {
          const trimmed = url.trim()
          onSettings(await api.updateSettings({ updateFeedUrl: trimmed === '' ? null : trimmed }))
          set({ done: 'feed-saved', status: await api.getUpdateStatus() })
        }),
    }
  })
}
