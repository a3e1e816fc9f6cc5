import { type FormEvent, type ReactNode, useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import type { JournalEntry } from '../../../../shared/contract'
import { depositRulesOf } from '../../../../shared/deposit-rules'
import { parseLyd } from '../../../../shared/money'
import { normalizeLibyanPhone } from '../../../../shared/phone'
import { depositStore, openEntry, settingsStore, statusStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Badge, Button, Facts, Panel, SettledButton, TextField } from '../../ui/controls'
import { useDeliberateConfirm } from '../../ui/deliberate'
import { ErrorNote } from '../../ui/ErrorNote'
import { canRetry, failedUnsent, isLimitRefusal, isOpen, statusTone } from '../../ui/entry'
import { formatLyd, formatTime } from '../../ui/format'
import { useScreenKeys } from '../../ui/keys'
import { LastOperationLine } from '../../ui/LastOperation'
import { LimitRefusal, LimitWarning } from '../../ui/LimitNotes'
import { AmountSaid, Ltr, Money, MoneyWords, Phone, ReceiptNo } from '../../ui/Ltr'
import { Waiting } from '../../ui/Progress'
import { RetryFeedback } from '../../ui/RetryFeedback'
import { SecondOneQuestion } from '../../ui/SecondOneQuestion'
import { OpenElsewhereStep } from '../headoffice/OpenElsewhereStep'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'
import { QUICK_AMOUNTS_DIRHAMS, unresolvedEntryId } from './store'

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

/** Who the money goes to, kept in sight once the customer is confirmed. */
function Customer() {
  const t = useT()
  const step = useStore(depositStore, (s) => s.step)
  const customer = useStore(depositStore, (s) => s.customer)
  const byCustomer = useStore(depositStore, (s) => s.nameConfirmedBy === 'customer')
  if (!customer || !['amount', 'review', 'sending'].includes(step)) return null
  return (
    <>
      <p className="customer-line">
        <span>{t.deposit.reviewName}:</span> <strong>{customer.firstName}</strong>{' '}
        <Phone phone={customer.phone} />
      </p>
      {byCustomer ? (
        <p className="notice-line notice-good" role="status">
          {t.customerDisplay.confirmedByCustomer}
        </p>
      ) : null}
    </>
  )
}

function PhoneStep() {
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

/** An earlier deposit to this phone is still open: it is settled first, right after the lookup. */
function OpenStep() {
  const t = useT()
  const language = useLanguage()
  const open = useStore(depositStore, (s) => s.open)
  const retry = useStore(depositStore, (s) => s.retry)
  if (!open) return null
  if (!isOpen(open)) {
    return (
      <Panel tone="good" title={t.deposit.openSettledTitle} role="status">
        <p>{open.status === 'confirmed' ? t.deposit.openConfirmed : t.deposit.openNotMade}</p>
        <OpenFacts entry={open} />
        <div className="actions">
          <SettledButton
            variant="primary"
            autoFocus
            onClick={() => depositStore.getState().continueAfterOpen()}
          >
            {t.deposit.continueToName}
          </SettledButton>
          {open.status === 'confirmed' ? <PrintButtons entry={open} /> : null}
          <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
            {t.deposit.startOver}
          </Button>
        </div>
        <PrintOutcomeNote entryId={open.id} />
      </Panel>
    )
  }
  return (
    <Panel tone="bad" title={t.deposit.openTitle} role="alert">
      <p>{t.deposit.openBody}</p>
      <OpenFacts entry={open} />
      <div className="actions">
        {/* Busy is aria-disabled, not disabled: the focus stays on it (the store ignores a press meanwhile). */}
        <SettledButton
          variant="primary"
          autoFocus
          aria-disabled={retry.retrying || !canRetry(open) ? true : undefined}
          onClick={() => void depositStore.getState().retrySafely()}
        >
          {retry.retrying ? t.deposit.retrying : t.deposit.retrySafely}
        </SettledButton>
        <Button onClick={() => openEntry(open.id)}>{t.common.openInJournal}</Button>
        <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
          {t.deposit.startOver}
        </Button>
      </div>
      <RetryFeedback entry={open} retrying={retry.retrying} tried={retry.tried} error={retry.error} />
      <p className="hint">
        {t.deposit.recorded}: {formatTime(open.createdAt, language)}
      </p>
    </Panel>
  )
}

function OpenFacts({ entry }: { entry: JournalEntry }) {
  const t = useT()
  return (
    <Facts
      items={[
        [t.deposit.reviewAmount, <Money key="a" dirhams={entry.amountDirhams} />],
        entry.phone ? [t.deposit.reviewPhone, <Phone key="p" phone={entry.phone} />] : null,
        [
          t.journal.status,
          <Badge key="s" tone={statusTone(entry.status)}>
            {t.entryStatus[entry.status]}
          </Badge>,
        ],
        entry.externalTransactionId
          ? [t.deposit.ourReference, <Ltr key="r">{entry.externalTransactionId}</Ltr>]
          : null,
      ]}
    />
  )
}

/**
 * "Is the account holder named …?" The answer that lets money go is a deliberate act after the name is
 * visible: Yes is not focused and waits a moment; an Enter in that moment (the phone's Enter bouncing, a
 * key held or mashed) starts the wait again. Esc goes back to the phone; it never answers.
 */
function NameStep() {
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

/** A phone as the clerk typed it, grouped like every phone on screen when it is a Libyan mobile number. */
function TypedPhone({ text }: { text: string }) {
  const phone = normalizeLibyanPhone(text)
  return phone ? <Phone phone={phone} /> : <Ltr>{text}</Ltr>
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
      <p>{customer ? <Phone phone={customer.phone} /> : <TypedPhone text={phoneText} />}</p>
      <div className="actions">
        {/* The lookup's Enter, bouncing, does not sweep the reason away before the clerk has read it. */}
        <SettledButton
          variant="primary"
          shortcut="Esc"
          autoFocus
          onClick={() => depositStore.getState().back()}
        >
          {t.deposit.startOver}
        </SettledButton>
      </div>
    </Panel>
  )
}

/** A phone number typed into the amount field: 9 digits of a Libyan mobile, with or without its 0. */
function looksLikePhone(text: string): boolean {
  const digits = text.replace(/\D/g, '')
  return normalizeLibyanPhone(text) !== null || /^9[1-6]\d{7}$/.test(digits)
}

function AmountStep() {
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

function ReviewStep() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  const amount = useStore(depositStore, (s) => s.amountDirhams)
  const limit = useStore(depositStore, (s) => s.limit)
  const error = useStore(depositStore, (s) => s.error)
  const repeat = useStore(depositStore, (s) => s.repeatQuestion)
  if (!customer || amount == null) return null
  const unresolved = unresolvedEntryId(error)
  const remaining = limit?.figures.leftDirhams ?? null
  return (
    <Panel tone="info" title={t.deposit.reviewTitle}>
      <Facts
        items={[
          [t.deposit.reviewPhone, <Phone key="p" phone={customer.phone} />],
          [t.deposit.reviewName, <strong key="n">{customer.firstName}</strong>],
          [
            t.deposit.reviewAmount,
            <span key="a" className="amount-with-words">
              <Money dirhams={amount} className="big-figure" />
              <MoneyWords dirhams={amount} />
            </span>,
          ],
          [
            t.deposit.reviewRemaining,
            remaining == null ? t.deposit.reviewRemainingUnknown : <Money key="r" dirhams={remaining} />,
          ],
        ]}
      />
      <LimitWarning amountDirhams={amount} limit={limit} />
      {repeat ? <RepeatQuestion /> : null}
      {unresolved ? (
        <Panel tone="bad" title={t.deposit.unresolvedTitle} role="alert">
          <p>{t.errors.UNRESOLVED_DEPOSIT}</p>
          <div className="actions">
            <SettledButton variant="primary" autoFocus onClick={() => openEntry(unresolved)}>
              {t.deposit.unresolvedOpen}
            </SettledButton>
          </div>
        </Panel>
      ) : null}
      {error && !repeat && !unresolved ? <ErrorNote error={error} /> : null}
      {repeat || unresolved ? null : <ConfirmDeposit />}
    </Panel>
  )
}

/** The review's confirmation: the Enter that opened the review, bouncing, does not send the money. */
function ConfirmDeposit() {
  const t = useT()
  return (
    <div className="actions">
      <SettledButton
        variant="primary"
        shortcut="Enter"
        autoFocus
        onClick={() => void depositStore.getState().confirm()}
      >
        {t.deposit.confirm}
      </SettledButton>
      <Button shortcut="Esc" onClick={() => depositStore.getState().back()}>
        {t.common.back}
      </Button>
    </div>
  )
}

/**
 * Main asks whether the same amount to the same phone is meant again: the earlier deposit's time and clerk,
 * the focus on Cancel, and the second deposit only by a deliberate act (SecondOneQuestion).
 */
function RepeatQuestion() {
  const t = useT()
  const language = useLanguage()
  const details = useStore(depositStore, (s) => s.error?.details)
  const at = typeof details?.at === 'string' ? details.at : null
  const clerk = typeof details?.clerk === 'string' ? details.clerk : null
  const amount = typeof details?.amountDirhams === 'number' ? details.amountDirhams : null
  return (
    <SecondOneQuestion
      title={t.deposit.repeatTitle}
      body={t.deposit.repeatBody}
      facts={[
        ...(amount !== null
          ? [[t.deposit.reviewAmount, <Money key="a" dirhams={amount} />] as [string, ReactNode]]
          : []),
        ...(at !== null ? [[t.deposit.repeatAt, formatTime(at, language)] as [string, ReactNode]] : []),
        [t.journal.clerk, clerk ?? t.deposit.repeatNoClerk],
      ]}
      confirm={t.deposit.repeatConfirm}
      onConfirm={() => void depositStore.getState().confirm(true)}
      onCancel={() => depositStore.getState().back()}
    />
  )
}

/** Waiting for the service: the amount and the phone on their way, and the seconds waited. */
function Sending() {
  const t = useT()
  const customer = useStore(depositStore, (s) => s.customer)
  const amount = useStore(depositStore, (s) => s.amountDirhams)
  const since = useStore(depositStore, (s) => s.sentAt)
  return (
    <Waiting
      text={t.deposit.sending}
      since={since}
      facts={[
        ...(amount !== null
          ? [
              [t.deposit.reviewAmount, <Money key="a" dirhams={amount} className="big-figure" />] as [
                string,
                ReactNode,
              ],
            ]
          : []),
        ...(customer
          ? [[t.deposit.reviewPhone, <Phone key="p" phone={customer.phone} />] as [string, ReactNode]]
          : []),
      ]}
    />
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
  const Action = focus ? SettledButton : Button
  return (
    <Action shortcut="Esc" autoFocus={focus} onClick={() => depositStore.getState().reset()}>
      {t.deposit.newDeposit}
    </Action>
  )
}

function EntryFacts({ entry, amount = true }: { entry: JournalEntry; amount?: boolean }) {
  const t = useT()
  return (
    <Facts
      items={[
        entry.receiptNo ? [t.receipt.number, <ReceiptNo key="n" value={entry.receiptNo} />] : null,
        entry.phone ? [t.deposit.reviewPhone, <Phone key="p" phone={entry.phone} />] : null,
        entry.firstName ? [t.deposit.reviewName, entry.firstName] : null,
        amount
          ? [t.deposit.reviewAmount, <Money key="a" dirhams={entry.amountDirhams} className="big-figure" />]
          : null,
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
  const limit = useStore(depositStore, (s) => s.limit)
  if (isLimitRefusal(entry)) {
    // What is still possible first; the refused amount is a detail. Another amount needs no new lookup.
    return (
      <Panel tone="bad" title={t.deposit.limitTitle} role="alert">
        <LimitRefusal entry={entry} limit={limit} />
        <EntryFacts entry={entry} amount={false} />
        <div className="actions">
          <SettledButton variant="primary" autoFocus onClick={() => depositStore.getState().changeAmount()}>
            {t.deposit.changeAmount}
          </SettledButton>
          <NewDeposit />
        </div>
      </Panel>
    )
  }
  const notSent = failedUnsent(entry)
  return (
    <Panel tone="bad" title={notSent ? t.deposit.notSentTitle : t.deposit.failedTitle} role="alert">
      <p>{notSent ? t.deposit.notSentBody : t.deposit.failedBody}</p>
      {entry.error ? <ErrorNote error={entry.error} httpStatus={entry.error.httpStatus} /> : null}
      <EntryFacts entry={entry} />
      <div className="actions">
        <NewDeposit focus />
      </div>
    </Panel>
  )
}

/**
 * Minutes until the desk stops re-sending an open deposit by itself (its automatic retry's end), by the
 * service's clock when known; null when it no longer does.
 */
function useMinutesOfChecking(entry: JournalEntry): number | null {
  const offset = useStore(statusStore, (s) => s.status?.clockOffsetMs ?? 0)
  const until = entry.automaticRetry ? Date.parse(entry.automaticRetry.until) : Number.NaN
  const left = until - (Date.now() + offset)
  return Number.isFinite(left) && left > 0 ? Math.max(1, Math.ceil(left / 60_000)) : null
}

function Unknown({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const retry = useStore(depositStore, (s) => s.retry)
  const minutes = useMinutesOfChecking(entry)
  return (
    <Panel tone="bad" title={t.deposit.unknownTitle} role="alert">
      <p className="strong">{t.deposit.keepCash}</p>
      <p>{minutes !== null ? t.deposit.checkingFor(minutes) : t.deposit.checkingByHand}</p>
      <EntryFacts entry={entry} />
      <div className="actions">
        {canRetry(entry) ? (
          // Busy is aria-disabled, not disabled: the focus stays on it, so the next Enter retries again.
          <SettledButton
            variant="primary"
            autoFocus
            aria-disabled={retry.retrying ? true : undefined}
            onClick={() => void depositStore.getState().retrySafely()}
          >
            {retry.retrying ? t.deposit.retrying : t.deposit.retrySafely}
          </SettledButton>
        ) : null}
        <NewDeposit />
      </div>
      <RetryFeedback entry={entry} retrying={retry.retrying} tried={retry.tried} error={retry.error} />
    </Panel>
  )
}
