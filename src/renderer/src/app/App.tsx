import { Suspense, useEffect, useLayoutEffect } from 'react'
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
import { ManagerScreen, preloadManagerScreens, SettingsScreen } from './lazy-screens'
import { screenForKey, screensFor } from './navigation'
import { appStore, noticesStore, sessionStore, settingsStore, statusStore } from './stores'

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
    const timer = setInterval(poll, POLL_MS)
    return () => clearInterval(timer)
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
    // After the first screen has painted: the manager's screens are then ready before F4/F5.
    const timer = setTimeout(preloadManagerScreens, 500)
    return () => clearTimeout(timer)
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

/** The open screen: the only part of the desk a screen change renders (not the top bar, the notices, the preview). */
function CurrentScreen() {
  const screen = useStore(appStore, (s) => s.screen)
  return (
    <>
      {screen === 'sell' ? <SellScreen /> : null}
      {screen === 'deposit' ? <DepositScreen /> : null}
      {screen === 'journal' ? <JournalScreen /> : null}
      <Suspense fallback={<ScreenLoading />}>
        {screen === 'settings' ? <SettingsScreen /> : null}
        {screen === 'manager' ? <ManagerScreen /> : null}
      </Suspense>
    </>
  )
}

/** While a manager's screen is still loading (the first F4/F5 before the preload finished). */
function ScreenLoading() {
  const t = useT()
  return <p className="screen">{t.common.loading}</p>
}
