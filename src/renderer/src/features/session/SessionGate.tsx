import { type ReactNode, useEffect } from 'react'
import { useStore } from 'zustand'
import { appStore, sessionStore } from '../../app/stores'
import { languageFromLocale } from '../../i18n'
import { useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { useAutoLock } from './auto-lock'
import { SetupScreen } from './SetupScreen'
import { SignInScreen } from './SignInScreen'
import '../../styles/manager.css'

/**
 * What the window may show: the desk while a person is signed in (or before any manager exists, when the
 * first start is setup and everything works as before), else the sign-in. Locks itself after the idle time.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useT()
  const session = useStore(sessionStore, (s) => s.session)
  const settingUp = useStore(sessionStore, (s) => s.settingUp)

  useEffect(() => {
    void sessionStore.getState().load()
  }, [])

  // The terminal's language, before anyone signs in (full settings are for signed-in people).
  const language = session?.language
  useEffect(() => {
    if (language !== undefined)
      appStore.getState().setLanguage(language ?? languageFromLocale(navigator.language))
  }, [language])

  useAutoLock(
    session?.person ? session.autoLockMinutes : null,
    () => void sessionStore.getState().signOut(true),
    () => sessionStore.getState().activity(),
  )

  if (!session) return <p className="screen">{t.common.loading}</p>
  if (settingUp) return <SetupScreen />
  if (!session.setupNeeded && !session.person) return <SignInScreen />
  return (
    <>
      {session.setupNeeded ? <SetupBanner /> : null}
      {children}
    </>
  )
}

/** A terminal without a manager says so, and offers to set one up; nothing is blocked meanwhile. */
function SetupBanner() {
  const t = useT()
  const m = t.manager.session
  return (
    <section className="setup-banner" aria-labelledby="setup-banner-title">
      <div>
        <h2 id="setup-banner-title">{m.setupBannerTitle}</h2>
        <p>{m.setupBanner}</p>
      </div>
      <Button variant="primary" onClick={() => sessionStore.getState().startSetup()}>
        {m.setupNow}
      </Button>
    </section>
  )
}

/** The signed-in person in the top bar, and the way out. */
export function PersonMenu() {
  const t = useT()
  const person = useStore(sessionStore, (s) => s.session?.person ?? null)
  if (!person) return null
  return (
    <span className="person-menu">
      <span className="person-who">
        <bdi className="person-name" title={person.name}>
          {person.name}
        </bdi>
        <span className="person-role">{t.manager.role[person.role]}</span>
      </span>
      <button
        type="button"
        className="language-switch"
        onClick={() => void sessionStore.getState().signOut()}
      >
        {t.manager.session.signOut}
      </button>
    </span>
  )
}
