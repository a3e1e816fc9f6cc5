import { useEffect, useId, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { toLatinDigits } from '../../../../shared/digits'
import { sessionStore } from '../../app/stores'
import { errorMessage } from '../../i18n'
import { useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { ScreenHead } from './ScreenHead'

const PAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

/** Seconds left until the given instant, ticking while there are some. */
function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === null || until <= Date.now()) return
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [until])
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000))
}

/**
 * Who is working, and their PIN: a picker of the people on this PC (arrow keys move, as in any radio group),
 * a PIN field that takes the keyboard's digits (Arabic-Indic too) and a PIN pad for touch screens.
 */
export function SignInScreen() {
  const t = useT()
  const m = t.manager
  const people = useStore(sessionStore, (s) => s.people)
  const busy = useStore(sessionStore, (s) => s.busy)
  const error = useStore(sessionStore, (s) => s.error)
  const locked = useStore(sessionStore, (s) => s.locked)
  const autoLock = useStore(sessionStore, (s) => s.session?.autoLockMinutes ?? 0)
  const waitUntil = useStore(sessionStore, (s) => s.waitUntil)
  const attemptFor = useStore(sessionStore, (s) => s.attemptFor)
  const [personId, setPersonId] = useState<string | null>(null)
  const [pin, setPin] = useState('')
  const pinRef = useRef<HTMLInputElement>(null)
  const pinId = useId()
  const pickerRef = useRef<HTMLFieldSetElement>(null)
  const chosen = personId ?? (people.length === 1 ? (people[0]?.id ?? null) : null)
  const nameOf = (id: string | null) => people.find((p) => p.id === id)?.name ?? ''
  // The last try's refusal and wait are about one person (main keeps a wait per person): not another's.
  const aboutChosen = attemptFor === null || attemptFor === chosen
  const waitSeconds = useSecondsUntil(aboutChosen ? waitUntil : null)

  // The only person: the PIN takes the keyboard. Several: the list does (arrows move in it, digits start the
  // PIN of the person with the focus).
  const single = people.length === 1
  const anyone = people.length > 0
  useEffect(() => {
    if (!anyone) return
    if (single) pinRef.current?.focus()
    else
      pickerRef.current
        ?.querySelector<HTMLInputElement>('input[type="radio"]:checked, input[type="radio"]')
        ?.focus()
  }, [single, anyone])

  // A person chosen with the mouse: on to the PIN (the PIN field is enabled once the choice has rendered).
  const [pinNext, setPinNext] = useState(false)
  useEffect(() => {
    if (!pinNext || !chosen) return
    pinRef.current?.focus()
    setPinNext(false)
  }, [pinNext, chosen])

  /**
   * A digit typed while the chosen name has the focus starts the PIN. Nobody is chosen for the clerk: a digit
   * typed on a name not chosen (the first of the list has the focus at the start) is not taken as anyone's
   * PIN — it would be tried, and counted, against someone who never chose it — and the screen says so.
   */
  const [chooseFirst, setChooseFirst] = useState(false)
  function onPickerKey(event: React.KeyboardEvent<HTMLFieldSetElement>) {
    const digit = toLatinDigits(event.key)
    if (!/^\d$/.test(digit) || event.ctrlKey || event.altKey || event.metaKey) return
    const radio = event.target as HTMLInputElement
    if (radio.type !== 'radio') return
    event.preventDefault()
    if (chosen !== radio.value) {
      setChooseFirst(true)
      return
    }
    setPin((p) => (p.length < 12 ? p + digit : p))
    setPinNext(true)
  }

  /**
   * A try during the wait is refused by the store without reaching main (never counted as a wrong PIN); the
   * field is emptied all the same and the screen says it was not tried, so the PIN is typed once, afterwards.
   */
  async function submit() {
    if (!chosen || pin === '' || busy) return
    const ok = await sessionStore.getState().signIn(chosen, pin)
    if (!ok) {
      setPin('')
      pinRef.current?.focus()
    }
  }

  const press = (digit: string) => {
    setPin((p) => (p.length < 12 ? p + digit : p))
    pinRef.current?.focus()
  }

  // TOO_MANY_ATTEMPTS: the last try was refused for the wait alone, unchecked (here or in main): "not tried",
  // and once the wait is over "you can try now", never "wrong PIN".
  let problem: string | null = null
  /** Not a problem with what is typed: said beside the field, which is not marked. */
  let notice: string | null = null
  if (!aboutChosen || !error) problem = null
  else if (waitSeconds > 0)
    problem =
      error.code === 'TOO_MANY_ATTEMPTS' ? m.session.notTried(waitSeconds) : m.session.wait(waitSeconds)
  // A PIN typed during the wait and not sent is still in the field: "type it again" would have it typed twice.
  else if (error.code === 'WRONG_PIN' && waitUntil !== null && pin !== '') notice = m.session.tryTyped
  else if (error.code === 'WRONG_PIN') problem = m.session.wrongPin(nameOf(attemptFor ?? chosen))
  else if (error.code === 'TOO_MANY_ATTEMPTS') notice = m.session.tryNow
  else problem = errorMessage(t, error)

  return (
    <main className="screen signin-screen" aria-labelledby="signin-title">
      <ScreenHead />
      <h1 id="signin-title">{m.session.signInTitle}</h1>
      {locked ? (
        <p className="notice-line" role="status">
          {m.session.lockedIdle(autoLock)}
        </p>
      ) : null}
      {people.length === 0 ? <p className="warning warning-pending">{m.session.noPeople}</p> : null}
      <form
        className="signin-form card"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <fieldset className="people-picker" ref={pickerRef} onKeyDown={onPickerKey}>
          <legend>{m.session.whoAreYou}</legend>
          {chooseFirst && !chosen ? (
            <p className="problem people-hint" role="alert">
              {m.session.chooseFirst}
            </p>
          ) : (
            <p className="hint people-hint">{m.session.typeToPin}</p>
          )}
          {people.map((p) => (
            // A long name is cut to two lines on its card; the whole of it shows on hover.
            <label
              key={p.id}
              className={`person-choice${chosen === p.id ? ' is-chosen' : ''}`}
              title={p.name}
            >
              <input
                type="radio"
                name="person"
                value={p.id}
                checked={chosen === p.id}
                onChange={() => {
                  setPersonId(p.id)
                  setPin('')
                  setChooseFirst(false)
                }}
                // A click with the pointer (detail > 0), not an arrow key moving through the list.
                onClick={(e) => {
                  if (e.detail > 0) setPinNext(true)
                }}
              />
              <bdi className="person-name">{p.name}</bdi>
              <span className="person-choice-role muted">{m.role[p.role]}</span>
            </label>
          ))}
        </fieldset>
        <div className="signin-pin">
          <div className="field">
            <label htmlFor={pinId}>{m.session.pin}</label>
            <input
              id={pinId}
              ref={pinRef}
              className="pin-input"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={12}
              value={pin}
              disabled={!chosen}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${pinId}-problem` : notice ? `${pinId}-notice` : undefined}
              onChange={(e) => setPin(toLatinDigits(e.target.value).replace(/\D/g, ''))}
              // Enter during the wait: Sign in is disabled, so the form would not submit and the PIN would stay
              // in the field unsaid; it is refused in words instead (and the field emptied).
              onKeyDown={(e) => {
                if (e.key !== 'Enter' || waitSeconds === 0) return
                e.preventDefault()
                void submit()
              }}
            />
            {problem ? (
              <div id={`${pinId}-problem`} className="problem" role="alert">
                {problem}
              </div>
            ) : null}
            {notice ? (
              <div id={`${pinId}-notice`} className="hint" role="status">
                {notice}
              </div>
            ) : null}
          </div>
          <fieldset className="pin-pad" aria-label={m.session.pinPad} dir="ltr">
            {PAD.map((d) => (
              <button
                key={d}
                type="button"
                className="btn btn-secondary"
                disabled={!chosen}
                onClick={() => press(d)}
              >
                {d}
              </button>
            ))}
            <button type="button" className="btn btn-quiet" disabled={!chosen} onClick={() => setPin('')}>
              {m.session.clear}
            </button>
            <button type="button" className="btn btn-secondary" disabled={!chosen} onClick={() => press('0')}>
              0
            </button>
            <button
              type="button"
              className="btn btn-quiet"
              aria-label={m.session.backspace}
              disabled={!chosen}
              onClick={() => setPin((p) => p.slice(0, -1))}
            >
              ⌫
            </button>
          </fieldset>
          <Button
            type="submit"
            variant="primary"
            shortcut="Enter"
            disabled={!chosen || pin === '' || busy || waitSeconds > 0}
          >
            {busy ? m.session.signingIn : m.session.signIn}
          </Button>
        </div>
      </form>
    </main>
  )
}
