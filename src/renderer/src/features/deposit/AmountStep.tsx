import { type FormEvent, useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { depositRulesOf } from '../../../../shared/deposit-rules'
import { parseLyd } from '../../../../shared/money'
import { normalizeLibyanPhone } from '../../../../shared/phone'
import { depositStore, settingsStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button, TextField } from '../../ui/controls'
import { formatLyd } from '../../ui/format'
import { AmountSaid, Money } from '../../ui/Ltr'
import { QUICK_AMOUNTS_DIRHAMS } from './store'

/** A phone number typed into the amount field: 9 digits of a Libyan mobile, with or without its 0. */
function looksLikePhone(text: string): boolean {
  const digits = text.replace(/\D/g, '')
  return normalizeLibyanPhone(text) !== null || /^9[1-6]\d{7}$/.test(digits)
}

export function AmountStep() {
  const t = useT()
  const amountText = useStore(depositStore, (s) => s.amountText)
  const againText = useStore(depositStore, (s) => s.amountAgainText)
  const problem = useStore(depositStore, (s) => s.amountProblem)
  // The rules from the settings store, as the deposit store applies them (shared/deposit-rules.ts).
  const threshold = useStore(settingsStore, (s) => depositRulesOf(s.settings).doubleEntryAboveDirhams)
  const max = useStore(settingsStore, (s) => depositRulesOf(s.settings).depositMaxDirhams)
  const amountRef = useRef<HTMLInputElement>(null)
  const againRef = useRef<HTMLInputElement>(null)
  const parsed = parseLyd(amountText)
  const aboveMax = parsed.ok && parsed.value > max
  const twice = parsed.ok && parsed.value > threshold && !aboveMax
  /** What is wrong with the second entry of a large amount (said under that field). */
  const aboutAgain = problem === 'again' || problem === 'againAmbiguous'
  // Two amounts that differed: both fields were emptied, and it is said under the first, which has the focus.
  const firstProblem = aboveMax ? 'maximum' : problem && !aboutAgain ? problem : null
  const againProblem = aboutAgain ? problem : null
  useEffect(() => {
    if (problem === 'mismatch') amountRef.current?.focus()
  }, [problem])

  function submit(e: FormEvent) {
    e.preventDefault()
    // Enter on a large amount moves to the second field; it is not marked wrong before the clerk has used it.
    if (twice && againText.trim() === '' && document.activeElement === amountRef.current) {
      againRef.current?.focus()
      return
    }
    void depositStore.getState().toReview()
  }

  return (
    <form className="step" onSubmit={submit}>
      <TextField
        ref={amountRef}
        label={t.deposit.amount}
        hint={parsed.ok ? <AmountSaid dirhams={parsed.value} /> : t.deposit.amountHint}
        problem={
          firstProblem === 'maximum'
            ? `${looksLikePhone(amountText) ? `${t.deposit.looksLikePhone} ` : ''}${t.deposit.maximumIs(formatLyd(max))}`
            : firstProblem
              ? t.deposit.amountProblem[firstProblem]
              : null
        }
        value={amountText}
        onChange={(e) => depositStore.getState().setAmount(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        className="field-amount"
        autoFocus
      />
      <fieldset className="quick">
        <legend>{t.deposit.quickAmounts}</legend>
        {QUICK_AMOUNTS_DIRHAMS.map((d) => (
          <button
            key={d}
            type="button"
            className="btn btn-quiet quick-amount"
            onClick={() => depositStore.getState().setAmount(formatLyd(d))}
          >
            <Money dirhams={d} />
          </button>
        ))}
      </fieldset>
      {twice ? (
        <TextField
          ref={againRef}
          label={t.deposit.amountAgain}
          hint={t.deposit.amountAgainHint}
          problem={againProblem ? t.deposit.amountProblem[againProblem] : null}
          value={againText}
          onChange={(e) => depositStore.getState().setAmountAgain(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          className="field-amount"
          // Pasting would defeat the point of typing it twice.
          onPaste={(e) => e.preventDefault()}
        />
      ) : null}
      <div className="actions">
        <Button type="submit" variant="primary" shortcut="Enter" disabled={aboveMax}>
          {t.deposit.toReview}
        </Button>
        <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
          {t.common.back}
        </Button>
      </div>
    </form>
  )
}
