import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import type { Notice } from '../../../../shared/journal'
import type { JournalEntry } from '../../../../shared/types'

export interface ShownNotice {
  notice: Notice
  /** The resolved entry, loaded for the amount and phone; null until loaded or when it could not be. */
  entry: JournalEntry | null
}

export interface NoticesState {
  shown: ShownNotice[]
  lastId: number
  /**
   * Whose notices these are: the mode and the person signed in (`training|p-1`). Another one puts away what
   * is shown and asks main again from the start: each journal numbers its own notices, and main gives each
   * person the notices of the deposits they made.
   */
  scope: string | null
  poll(): Promise<void>
  dismiss(noticeId: number): void
  setScope(scope: string): void
}

export type NoticesStore = StoreApi<NoticesState>

/**
 * Background resolutions of deposits, polled from main and shown until someone dismisses them. Each resolved
 * entry, as now stored, also goes to `onResolved`: a screen still showing it as open says what it became.
 */
export function createNoticesStore(
  api: Pick<DeskApi, 'listNotices' | 'getEntry' | 'dismissNotice'>,
  onResolved: (entry: JournalEntry) => void = () => {},
): NoticesStore {
  let polling = false
  return createStore<NoticesState>((set, get) => ({
    shown: [],
    lastId: 0,
    scope: null,
    async poll() {
      // Overlapping polls would fetch the same notices twice.
      if (polling) return
      polling = true
      // What a poll asked under another mode or person is not shown under this one.
      const scope = get().scope
      try {
        const { notices } = await api.listNotices({ afterId: get().lastId })
        if (get().scope !== scope) return
        const fresh = notices.filter((n) => n.id > get().lastId)
        if (fresh.length === 0) return
        const entries = await Promise.all(
          fresh.map((n) =>
            api.getEntry({ entryId: n.entryId }).then(
              (d) => d.entry,
              () => null,
            ),
          ),
        )
        if (get().scope !== scope) return
        set((s) => ({
          lastId: Math.max(s.lastId, ...fresh.map((n) => n.id)),
          shown: [...s.shown, ...fresh.map((notice, i) => ({ notice, entry: entries[i] ?? null }))],
        }))
        for (const entry of entries) if (entry) onResolved(entry)
      } catch {
        // The status bar already shows when main cannot be reached; the next poll tries again.
      } finally {
        polling = false
        // The scope changed while this poll was out: ask again for the new one now.
        if (get().scope !== scope) void get().poll()
      }
    },
    setScope(scope) {
      if (scope === get().scope) return
      set({ scope, shown: [], lastId: 0 })
      void get().poll()
    },
    dismiss(noticeId) {
      set((s) => ({ shown: s.shown.filter((n) => n.notice.id !== noticeId) }))
      // Dismissed for good: a restart or another window does not bring it back.
      void api.dismissNotice({ id: noticeId }).catch(() => {})
    },
  }))
}
