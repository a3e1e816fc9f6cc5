import { useState } from 'react'
import { useStore } from 'zustand'
import type { JournalEntry, ResolutionOutcome } from '../../../../shared/contract'
import { toLatinDigits } from '../../../../shared/digits'
import { resolveStore, sessionStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button, TextField } from '../../ui/controls'
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
  const [code, setCode] = useState('')
  const [serial, setSerial] = useState('')
  const [activation, setActivation] = useState('')
  const [expiry, setExpiry] = useState('')
  const [transactionId, setTransactionId] = useState('')
  const [note, setNote] = useState('')
  const complete =
    outcome !== null &&
    noteIsEnough(note) &&
    (outcome !== 'issued' ||
      (/^\d{6,40}$/.test(digitsOnly(code)) && /^\d{4,40}$/.test(digitsOnly(serial)))) &&
    (outcome !== 'confirmed' || /^\d{1,20}$/.test(digitsOnly(transactionId)))

  async function submit() {
    if (!complete || outcome === null) return
    const base = { entryId: entry.id, note: note.trim() }
    const args =
      outcome === 'issued'
        ? {
            ...base,
            outcome,
            code: digitsOnly(code),
            serialNumber: digitsOnly(serial),
            ...(activation ? { activationDate: activation } : {}),
            ...(expiry ? { expiryDate: expiry } : {}),
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
          <TextField
            label={m.code}
            value={code}
            dir="ltr"
            inputMode="numeric"
            onChange={(e) => setCode(e.target.value)}
          />
          <TextField
            label={m.serial}
            value={serial}
            dir="ltr"
            inputMode="numeric"
            onChange={(e) => setSerial(e.target.value)}
          />
          <TextField
            label={m.activation}
            type="date"
            value={activation}
            onChange={(e) => setActivation(e.target.value)}
          />
          <TextField
            label={m.expiry}
            type="date"
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </>
      ) : null}
      {outcome === 'confirmed' ? (
        <TransactionIdField value={transactionId} onChange={setTransactionId} />
      ) : null}
      <NoteAndSubmit note={note} onNote={setNote} ready={complete} submitLabel={m.resolve} />
    </form>
  )
}

function AnnotateForm({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const m = t.manager.resolve
  const needsId =
    entry.kind === 'deposit' && entry.confirmedByDuplicate === true && !entry.serviceTransactionId
  const [transactionId, setTransactionId] = useState('')
  const [note, setNote] = useState('')
  const complete = noteIsEnough(note) && (!needsId || /^\d{1,20}$/.test(digitsOnly(transactionId)))
  return (
    <form
      className="resolve-form"
      aria-labelledby="annotate-title"
      onSubmit={(e) => {
        e.preventDefault()
        if (!complete) return
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
      <NoteAndSubmit note={note} onNote={setNote} ready={complete} submitLabel={m.annotate} />
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

/** The note every resolution carries, the store's error, and the submit button. */
function NoteAndSubmit(props: {
  note: string
  onNote: (note: string) => void
  ready: boolean
  submitLabel: string
}) {
  const t = useT()
  const m = t.manager.resolve
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
        <Button type="submit" variant="primary" disabled={busy || !props.ready}>
          {props.submitLabel}
        </Button>
      </div>
    </>
  )
}
