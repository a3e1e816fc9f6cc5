import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi, DeskInput } from '../../../../shared/contract'
import { todaysPeriodMoved } from '../../../../shared/day'
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
  /**
   * The business day the list last took as today: filters of that one day are today's, and follow the day
   * (followTheDay). A period chosen by date is taken on the day it is chosen, so it stays.
   */
  todayTaken: number
  /** The search field's text changed (a key typed): whether it is now ahead of the applied search. */
  typeSearch(text: string): void
  /**
   * A key pressed in the search that changes no text yet (Ctrl+A, to type over the last search): the list waits
   * as for a search typed, until typeSearch says whether one is (the field's pause, ↓, Enter).
   */
  holdForSearch(): void
  setFilters(patch: Partial<JournalFilters>): Promise<void>
  /** Today only, every kind and status. */
  showToday(): Promise<void>
  /** Every day, only what needs a person. */
  showNeedsAttention(): Promise<void>
  /**
   * Today's list follows the day: one of the day last taken as today shows the new today, and a clerk's is
   * always today (main refuses a clerk other days). Done as the journal is entered and before each new list.
   */
  followTheDay(): void
  /** The journal entered: today's list on the day it is now, and nothing typed ahead in its new search. */
  enter(): void
  /** The visit's load. */
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
  const firstDay = today()

  return createStore<JournalState>((set, get) => {
    async function fetchPage(reset: boolean): Promise<void> {
      // A next page is of the same list as the first (its cursor): only a new list follows the day.
      if (reset) get().followTheDay()
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

    async function loadDetail(entryId: string): Promise<void> {
      try {
        const detail = await api.getEntry({ entryId })
        if (get().openId === entryId) set({ detail, detailError: null })
      } catch (e) {
        if (get().openId === entryId) set({ detailError: toAppErrorData(e) })
      }
    }

    return {
      filters: todayFilters(firstDay),
      todayTaken: firstDay,
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
      holdForSearch() {
        if (!get().searchAhead) set({ searchAhead: true })
      },
      async setFilters(patch) {
        // Applied now: the rows asked for are this filter's (a search still typed waits for its next key). A
        // day chosen is taken today: yesterday chosen after midnight stays yesterday.
        const choosesDays = 'from' in patch || 'to' in patch
        set((s) => ({
          filters: { ...s.filters, ...patch },
          searchAhead: false,
          ...(choosesDays ? { todayTaken: today() } : {}),
        }))
        await fetchPage(true)
      },
      async showToday() {
        const day = today()
        set({ filters: todayFilters(day), todayTaken: day, searchAhead: false })
        await fetchPage(true)
      },
      async showNeedsAttention() {
        const day = today()
        const only = todayOnly?.() ? day : null
        set({
          filters: { ...todayFilters(day), from: only, to: only, needsAttention: true },
          todayTaken: day,
          searchAhead: false,
        })
        await fetchPage(true)
      },
      followTheDay() {
        const now = today()
        const { filters, todayTaken } = get()
        const moved =
          todaysPeriodMoved(filters, todayTaken, now) ??
          (todayOnly?.() && (filters.from !== now || filters.to !== now) ? now : null)
        if (moved !== null) set({ filters: { ...filters, from: moved, to: moved }, todayTaken: now })
        else if (todayTaken !== now) set({ todayTaken: now })
      },
      enter() {
        get().followTheDay()
        if (get().searchAhead) set({ searchAhead: false })
      },
      reload: () => fetchPage(true),
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
