import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button, Facts, Panel, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { LastOperationLine } from '../../ui/LastOperation'
import { Money, Phone } from '../../ui/Ltr'

export function PhoneStep() {
  const t = useT()
  const phoneText = useStore(depositStore, (s) => s.phoneText)
  const invalid = useStore(depositStore, (s) => s.phoneInvalid)
  const lookingUp = useStore(depositStore, (s) => s.lookingUp)
  const error = useStore(depositStore, (s) => s.error)
  const last = useStore(depositStore, (s) => s.last)
  const leftUnsent = useStore(depositStore, (s) => s.leftUnsent)
  // Back from a stop (no wallet, an inactive one, a name the customer denied): the phone is still there to
  // correct, selected, so the next customer's number typed replaces it instead of joining it.
  const phoneRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (phoneRef.current?.value) phoneRef.current.select()
  }, [])
  return (
    <form
      className="step"
      onSubmit={(e) => {
        e.preventDefault()
        void depositStore.getState().lookUp()
      }}
    >
      {leftUnsent ? (
        <Panel tone="pending" title={t.deposit.leftUnsentTitle} role="status">
          <p>{t.deposit.leftUnsentBody}</p>
          <Facts
            items={[
              [t.deposit.reviewPhone, <Phone key="p" phone={leftUnsent.phone} />],
              [t.deposit.reviewName, <strong key="n">{leftUnsent.firstName}</strong>],
              [t.deposit.reviewAmount, <Money key="a" dirhams={leftUnsent.amountDirhams} />],
            ]}
          />
        </Panel>
      ) : null}
      <TextField
        label={t.deposit.phone}
        hint={t.deposit.phoneHint}
        problem={invalid ? (phoneText.trim() === '' ? t.deposit.phoneEmpty : t.deposit.phoneInvalid) : null}
        value={phoneText}
        onChange={(e) => depositStore.getState().setPhone(e.target.value)}
        inputMode="tel"
        autoComplete="off"
        dir="ltr"
        className="field-phone"
        autoFocus
        ref={phoneRef}
      />
      {error ? <ErrorNote error={error} /> : null}
      <div className="actions">
        <Button type="submit" variant="primary" shortcut="Enter" disabled={lookingUp}>
          {lookingUp ? t.deposit.lookingUp : t.deposit.lookUp}
        </Button>
      </div>
      <LastOperationLine last={last} label={t.deposit.last} />
    </form>
  )
}
