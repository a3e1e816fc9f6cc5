import { useVirtualizer } from '@tanstack/react-virtual'
import {
  type KeyboardEvent,
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { EntryKind, EntryStatus, JournalEntry } from '../../../../shared/types'
import { journalStore, sessionStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { afterThisTask } from '../../ui/after-paint'
import { Badge, Button, SelectField, TextField } from '../../ui/controls'
import { DateField } from '../../ui/DateField'
import { ErrorNote } from '../../ui/ErrorNote'
import { KINDS, STATUSES, statusTone } from '../../ui/entry'
import { formatDateTime, formatTime } from '../../ui/format'
import { useScreenKeys } from '../../ui/keys'
import { Code, Money, Phone, ReceiptNo } from '../../ui/Ltr'
import { EntryPanel } from './EntryPanel'
import { type ListState, listLine } from './list-line'

/** A row's height: one line of text with room to aim at; 8 rows and more stay in view at 1024×768. */
const ROW_HEIGHT = 40
/** Beside the entry panel a row takes two lines (when and how much, then the receipt and for whom). */
const ROW_HEIGHT_BESIDE_PANEL = 52
/** Start fetching the next page this many rows before the end, so scrolling never waits. */
const PREFETCH_ROWS = 40
const SEARCH_DELAY_MS = 300
/**
 * Rows drawn beyond the list's edges: enough that ↓/↑ and a wheel's notch find the next rows drawn. Each one
 * more is work when the day's rows come in — the moment the clerk's first key in the search often lands.
 * PageDown/End scroll first and wait for their row (moveFocus).
 */
const OVERSCAN_ROWS = 6

export function JournalScreen() {
  const t = useT()
  const openId = useStore(journalStore, (s) => s.openId)
  // Whether this visit's rows have been asked for: until then the list says they are coming, and shows none.
  const [asked, setAsked] = useState(false)

  // Fresh on every visit: sales and deposits made since the last one must be there. A load already
  // running as the screen is shown (the attention list or an entry opened from elsewhere), or started before
  // the ask (↓ from the search), is the fresh one — even if it has ended by then. Asked in the task after the
  // key's, so the screen is drawn first: the call and the emptied list cost F3's frame ~15 ms at 4×.
  useEffect(() => {
    const running = journalStore.getState().loading
    return afterThisTask(() => {
      const s = journalStore.getState()
      if (!running && !s.loading) void s.reload()
      setAsked(true)
    })
  }, [])

  useScreenKeys((event) => {
    if (event.key === 'Escape' && journalStore.getState().openId) {
      journalStore.getState().close()
      return true
    }
    return false
  })

  return (
    <main className="screen journal-screen" aria-labelledby="journal-title">
      <h1 id="journal-title">{t.journal.title}</h1>
      <Filters />
      <div className={`journal-body${openId ? ' with-detail' : ''}`}>
        <EntryList asked={asked} />
        {openId ? <EntryPanel /> : null}
      </div>
    </main>
  )
}

function Filters() {
  const t = useT()
  const filters = useStore(journalStore, (s) => s.filters)
  const store = journalStore.getState()
  // A clerk's journal is today's: main refuses other days, so no date is offered.
  const todayOnly = useStore(sessionStore, (s) => s.session?.person?.role === 'clerk')
  const hintId = useId()
  // The search takes the focus when the screen is shown: the screen is drawn ahead, hidden (App.tsx), where
  // autoFocus would have nothing to focus, and a layout effect runs when it is shown.
  const searchRef = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => searchRef.current?.focus(), [])

  return (
    <form
      className="filters"
      aria-label={t.journal.filters}
      // Never sent: Enter in the search applies it there (SearchField).
      onSubmit={(e) => e.preventDefault()}
    >
      <SearchField hintId={hintId} inputRef={searchRef} />
      {todayOnly ? null : (
        <>
          <DateField
            label={t.journal.from}
            value={filters.from}
            optional
            onChange={(day) => {
              if (day !== filters.from) void store.setFilters({ from: day })
            }}
          />
          <DateField
            label={t.journal.to}
            value={filters.to}
            optional
            onChange={(day) => {
              if (day !== filters.to) void store.setFilters({ to: day })
            }}
          />
        </>
      )}
      <SelectField
        label={t.journal.kind}
        value={filters.kind ?? ''}
        onChange={(e) => void store.setFilters({ kind: (e.target.value || null) as EntryKind | null })}
      >
        <option value="">{t.journal.any}</option>
        {KINDS.map((k) => (
          <option key={k} value={k}>
            {t.kind[k]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.journal.status}
        value={filters.status ?? ''}
        onChange={(e) => void store.setFilters({ status: (e.target.value || null) as EntryStatus | null })}
      >
        <option value="">{t.journal.any}</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {t.entryStatus[s]}
          </option>
        ))}
      </SelectField>
      <div className="filters-second">
        <p id={hintId} className="hint">
          {`${t.journal.searchHint}. ${t.journal.searchKeys}`}
        </p>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.needsAttention}
            onChange={(e) => void store.setFilters({ needsAttention: e.target.checked })}
          />
          {t.journal.needsAttention}
        </label>
        <div className="actions">
          <Button onClick={() => void store.showToday()}>{t.journal.today}</Button>
          <Button onClick={() => void store.showNeedsAttention()}>{t.journal.attentionList}</Button>
        </div>
      </div>
    </form>
  )
}

/**
 * The search, its text its own state: a key typed in it renders this field alone, not the whole form (the
 * date fields, the lists of kinds and statuses) — on a slow PC that render was ~8 ms of every key at 4× CPU.
 * Applied a moment after the last key, on Enter (the form's) or on ↓.
 */
function SearchField({
  hintId,
  inputRef,
}: {
  hintId: string
  inputRef: React.RefObject<HTMLInputElement | null>
}) {
  const t = useT()
  const applied = useStore(journalStore, (s) => s.filters.search)
  const [search, setSearch] = useState(applied)
  const store = journalStore.getState()

  // The store's search changes from outside too (Today, the attention list): keep the field in step.
  useEffect(() => setSearch(applied), [applied])

  useEffect(() => {
    if (search === journalStore.getState().filters.search) return
    // Applied by then (↓ applies it at once and goes to the first result): asking again would reload the list
    // and take the focus from that row.
    const timer = setTimeout(() => void applySearch(search), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])

  // A key that changes no text yet — Ctrl+A, as the clerk selects the last search to type over it, often as the
  // visit's rows come in — holds the list as a search typed does, until the same pause tells whether one is: the
  // day's rows drawn then (~110 ms of style, layout and paint at 4× CPU) held the keys that followed.
  const holdEnds = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(holdEnds.current), [])
  function holdForSearch(): void {
    store.holdForSearch()
    clearTimeout(holdEnds.current)
    holdEnds.current = setTimeout(() => {
      const s = journalStore.getState()
      s.typeSearch(inputRef.current?.value ?? s.filters.search)
    }, SEARCH_DELAY_MS)
  }

  return (
    <TextField
      label={t.journal.search}
      // The hint is the second row's, beside the checkbox and the buttons: one row less above the list.
      aria-describedby={hintId}
      type="search"
      value={search}
      onChange={(e) => {
        setSearch(e.target.value)
        store.typeSearch(e.target.value)
      }}
      onKeyDown={(e) => {
        // A key the desk took (F1–F5, Alt+1–5: the screen is being left) or one that leaves the field holds nothing.
        if (e.defaultPrevented || e.altKey || LEAVING_KEYS.has(e.key) || /^F\d+$/.test(e.key)) return
        if (e.key === 'Enter') {
          // Applied at once (a manager's form, with its date fields, is not submitted by Enter in a field).
          e.preventDefault()
          void applySearch(search)
          return
        }
        // One key from the search to the first result (the search applied first if it is still typed).
        if (e.key !== 'ArrowDown') return holdForSearch()
        e.preventDefault()
        // Half a second of frames at most: on a slow PC the deferred rows may take several.
        void applySearch(search).then(() => focusFirstResult(30))
      }}
      className="field-search"
      ref={inputRef}
    />
  )
}

/** Keys in the search that hold no rows (SearchField's holdForSearch). */
const LEAVING_KEYS = new Set(['Tab', 'Escape'])

/**
 * Applies the search typed, unless it is applied already (↓ went to the results, or the pause did: a reload would
 * take the rows, and the focus ↓ moves to the first of them, from under the person): then the rows held for it
 * (a key that changed nothing) are drawn.
 */
function applySearch(search: string): Promise<void> {
  const store = journalStore.getState()
  if (search !== store.filters.search) return store.setFilters({ search })
  store.typeSearch(search)
  return Promise.resolve()
}

/**
 * Focuses a row once it is drawn: the rows come a few frames after what asked for them (deferred, or scrolled
 * into the list), so it looks again each frame, up to framesLeft more. `find` gives null while the row is not
 * there yet, undefined when there is nothing to wait for.
 */
function focusWhenDrawn(find: () => HTMLElement | null | undefined, framesLeft: number): void {
  requestAnimationFrame(() => {
    const row = find()
    if (row) row.focus()
    else if (row === null && framesLeft > 0) focusWhenDrawn(find, framesLeft - 1)
  })
}

/** ↓ from the search: the first row, once it shows the search's first result. */
function focusFirstResult(framesLeft: number): void {
  focusWhenDrawn(() => {
    const first = journalStore.getState().entries[0]
    if (!first) return undefined
    return document.querySelector<HTMLElement>(
      `.journal-rows [data-index="0"][data-entry="${CSS.escape(first.id)}"] button`,
    )
  }, framesLeft)
}

/** The list before the visit has asked for its rows: none, and on their way (not the last visit's). */
const NOT_ASKED: ListState = { entries: [], nextCursor: null, loading: true }

/**
 * Made-up entries, one of each kind of row (a voucher's serial, a deposit's phone, a receipt number, each badge):
 * drawn hidden in the list until the visit asks for its rows, and laid out only when the desk lays out the
 * hidden journal while idle (ui/warm-up.ts: parts marked data-warm-up). The day's first rows then find the
 * browser's caches warm for their cells — their first layout was three times a later one on a slow PC (~60 ms
 * against ~20 at 4×), landing on the clerk's first keys in the search. Never shown, never read.
 */
const SPECIMENS: readonly JournalEntry[] = (
  [
    ['voucher', 'issued', true],
    ['deposit', 'confirmed', false],
    ['deposit', 'pending', false],
    ['voucher', 'unknown', true],
  ] as const
).map(([kind, status, needsAttention], i) => ({
  id: `specimen-${i}`,
  kind,
  status,
  needsAttention,
  receiptNo: 'R-0123-4567',
  createdAt: '2026-01-01T08:59:30.000Z',
  updatedAt: '2026-01-01T08:59:30.000Z',
  day: 20260101,
  amountDirhams: 1_234_567_890,
  ...(kind === 'deposit'
    ? { phone: '0912345678' }
    : {
        voucher: {
          code: '0000',
          serialNumber: '0123456789012345',
          activationDate: '2026-01-01',
          expiryDate: '2026-12-31',
        },
      }),
  attempts: 1,
  mode: 'training',
}))

function EntryList({ asked }: { asked: boolean }) {
  const t = useT()
  const language = useLanguage()
  // The rows are drawn at a lower priority than keys (React's deferred value): a key typed in the search
  // while the day's rows come in is answered first, and the rows are drawn after it (the line under them:
  // list-line.ts).
  const stored = useStore(
    journalStore,
    useShallow((s) => ({ entries: s.entries, nextCursor: s.nextCursor, loading: s.loading })),
  )
  const newest = asked ? stored : NOT_ASKED
  // While a search is typed and not applied yet, the list keeps the rows it has drawn: rows that come meanwhile
  // (the visit's, say: the clerk types at once after F3) would be replaced by the search's a moment later, and
  // drawing them held the keys typed then (~70 ms at 4x). The line under it still says rows are coming.
  const searchAhead = useStore(journalStore, (s) => s.searchAhead)
  const drawn = useRef<ListState>(NOT_ASKED)
  const list = useDeferredValue(searchAhead ? drawn.current : newest)
  useLayoutEffect(() => {
    drawn.current = list
  }, [list])
  const { entries, nextCursor } = list
  const line = listLine(newest, list)
  const error = useStore(journalStore, (s) => s.error)
  const openId = useStore(journalStore, (s) => s.openId)
  const filters = useStore(journalStore, (s) => s.filters)
  const scrollRef = useRef<HTMLDivElement>(null)
  const footRef = useRef<HTMLParagraphElement>(null)
  const singleDay = filters.from != null && filters.from === filters.to
  /** A row's time: the day's time, or with the date when the list spans days. */
  const when = (entry: JournalEntry) =>
    singleDay ? formatTime(entry.createdAt, language) : formatDateTime(entry.createdAt, language)
  useListFitsWindow(scrollRef, footRef)

  const rowHeight = openId ? ROW_HEIGHT_BESIDE_PANEL : ROW_HEIGHT
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
  })
  // The panel opened or closed: every row's height changed. Not when the list is first shown (its rows are
  // of the height it was made with): a re-measure then was one more render inside F3's frame.
  const measuredFor = useRef(rowHeight)
  useLayoutEffect(() => {
    if (measuredFor.current === rowHeight) return
    measuredFor.current = rowHeight
    virtualizer.measure()
  }, [virtualizer, rowHeight])
  const items = virtualizer.getVirtualItems()
  const lastVisible = items.at(-1)?.index ?? 0

  useEffect(() => {
    if (nextCursor && lastVisible >= entries.length - PREFETCH_ROWS) void journalStore.getState().loadMore()
  }, [lastVisible, entries.length, nextCursor])

  // Read through refs so the handler stays the same function and memoized rows skip re-rendering on scroll.
  const latest = useRef({ count: entries.length, virtualizer })
  latest.current = { count: entries.length, virtualizer }

  /**
   * Arrow, page, Home and End keys move between rows; rows off screen are scrolled in first, then focused.
   * A far jump (End in a long list) may take the list a few frames to draw its rows: the focus waits for
   * the row rather than falling to the page (the row it left has gone).
   */
  const moveFocus = useCallback((event: KeyboardEvent<HTMLButtonElement>) => {
    const keys: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: 10,
      PageUp: -10,
      Home: Number.NEGATIVE_INFINITY,
      End: Number.POSITIVE_INFINITY,
    }
    const step = keys[event.key]
    const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
    if (step === undefined || !current) return
    event.preventDefault()
    const { count, virtualizer: v } = latest.current
    const next = Math.min(count - 1, Math.max(0, Number(current.dataset.index) + step))
    v.scrollToIndex(next)
    focusWhenDrawn(
      () => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"] button`) ?? null,
      10,
    )
  }, [])

  return (
    <section className={`journal-list${singleDay ? '' : ' across-days'}`} aria-label={t.journal.title}>
      <div className="journal-head" aria-hidden="true">
        <span className="cell-time">{t.journal.columns.time}</span>
        <span className="cell-receipt">{t.journal.columns.receipt}</span>
        <span className="cell-kind">{t.journal.columns.kind}</span>
        <span className="cell-amount">{t.journal.columns.amount}</span>
        <span className="cell-who">{t.journal.columns.who}</span>
        <span className="cell-status">{t.journal.columns.status}</span>
      </div>
      {error ? <ErrorNote error={error} /> : null}
      <div className="journal-scroll" ref={scrollRef}>
        <ul className="journal-rows" style={{ blockSize: virtualizer.getTotalSize() }}>
          {asked
            ? null
            : SPECIMENS.map((entry) => (
                <li
                  key={entry.id}
                  hidden
                  data-warm-up
                  className="journal-row-wrap"
                  style={{ blockSize: rowHeight }}
                >
                  <Row entry={entry} open={false} when={when(entry)} onKeyDown={moveFocus} />
                </li>
              ))}
          {items.map((item) => {
            const entry = entries[item.index]
            if (!entry) return null
            return (
              <li
                key={entry.id}
                data-index={item.index}
                data-entry={entry.id}
                className="journal-row-wrap"
                style={{ blockSize: item.size, transform: `translateY(${item.start}px)` }}
              >
                <Row entry={entry} open={entry.id === openId} when={when(entry)} onKeyDown={moveFocus} />
              </li>
            )
          })}
        </ul>
      </div>
      <p className="journal-foot" role="status" ref={footRef}>
        {line === 'loading'
          ? t.journal.loadingMore
          : line === 'empty'
            ? t.journal.empty
            : t.journal.count(entries.length, Boolean(nextCursor))}
      </p>
    </section>
  )
}

/** The fewest rows the list keeps on a short window (the page then scrolls instead). */
const MIN_LIST_PX = 3 * ROW_HEIGHT

/**
 * The list's height, so that it and the count under it end at the window's bottom edge: what is above it
 * (the top bar, a banner, notices, the filters wrapping into two or three rows at 1024 px, Arabic or English)
 * differs, and a fixed offset made the page scroll by a few rows' worth at 1024×768, the count out of sight.
 * Followed as the window and what is above the list change size. Set on the element's style, not through
 * React's state: a state set in a layout effect is one more render of the list inside F3's frame (the style
 * sheet's estimate is there until the first measure).
 */
function useListFitsWindow(
  list: React.RefObject<HTMLDivElement | null>,
  foot: React.RefObject<HTMLParagraphElement | null>,
): void {
  useLayoutEffect(() => {
    const el = list.current
    const screen = el?.closest('main')
    if (!el || !screen) return
    const fitToWindow = () => {
      const top = el.getBoundingClientRect().top + window.scrollY
      const footBox = foot.current
      const footSpace = footBox
        ? footBox.offsetHeight + Number.parseFloat(getComputedStyle(footBox).marginBlockStart) * 2
        : 0
      const screenEnd = Number.parseFloat(getComputedStyle(screen).paddingBlockEnd)
      el.style.blockSize = `${Math.max(MIN_LIST_PX, Math.floor(window.innerHeight - top - footSpace - screenEnd))}px`
    }
    fitToWindow()
    // Above the list: the body's size changes with a notice, a banner or the filters wrapping. In the next
    // frame, not inside the observer (the list's own new size would be a loop the browser reports).
    const watch = new ResizeObserver(() => requestAnimationFrame(fitToWindow))
    watch.observe(document.body)
    window.addEventListener('resize', fitToWindow)
    return () => {
      watch.disconnect()
      window.removeEventListener('resize', fitToWindow)
    }
  }, [list, foot])
}

const Row = memo(function Row({
  entry,
  open,
  when,
  onKeyDown,
}: {
  entry: JournalEntry
  open: boolean
  when: string
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void
}) {
  const t = useT()
  return (
    <button
      type="button"
      className={`journal-row${open ? ' is-open' : ''}`}
      aria-pressed={open}
      onKeyDown={onKeyDown}
      onClick={() => void journalStore.getState().open(entry.id)}
    >
      <span className="cell-time">{when}</span>
      <span className="cell-receipt">{entry.receiptNo ? <ReceiptNo value={entry.receiptNo} /> : '—'}</span>
      <span className="cell-kind">{t.kind[entry.kind]}</span>
      <Money dirhams={entry.amountDirhams} className="cell-amount" />
      <span className="cell-who">
        {entry.phone ? (
          <Phone phone={entry.phone} />
        ) : entry.voucher ? (
          <Code value={entry.voucher.serialNumber} />
        ) : (
          '—'
        )}
      </span>
      <span className="cell-status">
        <Badge tone={statusTone(entry.status)}>{t.entryStatus[entry.status]}</Badge>
        {entry.needsAttention ? <Badge tone="pending">{t.journal.attentionFlag}</Badge> : null}
      </span>
    </button>
  )
})
