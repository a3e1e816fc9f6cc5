import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import type { DailyLimit } from '../../../../shared/daily-limit'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { DeskStatus } from '../../../../shared/status'
import { sameAnswer } from '../../app/same-answer'

/** The PC clock may drift this far from the service's before the clerk is warned. */
export const CLOCK_WARNING_MS = 5 * 60_000

export interface StatusState {
  status: DeskStatus | null
  limit: DailyLimit | null
  /** Why the last refresh failed (the bridge itself, not the service). */
  error: AppErrorData | null
  refresh(): Promise<void>
  /** Calls like configureService answer with a fresh status; take it without waiting for the poll. */
  setStatus(status: DeskStatus): void
}

export type StatusStore = StoreApi<StatusState>

export function createStatusStore(api: Pick<DeskApi, 'getStatus' | 'getDailyLimit'>): StatusStore {
  return createStore<StatusState>((set) => ({
    status: null,
    limit: null,
    error: null,
    async refresh() {
      const [status, limit] = await Promise.allSettled([api.getStatus(), api.getDailyLimit()])
      // The same answer as before keeps the same objects: the header re-renders only when something changed.
      set((s) => ({
        status: status.status === 'fulfilled' ? sameAnswer(s.status, status.value) : s.status,
        limit: limit.status === 'fulfilled' ? sameAnswer(s.limit, limit.value) : s.limit,
        error: status.status === 'rejected' ? sameAnswer(s.error, toAppErrorData(status.reason)) : null,
      }))
    },
    setStatus(status) {
      set({ status })
    },
  }))
}

/** The clock warning to show, or null when the PC clock is close enough (or the offset is not known yet). */
export function clockWarning(status: DeskStatus | null): { offsetMs: number; pcAhead: boolean } | null {
  const offset = status?.clockOffsetMs
  if (offset == null || Math.abs(offset) <= CLOCK_WARNING_MS) return null
  // The offset is service minus PC: negative means the PC is ahead.
  return { offsetMs: Math.abs(offset), pcAhead: offset < 0 }
}
