import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi, DeskInput } from '../../../../shared/contract'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { EntryDetail } from '../../../../shared/journal'
import type { EntryKind, EntryStatus, JournalEntry } from '../../../../shared/types'

export const JOURNAL_PAGE_SIZE = 200

export interface JournalFilters {
  /** Business days YYYYMMDD, inclusive; null = no bound. */
  from: number | null
  to: number | null
  kind: EntryKind | null
  status: EntryStatus | null
  needsAttention: boolean
  search: string
}

export interface JournalState {
  filters: JournalFilters
  entries: JournalEntry[]
  nextCursor: string | null
  loading: boolean
  error: AppErrorData | null
  /** The entry open in the detail panel. */
  openId: string | null
  detail: EntryDetail | null
  detailError: AppErrorData | null
  retrying: boolean
  /** The entry the person re-sent with "Retry safely" in this view (its feedback is shown there). */
  retriedId: string | null
  /**
   * A search is typed in the field since the filters were last applied (it is, a moment after the last key, or
   * on Enter or ↓): the list waits for it rather than drawing rows that come meanwhile, which it replaces.
   */
  searchAhead: boolean
  /** The search field's text changed (a key typed): whether it is now ahead of the applied search. */
  typeSearch(text: string): void
  setFilters(patch: Partial<JournalFilters>): Promise<void>
  /** Today only, every kind and status. */
  showToday(): Promise<void>
  /** Every day, only what needs a person. */
  showNeedsAttention(): Promise<void>
  /**
   * The visit's load. Today's list follows the day: one showing the day that was today when it was set (the
   * desk left open past midnight, a shop open late) shows the new today, and a clerk's is always today (main
   * refuses a clerk other days). A period chosen otherwise is kept.
   */
  reload(): Promise<void>
  loadMore(): Promise<void>
  /** The journal screen left: its rows put away, and an answer still on its way (a next page) dropped. */
  leave(): void
  open(entryId: string): Promise<void>
  /** Reloads the open entry's detail (a print added an event) without clearing the panel first. */
  refreshDetail(entryId: string): Promise<void>
  close(): void
  retry(): Promise<void>
}

export type JournalStore = StoreApi<JournalState>

export interface JournalDeps {
  api: Pick<DeskApi, 'listJournal' | 'getEntry' | 'retryDeposit'>
  /** Today's business day in Tripoli, by the service's clock where known. */
  today(): number
  /** A clerk sees today's journal only: the attention list then keeps to today. */
  todayOnly?: () => boolean
}

export function todayFilters(today: number): JournalFilters {
  return { from: today, to: today, kind: null, status: null, needsAttention: false, search: '' }
}

export function toQuery(filters: JournalFilters, cursor: string | null): DeskInput<'listJournal'> {
  const search = filters.search.trim()
  return {
    ...(filters.from != null ? { from: filters.from } : {}),
    ...(filters.to != null ? { to: filters.to } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.needsAttention ? { needsAttention: true } : {}),
    ...(search ? { search } : {}),
    limit: JOURNAL_PAGE_SIZE,
    ...(cursor ? { cursor } : {}),
  }
}

export function createJournalStore({ api, today, todayOnly }: JournalDeps): JournalStore {
  // Each reload bumps the generation so an answer to an older query never lands in a newer list.
  let generation = 0
  let loadingMore = false
  /** The day the list last took as today: its "today" filters are this day's. */
  let todayWas = today()

  return createStore<JournalState>((set, get) => {
    async function fetchPage(reset: boolean): Promise<void> {
      const mine = reset ? ++generation : generation
      const cursor = reset ? null : get().nextCursor
      set(reset ? { loading: true, error: null, entries: [], nextCursor: null } : { loading: true })
      try {
        const page = await api.listJournal(toQuery(get().filters, cursor))
        if (mine !== generation) return
        set((s) => ({
          entries: reset ? page.entries : [...s.entries, ...page.entries],
          nextCursor: page.nextCursor ?? null,
          error: null,
        }))
      } catch (e) {
        if (mine === generation) set({ error: toAppErrorData(e) })
      } finally {
        if (mine === generation) set({ loading: false })
      }
    }

    /** Today's filters moved to the day it is now (reload's doc). */
    function followTheDay(): void {
      const now = today()
      const { from, to } = get().filters
      const todays = (from === todayWas && to === todayWas) || todayOnly?.() === true
      todayWas = now
      if (todays && (from !== now || to !== now))
        set((s) => ({ filters: { ...s.filters, from: now, to: now } }))
    }

    /** Filters set to today's, now. */
    function todaysFilters(): JournalFilters {
      todayWas = today()
      return todayFilters(todayWas)
    }

    async function loadDetail(entryId: string): Promise<void> {
      try {
        const detail = await api.getEntry({ entryId })
        if (get().openId === entryId) set({ detail, detailError: null })
      } catch (e) {
        if (get().openId === entryId) set({ detailError: toAppErrorData(e) })
      }
    }

    return {
      filters: todayFilters(todayWas),
      entries: [],
      nextCursor: null,
      loading: false,
      error: null,
      openId: null,
      detail: null,
      detailError: null,
      retrying: false,
      retriedId: null,
      searchAhead: false,

      typeSearch(text) {
        const ahead = text !== get().filters.search
        if (ahead !== get().searchAhead) set({ searchAhead: ahead })
      },
      async setFilters(patch) {
        // Applied now: the rows asked for are this filter's (a search still typed waits for its next key).
        set((s) => ({ filters: { ...s.filters, ...patch }, searchAhead: false }))
        await fetchPage(true)
      },
      async showToday() {
        set({ filters: todaysFilters(), searchAhead: false })
        await fetchPage(true)
      },
      async showNeedsAttention() {
        const filters = todaysFilters()
        const day = todayOnly?.() ? todayWas : null
        set({
          filters: { ...filters, from: day, to: day, needsAttention: true },
          searchAhead: false,
        })
        await fetchPage(true)
      },
      reload() {
        followTheDay()
        return fetchPage(true)
      },
      leave() {
        generation++
        set({ entries: [], nextCursor: null, loading: false, searchAhead: false })
      },
      async loadMore() {
        if (loadingMore || get().loading || !get().nextCursor) return
        loadingMore = true
        try {
          await fetchPage(false)
        } finally {
          loadingMore = false
        }
      },
      async open(entryId) {
        set({ openId: entryId, detail: null, detailError: null, retriedId: null })
        await loadDetail(entryId)
      },
      async refreshDetail(entryId) {
        if (get().openId === entryId) await loadDetail(entryId)
      },
      close() {
        set({ openId: null, detail: null, detailError: null, retriedId: null })
      },
      async retry() {
        const { openId, retrying } = get()
        if (!openId || retrying) return
        set({ retrying: true, detailError: null, retriedId: null })
        try {
          const entry = await api.retryDeposit({ entryId: openId })
          set((s) => ({ entries: s.entries.map((e) => (e.id === entry.id ? entry : e)) }))
          await loadDetail(openId)
        } catch (e) {
          set({ detailError: toAppErrorData(e) })
        } finally {
          set({ retrying: false, retriedId: openId })
        }
      },
    }
  })
}
