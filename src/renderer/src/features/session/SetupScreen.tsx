import { useRef, useState } from 'react'
import { useStore } from 'zustand'
import { toLatinDigits } from '../../../../shared/digits'
import { PIN_MAX_DIGITS, PIN_MIN_DIGITS } from '../../../../shared/people'
import { sessionStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { useScreenKeys } from '../../ui/keys'
import { ScreenHead } from './ScreenHead'

/** The first start: who manages this terminal. Afterwards everyone signs in. */
export function SetupScreen() {
  const t = useT()
  const m = t.manager.session
  const busy = useStore(sessionStore, (s) => s.busy)
  const error = useStore(sessionStore, (s) => s.error)
  const [name, setName] = useState('')
  const [pin, setPin] = useState('')
  const [again, setAgain] = useState('')
  const [tried, setTried] = useState(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const pinRef = useRef<HTMLInputElement>(null)
  const againRef = useRef<HTMLInputElement>(null)
  const nameMissing = name.trim() === '' ? m.nameMissing : null
  const problem = pinProblem(pin, m)
  const mismatch = again !== pin ? m.pinMismatch : null
  const ok = nameMissing === null && problem === null && mismatch === null
  useScreenKeys((event) => {
    if (event.key !== 'Escape') return false
    sessionStore.getState().cancelSetup()
    return true
  })

  return (
    <main className="screen setup-screen" aria-labelledby="setup-title">
      <ScreenHead />
      <h1 id="setup-title">{m.setupTitle}</h1>
      <p>{m.setupIntro}</p>
      <form
        className="card setup-form"
        onSubmit={(e) => {
          e.preventDefault()
          setTried(true)
          if (ok) {
            void sessionStore.getState().createManager(name.trim(), pin)
            return
          }
          // Nothing is created: the first field that needs the clerk's attention takes the focus.
          const first = nameMissing ? nameRef : problem ? pinRef : againRef
          first.current?.focus()
        }}
      >
        <TextField
          ref={nameRef}
          label={m.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
          maxLength={60}
          problem={tried ? nameMissing : null}
        />
        <TextField
          ref={pinRef}
          label={m.newPin}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          dir="ltr"
          hint={m.pinHint}
          value={pin}
          onChange={(e) => setPin(toLatinDigits(e.target.value))}
          problem={tried || pin.length >= PIN_MIN_DIGITS ? problem : null}
        />
        <TextField
          ref={againRef}
          label={m.pinAgain}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          dir="ltr"
          value={again}
          onChange={(e) => setAgain(toLatinDigits(e.target.value))}
          problem={tried || again.length >= pin.length ? mismatch : null}
        />
        {error ? <ErrorNote error={error} /> : null}
        <div className="actions">
          <Button type="submit" variant="primary" shortcut="Enter" disabled={busy}>
            {m.create}
          </Button>
          <Button onClick={() => sessionStore.getState().cancelSetup()} shortcut="Esc">
            {m.later}
          </Button>
        </div>
      </form>
    </main>
  )
}

export function pinProblem(pin: string, m: { pinShort: string; pinDigits: string }): string | null {
  if (!/^\d*$/.test(pin)) return m.pinDigits
  if (pin.length < PIN_MIN_DIGITS || pin.length > PIN_MAX_DIGITS) return m.pinShort
  return null
}
