import {
  Activity,
  Fragment,
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useStore } from 'zustand'
import { DepositScreen } from '../features/deposit/DepositScreen'
import { JournalScreen } from '../features/journal/JournalScreen'
import { Notices } from '../features/notices/Notices'
import { ReceiptPreviewDialog } from '../features/printing/ReceiptPreviewDialog'
import { SellScreen } from '../features/sell/SellScreen'
import { SessionGate } from '../features/session/SessionGate'
import { TopBar } from '../features/status/TopBar'
import { directionOf } from '../i18n'
import { useLanguage, useT } from '../i18n/use'
import { afterFontsWarmedUp, warmUpFontsWhenIdle } from '../ui/warm-fonts'
import { showScreenLaidOut, warmUpWhenIdle } from '../ui/warm-up'
import { everyBetweenKeys } from '../ui/when-quiet'
import { ManagerScreen, preloadManagerScreens, SettingsScreen, settingsCodeIn } from './lazy-screens'
import { screenForKey, screensFor } from './navigation'
import { appStore, noticesStore, sellStore, sessionStore, settingsStore, statusStore } from './stores'

/** How often the status, the daily limit and background notices are asked for. */
const POLL_MS = 4_000

export function App() {
  const t = useT()
  const language = useLanguage()

  useLayoutEffect(() => {
    document.documentElement.lang = language
    document.documentElement.dir = directionOf(language)
    document.title = t.appTitle
  }, [language, t])
  useEffect(() => warmUpFontsWhenIdle(language), [language])

  return (
    <SessionGate>
      <Desk />
    </SessionGate>
  )
}

/** The work screens, shown while someone is signed in (or before the terminal has a manager). */
function Desk() {
  useEffect(() => {
    void settingsStore.getState().load()
    const poll = () => {
      void statusStore.getState().refresh()
      void noticesStore.getState().poll()
    }
    poll()
    // Not while the clerk's keys are coming (ui/when-quiet.ts): a poll then was a key's wait.
    return everyBetweenKeys(poll, POLL_MS)
  }, [])

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      // A held Enter repeats keydown; only the first press may act, so it can never confirm twice.
      if (event.key === 'Enter' && event.repeat) {
        event.preventDefault()
        event.stopPropagation()
        return
      }
      if (document.querySelector('dialog[open]')) return
      const target = screenForKey(event)
      const role = sessionStore.getState().session?.person?.role ?? null
      if (target && screensFor(role).includes(target)) {
        event.preventDefault()
        appStore.getState().go(target)
      }
    }
    // Capture, so the guard runs before any button or form sees the key.
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [])

  const role = useStore(sessionStore, (s) => s.session?.person?.role ?? null)
  useEffect(() => {
    if (role === 'clerk') return
    // After the first screen has painted and the fonts are warm (a first sale needs them sooner): the manager's
    // screens are then ready before F4/F5.
    return afterFontsWarmedUp(preloadManagerScreens)
  }, [role])

  return (
    <div className="app">
      <TopBar />
      <Notices />
      <CurrentScreen />
      <ReceiptPreviewDialog />
    </div>
  )
}

/**
 * The open screen (and Sell, the journal and Settings, drawn ahead for their keys): the only part of the desk a
 * screen change renders (not the top bar, the notices, the preview).
 */
function CurrentScreen() {
  const screen = useStore(appStore, (s) => s.screen)
  const role = useStore(sessionStore, (s) => s.session?.person?.role ?? null)
  const manages = screensFor(role).includes('settings')
  // Settings is drawn ahead only for those who may open it (not a clerk).
  // The same element from one screen change to the next: a screen drawn hidden is not drawn again on each
  // (React would then hide it again, undoing its layout: ui/warm-up.ts) — only in a new language, whose words
  // it takes while hidden (a hidden screen follows no store; it reads them again when shown).
  const language = useLanguage()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language is the journal drawn again
  const journal = useMemo(() => <JournalScreen />, [language])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language is the screen drawn again
  const sell = useMemo(() => <SellScreen />, [language])
  // Sell is drawn ahead only while its sale is at the choice of a value (kept as it was left: keepWhenLeft): its
  // other steps take the focus with autoFocus, which a screen drawn hidden cannot give (a sale on its way when the
  // clerk left it, its outcome come in meanwhile: not drawn while away, built on F1 as it is). Drawn ahead, F1
  // from the Manager's report went from ~54 to ~38 ms at 4× CPU, from Deposit ~48 to ~40 (eight presses each,
  // twice): built on the key, the screen's boxes and words were laid out in its task.
  const sellChoosing = useStore(sellStore, (s) => s.step === 'choose')
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language is the screen drawn again
  const settings = useMemo(
    () => (
      <Loaded>
        <SettingsScreen />
      </Loaded>
    ),
    [language],
  )
  return (
    <>
      <Ahead
        open={screen === 'sell'}
        root="main.sell-screen"
        drawAhead={sellChoosing}
        layOutEachVisit
        keepWhenLeft
      >
        {sell}
      </Ahead>
      {screen === 'deposit' ? <DepositScreen /> : null}
      <Ahead open={screen === 'journal'} root="main.journal-screen">
        {journal}
      </Ahead>
      <Ahead
        open={screen === 'settings'}
        root="main.settings-screen"
        drawAhead={manages}
        codeIn={settingsCodeIn}
        layOutEachVisit
      >
        {settings}
      </Ahead>
      <Loaded>{screen === 'manager' ? <ManagerScreen /> : null}</Loaded>
    </>
  )
}

/** A manager's screen, its code loaded on first use (lazy-screens.ts). */
function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
}

/**
 * A screen drawn ahead, hidden, while the desk is idle — React's Activity: none of its effects run (it asks
 * main nothing, no key reaches it, it takes no focus) — so that its key shows it rather than builds it in the
 * key's frame (the journal: its first F3 was the slowest key of a clerk's session on a slow PC), and leaving it
 * hides it rather than tears it down in the next key's. Each visit is a new screen (its fields, its list at
 * the top), as when it was built on its key: the one left is replaced, hidden, by a fresh one for the next
 * visit (or kept as it was, keepWhenLeft). A screen shown this way takes its focus in an effect, not with
 * autoFocus (which a screen drawn hidden would have had nothing to give), and asks main for what it shows in the
 * task after its key's (its effects all run in that key's task: ui/after-paint.ts). The journal, Settings (F4:
 * the first was ~130 ms at 4× CPU built on its key, behind a "Loading…" frame) and Sell at its choice of a value;
 * not the Manager's screen: its F5 draws its tabs alone and its panel a render later, cheaper than showing the
 * whole screen with its report. Its children must be
 * the same element from one render of the parent to the next (CurrentScreen's useMemo): a hidden screen drawn
 * again is hidden again by React, which undoes its layout. Memo: a screen change does not render it at all.
 */
const Ahead = memo(function Ahead({
  open,
  root,
  drawAhead = true,
  codeIn,
  layOutEachVisit = false,
  keepWhenLeft = false,
  children,
}: {
  open: boolean
  root: string
  /** False: drawn only while open, not ahead nor kept once left (Settings for a clerk, who cannot open it). */
  drawAhead?: boolean
  /** Settles once the screen's code is in (loaded on first use): drawn ahead only then, never if refused. */
  codeIn?: () => Promise<void>
  /** Laid out hidden again for each visit, not only when first drawn and in a new language. */
  layOutEachVisit?: boolean
  /**
   * Kept as it was left, hidden, not replaced by a fresh one for the next visit: for a screen whose whole state is
   * in its store, put back by its store when left (Sell at its choice). Drawing a fresh one at idle priority came
   * just after the next key (F2 leaves Sell, F3 follows) and a key after that waited for its commit.
   */
  keepWhenLeft?: boolean
  children: ReactNode
}) {
  // Drawn once the fonts are warm: a clerk's first sale needs them sooner than F3 needs the screen (drawn at
  // once if its key comes first).
  const [ahead, setAhead] = useState(false)
  useEffect(() => {
    if (!drawAhead) return
    let cancelled = false
    const stopWaiting = afterFontsWarmedUp(() => {
      // Its code first, if it has code of its own (a manager's screen): not drawn ahead if it cannot be read.
      void (codeIn ?? (() => Promise.resolve()))().then(
        () => {
          if (!cancelled) setAhead(true)
        },
        () => {},
      )
    })
    return () => {
      cancelled = true
      stopWaiting()
    }
  }, [drawAhead, codeIn])
  // Shown once, kept: leaving it hides it (and draws the next visit's, unless keepWhenLeft), never tears it down in
  // the next key's frame.
  if (open && !ahead) setAhead(true)
  const [visit, setVisit] = useState(0)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current && !open) setVisit((v) => v + 1)
    wasOpen.current = open
  }, [open])
  // Laid out while idle, still hidden (ui/warm-up.ts): its first key shows it with the browser's work for it
  // done — again when it is drawn anew (a new language: its words differ; React draws it hidden at idle priority,
  // which comes before the idle moment, after the fonts' lines of the new language besides). Each visit's too
  // where that pays (layOutEachVisit, Settings: its second F4 was ~106 ms at 4× CPU without, ~82 with); not the
  // journal's: laid out after each, the later F3s were no faster (ten alternated runs at 4× CPU) and the keys
  // after leaving it met the idle moment's ~30 ms more often (measured before the layout waited for a pause in the
  // keys, ui/when-quiet.ts).
  const layOutFor = layOutEachVisit ? visit : 0
  // biome-ignore lint/correctness/useExhaustiveDependencies: the screen drawn anew is a new one to lay out
  useEffect(
    () => warmUpWhenIdle(() => document.querySelector<HTMLElement>(root)),
    [root, children, layOutFor],
  )
  // In the commit that shows it, before its own effects (its search takes the focus): back in the page's flow.
  useInsertionEffect(() => {
    if (open) showScreenLaidOut(document.querySelector<HTMLElement>(root))
  }, [open, root])
  return (
    <Activity mode={open ? 'visible' : 'hidden'}>
      {(ahead && drawAhead) || open ? <Fragment key={keepWhenLeft ? 0 : visit}>{children}</Fragment> : null}
    </Activity>
  )
})

/** While a manager's screen is still loading (the first F4/F5 before the preload finished). */
function ScreenLoading() {
  const t = useT()
  return <p className="screen">{t.common.loading}</p>
}
