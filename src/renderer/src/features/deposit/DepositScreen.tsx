import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { useScreenKeys } from '../../ui/keys'
import { AmountStep } from './AmountStep'
import { Customer } from './Customer'
import { NameStep } from './NameStep'
import { OpenElsewhereStep } from './OpenElsewhereStep'
import { OpenStep } from './OpenStep'
import { PhoneStep } from './PhoneStep'
import { ResultStep } from './ResultStep'
import { ReviewStep } from './ReviewStep'
import { Sending } from './Sending'
import { StopStep } from './StopStep'

export function DepositScreen() {
  const t = useT()
  const step = useStore(depositStore, (s) => s.step)

  // Leaving the screen abandons a deposit not yet sent (app/stores.ts, on the screen change): coming back
  // never finds the last customer half-way.

  useScreenKeys((event) => {
    if (event.key !== 'Escape') return false
    const s = depositStore.getState()
    // Esc is always "back": on the name question it returns to the phone, never answers it.
    if (s.step === 'sending' || (s.step === 'phone' && !s.phoneText)) return false
    s.back()
    return true
  })

  return (
    <main className="screen" aria-labelledby="deposit-title">
      <h1 id="deposit-title">{t.deposit.title}</h1>
      <Customer />
      {step === 'phone' ? <PhoneStep /> : null}
      {step === 'open' ? <OpenStep /> : null}
      {step === 'name' ? <NameStep /> : null}
      {step === 'stop' ? <StopStep /> : null}
      {step === 'elsewhere' ? <OpenElsewhereStep /> : null}
      {step === 'amount' ? <AmountStep /> : null}
      {step === 'review' ? <ReviewStep /> : null}
      {step === 'sending' ? <Sending /> : null}
      {step === 'result' ? <ResultStep /> : null}
    </main>
  )
}
