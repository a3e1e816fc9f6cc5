import { useId, useState } from 'react'
import { useStore } from 'zustand'
import type { JournalEntry, ResolutionOutcome } from '../../../../shared/contract'
import { dayToIsoDate } from '../../../../shared/day'
import { toLatinDigits } from '../../../../shared/digits'
import { VOUCHER_CODE_DIGITS, VOUCHER_SERIAL_DIGITS } from '../../../../shared/voucher-code'
import { resolveStore, sessionStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, TextField } from '../../ui/controls'
import { DateField } from '../../ui/DateField'
import { ErrorNote } from '../../ui/ErrorNote'
import { formatDateTime } from '../../ui/format'

const digitsOnly = (text: string) => toLatinDigits(text).replace(/[\s-]/g, '')
/** Every resolution says why, in a few words at least. */
const noteIsEnough = (note: string) => note.trim().length >= 3

/** Whether this window may manage: a manager signed in, or a terminal still without one (setup). */
export function useCanManage(): boolean {
  return useStore(
    sessionStore,
    (s) => s.session?.setupNeeded === true || s.session?.person?.role === 'manager',
  )
}

/**
 * In an entry's panel: how a manager settled it, or the form to settle it after checking with the provider
 * (an unknown outcome), or to add the review note and the provider's id (a final entry flagged for review).
 */
export function Resolution({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const language = useLanguage()
  const canManage = useCanManage()
  const r = entry.resolution
  const open = entry.status === 'unknown' || entry.status === 'pending'
  return (
    <>
      {r ? (
        <p className="resolution-line">
          <strong>
            {t.manager.resolve.resolvedBy(
              r.outcome === 'annotated' ? t.manager.resolve.annotated : t.manager.resolve.outcome[r.outcome],
              r.by ?? '',
              formatDateTime(r.at, language),
            )}
          </strong>
          <br />
          <bdi>{r.note}</bdi>
        </p>
      ) : null}
      {canManage && open ? <ResolveForm key={entry.id} entry={entry} /> : null}
      {canManage && !open && entry.needsAttention && entry.status !== 'failed' ? (
        <AnnotateForm key={entry.id} entry={entry} />
      ) : null}
    </>
  )
}

function ResolveForm({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const m = t.manager.resolve
  const outcomes: ResolutionOutcome[] =
    entry.kind === 'voucher' ? ['issued', 'not-issued'] : ['confirmed', 'not-made']
  const [outcome, setOutcome] = useState<ResolutionOutcome | null>(null)
  const [code, setCode] = useState(['', ''])
  const [serial, setSerial] = useState(['', ''])
  const [activation, setActivation] = useState<number | null>(null)
  const [expiry, setExpiry] = useState<number | null>(null)
  const [transactionId, setTransactionId] = useState('')
  const [note, setNote] = useState('')
  const codeOk = typedTwice(code, VOUCHER_CODE_DIGITS)
  const serialOk = typedTwice(serial, VOUCHER_SERIAL_DIGITS)
  // Why Save is not possible yet, said beside it (the first thing missing).
  const why =
    outcome === null
      ? m.why.outcome
      : outcome === 'issued' && !codeOk
        ? m.why.code(VOUCHER_CODE_DIGITS)
        : outcome === 'issued' && !serialOk
          ? m.why.serial(VOUCHER_SERIAL_DIGITS)
          : outcome === 'confirmed' && !/^\d{1,20}$/.test(digitsOnly(transactionId))
            ? m.why.transactionId
            : !noteIsEnough(note)
              ? m.why.note
              : null

  async function submit() {
    if (why !== null || outcome === null) return
    const base = { entryId: entry.id, note: note.trim() }
    const args =
      outcome === 'issued'
        ? {
            ...base,
            outcome,
            code: digitsOnly(code[0] ?? ''),
            serialNumber: digitsOnly(serial[0] ?? ''),
            ...(activation ? { activationDate: dayToIsoDate(activation) } : {}),
            ...(expiry ? { expiryDate: dayToIsoDate(expiry) } : {}),
          }
        : outcome === 'confirmed'
          ? { ...base, outcome, serviceTransactionId: digitsOnly(transactionId) }
          : { ...base, outcome }
    await resolveStore.getState().resolve(args)
  }

  return (
    <form
      className="resolve-form"
      aria-labelledby="resolve-title"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <h3 id="resolve-title">{m.title}</h3>
      <p>{entry.kind === 'voucher' ? m.voucherIntro : m.depositIntro}</p>
      <fieldset aria-label={m.title}>
        {outcomes.map((o) => (
          <label key={o} className="check">
            <input
              type="radio"
              name={`outcome-${entry.id}`}
              checked={outcome === o}
              onChange={() => setOutcome(o)}
            />
            {m.outcome[o]}
          </label>
        ))}
      </fieldset>
      {outcome === 'issued' ? (
        <>
          <DigitsTwice
            labels={[m.code, m.codeAgain]}
            digits={VOUCHER_CODE_DIGITS}
            values={code}
            onChange={setCode}
          />
          <DigitsTwice
            labels={[m.serial, m.serialAgain]}
            digits={VOUCHER_SERIAL_DIGITS}
            values={serial}
            onChange={setSerial}
          />
          <DateField label={m.activation} value={activation} optional onChange={setActivation} />
          <DateField label={m.expiry} value={expiry} optional onChange={setExpiry} />
        </>
      ) : null}
      {outcome === 'confirmed' ? (
        <TransactionIdField value={transactionId} onChange={setTransactionId} />
      ) : null}
      <NoteAndSubmit note={note} onNote={setNote} why={why} submitLabel={m.resolve} />
    </form>
  )
}

/** A code or serial as the provider reads it: exactly `digits` digits, the same both times. */
function typedTwice(values: string[], digits: number): boolean {
  const [first = '', second = ''] = values.map(digitsOnly)
  return first.length === digits && /^\d+$/.test(first) && first === second
}

/**
 * A code or serial typed twice, left to right, as large deposits are: the second field takes no paste, and
 * each says how many digits it has of how many.
 */
function DigitsTwice(props: {
  labels: [string, string]
  digits: number
  values: string[]
  onChange: (values: string[]) => void
}) {
  const t = useT()
  const m = t.manager.resolve
  const [first = '', second = ''] = props.values
  const count = (text: string) => digitsOnly(text).replace(/\D/g, '').length
  const differ = second !== '' && count(second) >= props.digits && digitsOnly(first) !== digitsOnly(second)
  return (
    <>
      <TextField
        label={props.labels[0]}
        value={first}
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        hint={first ? m.digitsCount(count(first), props.digits) : m.digitsHint(props.digits)}
        problem={/[^\d\s-]/.test(toLatinDigits(first)) ? t.manager.session.pinDigits : null}
        onChange={(e) => props.onChange([e.target.value, second])}
      />
      <TextField
        label={props.labels[1]}
        value={second}
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        hint={second ? m.digitsCount(count(second), props.digits) : m.typedTwiceHint}
        problem={differ ? m.differ : null}
        onPaste={(e) => e.preventDefault()}
        onChange={(e) => props.onChange([first, e.target.value])}
      />
    </>
  )
}

function AnnotateForm({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const m = t.manager.resolve
  const needsId =
    entry.kind === 'deposit' && entry.confirmedByDuplicate === true && !entry.serviceTransactionId
  const [transactionId, setTransactionId] = useState('')
  const [note, setNote] = useState('')
  const why =
    needsId && !/^\d{1,20}$/.test(digitsOnly(transactionId))
      ? m.why.transactionId
      : !noteIsEnough(note)
        ? m.why.note
        : null
  return (
    <form
      className="resolve-form"
      aria-labelledby="annotate-title"
      onSubmit={(e) => {
        e.preventDefault()
        if (why !== null) return
        void resolveStore.getState().annotate({
          entryId: entry.id,
          note: note.trim(),
          ...(needsId ? { serviceTransactionId: digitsOnly(transactionId) } : {}),
        })
      }}
    >
      <h3 id="annotate-title">{m.annotateTitle}</h3>
      <p>{needsId ? m.annotateIntro : m.annotateIntroOther}</p>
      {needsId ? <TransactionIdField value={transactionId} onChange={setTransactionId} /> : null}
      <NoteAndSubmit note={note} onNote={setNote} why={why} submitLabel={m.annotate} />
    </form>
  )
}

/** The provider's transaction id, as read from the provider: digits, left to right. */
function TransactionIdField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT()
  return (
    <TextField
      label={t.manager.resolve.transactionId}
      value={value}
      dir="ltr"
      inputMode="numeric"
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

/**
 * The note every resolution carries, the store's error, and the submit button — with, while it cannot be
 * pressed, the reason beside it (and in its description, for a screen reader).
 */
function NoteAndSubmit(props: {
  note: string
  onNote: (note: string) => void
  /** What is still missing; null when the form can be saved. */
  why: string | null
  submitLabel: string
}) {
  const t = useT()
  const m = t.manager.resolve
  const whyId = useId()
  const busy = useStore(resolveStore, (s) => s.busy)
  const error = useStore(resolveStore, (s) => s.error)
  return (
    <>
      <TextField
        label={m.note}
        value={props.note}
        onChange={(e) => props.onNote(e.target.value)}
        maxLength={500}
        problem={props.note && !noteIsEnough(props.note) ? m.noteShort : null}
      />
      {error ? <ErrorNote error={error} /> : null}
      <div className="actions">
        <Button
          type="submit"
          variant="primary"
          disabled={busy || props.why !== null}
          aria-describedby={props.why ? whyId : undefined}
        >
          {props.submitLabel}
        </Button>
        {props.why ? (
          <p id={whyId} className="why-disabled">
            {props.why}
          </p>
        ) : null}
      </div>
    </>
  )
}
