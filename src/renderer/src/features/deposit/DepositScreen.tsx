import { useStore } from 'zustand'
import type { JournalEntry } from '../../../../shared/contract'
import { parseLyd } from '../../../../shared/money'
import { depositStore, openEntry } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button, Facts, Panel, TextField } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { canRetry, limitFigures } from '../../ui/entry'
import { formatLyd } from '../../ui/format'
import { useScreenKeys } from '../../ui/keys'
import { LimitFigures } from '../../ui/LimitFigures'
import { Ltr, Money, Phone } from '../../ui/Ltr'
import { Progress } from '../../ui/Progress'
import { OpenElsewhereNote } from '../headoffice/OpenElsewhereNote'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'
import { QUICK_AMOUNTS_DIRHAMS, unresolvedEntryId } from './store'

export function DepositScreen() {
  const t = useT()
  const step = useStore(depositStore, (s) => s.step)

  useScreenKeys((event) => {
    if (event.key !== 'Escape') return false
    const s = depositStore.getState()
    if (s.step === 'name') s.answerName(false)
    else if (s.step === 'amount' || s.step === 'review' || s.step === 'stop') s.back()
    else if (s.step === 'result') s.reset()
    else if (s.step === 'phone' && s.phoneText) s.setPhone('')
    else return false
    return true
  })

  return (
    <main className="screen" aria-labelledby="deposit-title">
      <h1 id="deposit-title">{t.deposit.title}</h1>
      <Customer />
      <OpenElsewhereNote />
      {step === 'phone' ? <PhoneStep /> : null}
      {step === 'name' ? <NameStep /> : null}
      {step === 'stop' ? <StopStep /> : null}
      {step === 'amount' ? <AmountStep /> : null}
      {step === 'review' ? <ReviewStep /> : null}
      {step === 'sending' ? <Progress text={t.deposit.sending} /> : null}
      {step === 'result' ? <ResultStep /> : null}
    </main>
  )
}

/** Who the money goes to, kept in sight once the customer is confirmed. */
function Customer() {
  const t = useT()
  const step = useStore(depositStore, (s) => s.step)
  const customer = useStore(depositStore, (s) => s.customer)
  if (!customer || !['amount', 'review', 'sending'].includes(step)) return null
  return (
    <p className="customer-line">
      <span>{t.deposit.reviewName}:</span> <strong>{customer.firstName}</strong>{' '}
      <Phone phone={customer.phone} />
    </p>
  )
}

function PhoneStep() {
  const t = useT()
  const phoneText = useStore(depositStore, (s) => s.phoneText)
  const invalid = useStore(depositStore, (s) => s.phoneInvalid)
  const lookingUp = useStore(depositStore, (s) => s.lookingUp)
  const error = useStore(depositStore, (s) => s.error)
  return (
    <form
      className="step"
      onSubmit={(e) => {
        e.preventDefault()
        void depositStore.getState().lookUp()
      }}
    >
      <TextField
        label={t.deposit.phone}
        hint={<Ltr>{t.deposit.phoneHint}</Ltr>}
        problem={invalid ? t.deposit.phoneInvalid : null}
        value={phoneText}
        onChange={(e) => depositStore.getState().setPhone(e.target.value)}
        inputMode="tel"
        autoComplete="off"
        dir="ltr"
        className="field-phone"
        autoFocus
      />
      {error ? <ErrorNote error={error} /> : null}
      <div className="actions">
        <Button type="submit" variant="primary" shortcut="Enter" disabled={lookingUp}>
          {lookingUp ? t.deposit.lookingUp : t.deposit.lookUp}
        </Button>
      </div>
    </form>
  )
}

function NameStep() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  if (!customer) return null
  return (
    <Panel tone="info" title={t.deposit.nameAsk}>
      <p className="name-question">
        {t.deposit.nameQuestion} <strong className="holder-name">{customer.firstName}</strong>
        {t.common.questionMark}
      </p>
      <p>
        <Phone phone={customer.phone} />
      </p>
      <div className="actions">
        <Button
          variant="primary"
          shortcut="Enter"
          autoFocus
          onClick={() => depositStore.getState().answerName(true)}
        >
          {t.common.yes}
        </Button>
        <Button variant="danger" shortcut="Esc" onClick={() => depositStore.getState().answerName(false)}>
          {t.common.no}
        </Button>
      </div>
    </Panel>
  )
}

function StopStep() {
  const t = useT()
  const stop = useStore(depositStore, (s) => s.stop)
  const customer = useStore(depositStore, (s) => s.customer)
  const phoneText = useStore(depositStore, (s) => s.phoneText)
  const [title, body] =
    stop === 'notFound'
      ? [t.deposit.notFoundTitle, t.deposit.notFoundBody]
      : stop === 'inactive'
        ? [t.deposit.inactiveTitle, t.deposit.inactiveBody]
        : [t.deposit.nameRejectedTitle, t.deposit.nameRejectedBody]
  return (
    <Panel tone="bad" title={title} role="alert">
      <p>{body}</p>
      <p>{customer ? <Phone phone={customer.phone} /> : <Ltr>{phoneText}</Ltr>}</p>
      <div className="actions">
        <Button variant="primary" shortcut="Esc" autoFocus onClick={() => depositStore.getState().back()}>
          {t.deposit.startOver}
        </Button>
      </div>
    </Panel>
  )
}

function AmountStep() {
  const t = useT()
  const amountText = useStore(depositStore, (s) => s.amountText)
  const againText = useStore(depositStore, (s) => s.amountAgainText)
  const problem = useStore(depositStore, (s) => s.amountProblem)
  const threshold = useStore(depositStore, (s) => s.doubleEntryAboveDirhams)
  const parsed = parseLyd(amountText)
  const twice = parsed.ok && parsed.value > threshold
  return (
    <form
      className="step"
      onSubmit={(e) => {
        e.preventDefault()
        void depositStore.getState().toReview()
      }}
    >
      <TextField
        label={t.deposit.amount}
        hint={
          parsed.ok ? (
            <>
              = <Money dirhams={parsed.value} />
            </>
          ) : (
            t.deposit.amountHint
          )
        }
        problem={
          problem && problem !== 'mismatch' && problem !== 'again' ? t.deposit.amountProblem[problem] : null
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
          label={t.deposit.amountAgain}
          hint={t.deposit.amountAgainHint}
          problem={problem === 'mismatch' || problem === 'again' ? t.deposit.amountProblem[problem] : null}
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
        <Button type="submit" variant="primary" shortcut="Enter">
          {t.deposit.toReview}
        </Button>
        <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
          {t.common.back}
        </Button>
      </div>
    </form>
  )
}

function ReviewStep() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  const amount = useStore(depositStore, (s) => s.amountDirhams)
  const remaining = useStore(depositStore, (s) => s.estimatedRemainingDirhams)
  const error = useStore(depositStore, (s) => s.error)
  const repeat = useStore(depositStore, (s) => s.repeatQuestion)
  if (!customer || amount == null) return null
  const unresolved = unresolvedEntryId(error)
  return (
    <Panel tone="info" title={t.deposit.reviewTitle}>
      <Facts
        items={[
          [t.deposit.reviewPhone, <Phone key="p" phone={customer.phone} />],
          [t.deposit.reviewName, <strong key="n">{customer.firstName}</strong>],
          [t.deposit.reviewAmount, <Money key="a" dirhams={amount} className="big-figure" />],
          [
            t.deposit.reviewRemaining,
            remaining == null ? t.deposit.reviewRemainingUnknown : <Money key="r" dirhams={remaining} />,
          ],
        ]}
      />
      {repeat ? (
        <Panel tone="pending" title={t.deposit.repeatTitle} role="alert">
          <p>{t.deposit.repeatBody}</p>
          <div className="actions">
            <Button variant="primary" autoFocus onClick={() => void depositStore.getState().confirm(true)}>
              {t.deposit.repeatConfirm}
            </Button>
            <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
              {t.common.cancel}
            </Button>
          </div>
        </Panel>
      ) : null}
      {unresolved ? (
        <Panel tone="bad" title={t.deposit.unresolvedTitle} role="alert">
          <p>{t.errors.UNRESOLVED_DEPOSIT}</p>
          <div className="actions">
            <Button variant="primary" autoFocus onClick={() => openEntry(unresolved)}>
              {t.deposit.unresolvedOpen}
            </Button>
          </div>
        </Panel>
      ) : null}
      {error && !repeat && !unresolved ? <ErrorNote error={error} /> : null}
      {repeat || unresolved ? null : (
        <div className="actions">
          <Button
            variant="primary"
            shortcut="Enter"
            autoFocus
            onClick={() => void depositStore.getState().confirm()}
          >
            {t.deposit.confirm}
          </Button>
          <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
            {t.common.back}
          </Button>
        </div>
      )}
    </Panel>
  )
}

function ResultStep() {
  const entry = useStore(depositStore, (s) => s.result)
  if (!entry) return null
  if (entry.status === 'confirmed') return <Confirmed entry={entry} />
  if (entry.status === 'failed') return <Failed entry={entry} />
  return <Unknown entry={entry} />
}

function NewDeposit({ focus }: { focus?: boolean }) {
  const t = useT()
  return (
    <Button shortcut="Esc" autoFocus={focus} onClick={() => depositStore.getState().reset()}>
      {t.deposit.newDeposit}
    </Button>
  )
}

function EntryFacts({ entry }: { entry: JournalEntry }) {
  const t = useT()
  return (
    <Facts
      items={[
        entry.phone ? [t.deposit.reviewPhone, <Phone key="p" phone={entry.phone} />] : null,
        entry.firstName ? [t.deposit.reviewName, entry.firstName] : null,
        [t.deposit.reviewAmount, <Money key="a" dirhams={entry.amountDirhams} className="big-figure" />],
        entry.serviceTransactionId
          ? [
              t.deposit.serviceTransaction,
              <Ltr key="s" className="strong">
                {entry.serviceTransactionId}
              </Ltr>,
            ]
          : null,
        entry.externalTransactionId
          ? [t.deposit.ourReference, <Ltr key="r">{entry.externalTransactionId}</Ltr>]
          : null,
      ]}
    />
  )
}

function Confirmed({ entry }: { entry: JournalEntry }) {
  const t = useT()
  return (
    <Panel tone="good" title={t.deposit.confirmedTitle} role="status">
      <EntryFacts entry={entry} />
      {entry.confirmedByDuplicate ? (
        <p className="warning warning-pending">{t.deposit.confirmedDuplicate}</p>
      ) : null}
      <div className="actions">
        <PrintButtons entry={entry} primary autoFocus />
        <NewDeposit />
      </div>
      <PrintOutcomeNote entryId={entry.id} />
    </Panel>
  )
}

function Failed({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const isLimit = limitFigures(entry) != null
  return (
    <Panel tone="bad" title={isLimit ? t.deposit.limitTitle : t.deposit.failedTitle} role="alert">
      {isLimit ? null : <p>{t.deposit.failedBody}</p>}
      {entry.error ? <ErrorNote error={entry.error} httpStatus={entry.error.httpStatus} /> : null}
      <LimitFigures entry={entry} />
      <EntryFacts entry={entry} />
      <div className="actions">
        <NewDeposit focus />
      </div>
    </Panel>
  )
}

function Unknown({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const retrying = useStore(depositStore, (s) => s.retrying)
  const error = useStore(depositStore, (s) => s.error)
  return (
    <Panel tone="bad" title={t.deposit.unknownTitle} role="alert">
      <p className="strong">{t.deposit.unknownBody}</p>
      <EntryFacts entry={entry} />
      {error ? <ErrorNote error={error} /> : null}
      <div className="actions">
        {canRetry(entry) ? (
          <Button
            variant="primary"
            autoFocus
            disabled={retrying}
            onClick={() => void depositStore.getState().retrySafely()}
          >
            {retrying ? t.deposit.retrying : t.deposit.retrySafely}
          </Button>
        ) : null}
        <NewDeposit />
      </div>
    </Panel>
  )
}
