import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { dayToIsoDate } from '../../../../shared/day'
import { toLatinDigits } from '../../../../shared/digits'
import type { AppErrorData } from '../../../../shared/errors'
import type { JournalEntry, ResolutionOutcome } from '../../../../shared/types'
import { VOUCHER_CODE_DIGITS, VOUCHER_SERIAL_DIGITS } from '../../../../shared/voucher-code'
import { resolveStore, sessionStore } from '../../app/stores'
import type { Messages } from '../../i18n'
import { useLanguage, useT } from '../../i18n/use'
import { Button, TextField } from '../../ui/controls'
import { DateField } from '../../ui/DateField'
import { ErrorNote } from '../../ui/ErrorNote'
import { isOpen } from '../../ui/entry'
import { formatDateTime } from '../../ui/format'

const digitsOnly = (text: string) => toLatinDigits(text).replace(/[\s-]/g, '')
/** Every resolution says why, in a few words at least. */
const noteIsEnough = (note: string) => note.trim().length >= 3

/** The fields of these forms a refusal of main's can name (BAD_INPUT with `field`, or `fields` paths). */
type FormField = 'code' | 'serialNumber' | 'serviceTransactionId'
const FORM_FIELDS: readonly FormField[] = ['code', 'serialNumber', 'serviceTransactionId']

/** The field main refused, if it named one of this form's. */
function refusedField(error: AppErrorData | null): FormField | null {
  if (error?.code !== 'BAD_INPUT') return null
  const listed = Array.isArray(error.details?.fields) ? error.details.fields : []
  const named = [error.details?.field, ...listed.map((f) => (f as { path?: unknown } | null)?.path)]
  return FORM_FIELDS.find((f) => named.includes(f)) ?? null
}

/** Why main refused a field, when it said (a code or serial already recorded on another entry). */
function refusalReason(m: Messages['manager']['resolve'], error: AppErrorData, field: FormField) {
  return error.details?.reason === 'RECORDED_ELSEWHERE' && field !== 'serviceTransactionId'
    ? m.refused[field]
    : null
}

/** Main's refusal at a field, in the screen's language: why, where main said (a code already recorded…). */
function refusalAt(m: Messages['manager']['resolve'], error: AppErrorData | null, field: FormField) {
  if (!error || refusedField(error) !== field) return null
  return refusalReason(m, error, field) ?? m.refused.other
}

/**
 * Main's refusal of a field the form no longer shows (the outcome was changed since: "Not issued" after a code
 * was refused), said by the form's note as the last Save's, in words that name the field: not as a refusal of
 * the answer now chosen, which may well be saved.
 */
function refusalAway(m: Messages['manager']['resolve'], error: AppErrorData, field: FormField): string {
  return m.lastSaveRefused(
    refusalReason(m, error, field) ??
      m.refusedAway(field === 'code' ? m.code : field === 'serialNumber' ? m.serial : m.transactionId),
  )
}

/**
 * A refusal of main's for this form: said at its field, which takes the focus; the form's own note below then
 * says nothing more. A refusal of a field not on the form now (`shown`: the fields it renders) is said by the
 * note instead: hidden at both, a Save would seem to do nothing. A refusal left from another entry's form is
 * not this one's: cleared as the form opens.
 */
function useRefusal(
  refs: Partial<Record<FormField, RefObject<HTMLInputElement | null>>>,
  shown: readonly FormField[],
) {
  const t = useT()
  const error = useStore(resolveStore, (s) => s.error)
  const field = refusedField(error)
  const atField = field !== null && shown.includes(field)
  useEffect(() => {
    resolveStore.getState().clear()
  }, [])
  useEffect(() => {
    if (error && field) refs[field]?.current?.focus()
  }, [error, field, refs])
  return {
    at: (f: FormField) => refusalAt(t.manager.resolve, error, f),
    /** The field was changed: its refusal is no longer true of it. */
    edited: (f: FormField) => {
      if (field === f) resolveStore.getState().clear()
    },
    atField,
    /** The note's words for a refusal of a field off the form; null: its own words (or none). */
    noteText: error && field !== null && !atField ? refusalAway(t.manager.resolve, error, field) : null,
  }
}

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
  const lineRef = useRef<HTMLParagraphElement>(null)
  const resolvedAt = entry.resolution?.at
  // Saved: the form (and its Save button, which had the focus) is gone, and the focus with it, to the page.
  // It goes to the line that says what was saved, where the keyboard goes on from.
  useEffect(() => {
    if (resolvedAt && (document.activeElement === null || document.activeElement === document.body))
      lineRef.current?.focus()
  }, [resolvedAt])
  const r = entry.resolution
  const open = isOpen(entry)
  return (
    <>
      {r ? (
        <p ref={lineRef} className="resolution-line" tabIndex={-1}>
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
  const codeRef = useRef<HTMLInputElement>(null)
  const serialRef = useRef<HTMLInputElement>(null)
  const transactionRef = useRef<HTMLInputElement>(null)
  const [refs] = useState(() => ({
    code: codeRef,
    serialNumber: serialRef,
    serviceTransactionId: transactionRef,
  }))
  const refusal = useRefusal(
    refs,
    outcome === 'issued' ? ['code', 'serialNumber'] : outcome === 'confirmed' ? ['serviceTransactionId'] : [],
  )
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
            inputRef={codeRef}
            refused={refusal.at('code')}
            onChange={(values) => {
              setCode(values)
              refusal.edited('code')
            }}
          />
          <DigitsTwice
            labels={[m.serial, m.serialAgain]}
            digits={VOUCHER_SERIAL_DIGITS}
            values={serial}
            inputRef={serialRef}
            refused={refusal.at('serialNumber')}
            onChange={(values) => {
              setSerial(values)
              refusal.edited('serialNumber')
            }}
          />
          <DateField label={m.activation} value={activation} optional onChange={setActivation} />
          <DateField label={m.expiry} value={expiry} optional onChange={setExpiry} />
        </>
      ) : null}
      {outcome === 'confirmed' ? (
        <TransactionIdField
          value={transactionId}
          inputRef={transactionRef}
          refusal={refusal}
          onChange={setTransactionId}
        />
      ) : null}
      <NoteAndSubmit
        note={note}
        onNote={setNote}
        why={why}
        submitLabel={m.resolve}
        errorAtField={refusal.atField}
        errorText={refusal.noteText}
      />
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
  inputRef?: RefObject<HTMLInputElement | null>
  /** Main's refusal of this code or serial, said at its first field. */
  refused?: string | null
}) {
  const t = useT()
  const m = t.manager.resolve
  const [first = '', second = ''] = props.values
  const count = (text: string) => digitsOnly(text).replace(/\D/g, '').length
  const differ = second !== '' && count(second) >= props.digits && digitsOnly(first) !== digitsOnly(second)
  return (
    <>
      <TextField
        ref={props.inputRef}
        label={props.labels[0]}
        value={first}
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        hint={first ? m.digitsCount(count(first), props.digits) : m.digitsHint(props.digits)}
        problem={
          /[^\d\s-]/.test(toLatinDigits(first)) ? t.manager.session.pinDigits : (props.refused ?? null)
        }
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
  const transactionRef = useRef<HTMLInputElement>(null)
  const [refs] = useState(() => ({ serviceTransactionId: transactionRef }))
  const refusal = useRefusal(refs, needsId ? ['serviceTransactionId'] : [])
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
      {needsId ? (
        <TransactionIdField
          value={transactionId}
          inputRef={transactionRef}
          refusal={refusal}
          onChange={setTransactionId}
        />
      ) : null}
      <NoteAndSubmit
        note={note}
        onNote={setNote}
        why={why}
        submitLabel={m.annotate}
        errorAtField={refusal.atField}
        errorText={refusal.noteText}
      />
    </form>
  )
}

/**
 * The provider's transaction id, as read from the provider: digits, left to right; main's refusal of it is
 * said here, and no longer once it is edited.
 */
function TransactionIdField(props: {
  value: string
  onChange: (value: string) => void
  inputRef?: RefObject<HTMLInputElement | null>
  refusal: ReturnType<typeof useRefusal>
}) {
  const { value, onChange, refusal } = props
  const t = useT()
  return (
    <TextField
      ref={props.inputRef}
      problem={refusal.at('serviceTransactionId')}
      label={t.manager.resolve.transactionId}
      value={value}
      dir="ltr"
      inputMode="numeric"
      onChange={(e) => {
        onChange(e.target.value)
        refusal.edited('serviceTransactionId')
      }}
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
  /** The store's error is said at the field it names: not again here. */
  errorAtField: boolean
  /** Other words for the store's error than its own (a refusal of a field no longer on the form). */
  errorText: string | null
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
      {error && !props.errorAtField ? <ErrorNote error={error} text={props.errorText ?? undefined} /> : null}
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
