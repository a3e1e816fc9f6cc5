import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { depositStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { useDeliberateConfirm } from '../../ui/deliberate'
import { Phone } from '../../ui/Ltr'

/**
 * "Is the account holder named …?" The answer that lets money go is a deliberate act after the name is
 * visible: Yes is not focused and waits a moment; an Enter in that moment (the phone's Enter bouncing, a
 * key held or mashed) starts the wait again. Esc goes back to the phone; it never answers.
 */
export function NameStep() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  const question = useRef<HTMLHeadingElement>(null)
  const { armed, attempt } = useDeliberateConfirm(() => depositStore.getState().answerName(true))

  useEffect(() => {
    question.current?.focus()
  }, [])

  if (!customer) return null
  return (
    <section className="panel panel-info name-step" aria-labelledby="name-question">
      <h2 className="panel-title">{t.deposit.nameAsk}</h2>
      <p className="name-question" id="name-question" ref={question} tabIndex={-1}>
        {t.deposit.nameQuestion} <strong className="holder-name">{customer.firstName}</strong>
        {t.common.questionMark}
      </p>
      <p>
        <Phone phone={customer.phone} />
      </p>
      <p className="hint" role="status">
        {armed ? t.deposit.nameHow : t.deposit.nameWait}
      </p>
      <div className="actions">
        <Button variant="primary" shortcut="Enter" disabled={!armed} onClick={attempt}>
          {t.common.yes}
        </Button>
        <Button variant="danger" onClick={() => depositStore.getState().answerName(false)}>
          {t.common.no}
        </Button>
        <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
          {t.common.back}
        </Button>
      </div>
    </section>
  )
}
