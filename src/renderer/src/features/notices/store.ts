import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi, JournalEntry, Notice } from '../../../../shared/contract'

export interface ShownNotice {
  notice: Notice
  /** The resolved entry, loaded for the amount and phone; null until loaded or when it could not be. */
  entry: JournalEntry | null
}

export interface NoticesState {
  shown: ShownNotice[]
  lastId: number
  poll(): Promise<void>
  dismiss(noticeId: number): void
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
    async poll() {
      // Overlapping polls would fetch the same notices twice.
      if (polling) return
      polling = true
      try {
        const { notices } = await api.listNotices({ afterId: get().lastId })
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
        set((s) => ({
          lastId: Math.max(s.lastId, ...fresh.map((n) => n.id)),
          shown: [...s.shown, ...fresh.map((notice, i) => ({ notice, entry: entries[i] ?? null }))],
        }))
        for (const entry of entries) if (entry) onResolved(entry)
      } catch {
        // The status bar already shows when main cannot be reached; the next poll tries again.
      } finally {
        polling = false
      }
    },
    dismiss(noticeId) {
      set((s) => ({ shown: s.shown.filter((n) => n.notice.id !== noticeId) }))
      // Dismissed for good: a restart or another window does not bring it back.
      void api.dismissNotice({ id: noticeId }).catch(() => {})
    },
  }))
}
