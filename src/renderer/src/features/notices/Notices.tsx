import { useId, useState } from 'react'
import { useStore } from 'zustand'
import { noticesStore, openEntry, printingStore } from '../../app/stores'
import type { Messages } from '../../i18n/en'
import { useLanguage, useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { statusTone } from '../../ui/entry'
import { formatTime } from '../../ui/format'
import { Money, Phone, ReceiptNo } from '../../ui/Ltr'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'
import type { ShownNotice } from './store'

/**
 * Deposits that a background retry resolved, for the person who made them, in the mode they were made in (a
 * training one says TRAINING). One line says the latest and how many there are; it opens the list, where each
 * has its receipt, its entry and its dismissal. One line only, so the screen's work (the Sell values, a
 * resolve form at 1024×768) keeps its room. A notice whose receipt is printing or did not print keeps the
 * list open, so a failed receipt is never out of sight.
 */
export function Notices() {
  const t = useT()
  const language = useLanguage()
  const shown = useStore(noticesStore, (s) => s.shown)
  const outcomes = useStore(printingStore, (s) => s.outcomes)
  const [open, setOpen] = useState(false)
  const listId = useId()
  const latest = shown.at(-1)
  if (!latest) return null
  const printIssue = (entryId: string | undefined) => {
    const state = entryId === undefined ? undefined : outcomes[entryId]?.state
    return state === 'printing' || state === 'failed'
  }
  const held = shown.some((n) => printIssue(n.entry?.id))
  const expanded = open || held
  const { notice, entry } = latest
  return (
    <section className="notices" aria-label={t.notices.region} aria-live="polite">
      <div className={`notice notice-summary notice-${statusTone(notice.status)}`} role="status">
        <TrainingMark shown={notice.mode === 'training'} t={t} />
        <strong>{title(latest, t)}</strong>
        <span>{formatTime(notice.at, language)}</span>
        {entry ? <Money dirhams={entry.amountDirhams} /> : null}
        {entry?.phone ? <Phone phone={entry.phone} /> : null}
        {shown.length > 1 ? <span className="muted">{t.notices.andMore(shown.length - 1)}</span> : null}
        <span className="spacer" />
        {held ? null : (
          <Button
            className="notices-toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {expanded ? t.notices.hide : t.notices.show(shown.length)}
          </Button>
        )}
        {expanded ? null : (
          <Button
            variant="quiet"
            className="notice-dismiss"
            aria-label={t.common.dismiss}
            title={t.common.dismiss}
            onClick={() => noticesStore.getState().dismiss(notice.id)}
          >
            ✕
          </Button>
        )}
      </div>
      {expanded ? (
        <ul className="notice-list" id={listId} aria-label={t.notices.list}>
          {[...shown].reverse().map((n) => (
            <NoticeItem
              key={n.notice.id}
              item={n}
              onDismiss={() => {
                // The last one gone: the next ones arrive folded again.
                if (shown.length <= 1) setOpen(false)
                noticesStore.getState().dismiss(n.notice.id)
              }}
            />
          ))}
        </ul>
      ) : null}
    </section>
  )
}

function title({ notice }: ShownNotice, t: Messages): string {
  return notice.status === 'confirmed'
    ? t.notices.depositConfirmed
    : t.notices.depositOther(t.entryStatus[notice.status])
}

function TrainingMark({ shown, t }: { shown: boolean; t: Messages }) {
  return shown ? <span className="notice-training">{t.status.training}</span> : null
}

/** One notice in the open list: what it was, and its receipt, its entry and its dismissal. */
function NoticeItem({ item, onDismiss }: { item: ShownNotice; onDismiss(): void }) {
  const t = useT()
  const language = useLanguage()
  const { notice, entry } = item
  return (
    <li className={`notice notice-${statusTone(notice.status)}`}>
      <TrainingMark shown={notice.mode === 'training'} t={t} />
      <strong>{title(item, t)}</strong>
      <span>{formatTime(notice.at, language)}</span>
      {entry?.receiptNo ? <ReceiptNo value={entry.receiptNo} /> : null}
      {entry ? <Money dirhams={entry.amountDirhams} /> : null}
      {entry?.phone ? <Phone phone={entry.phone} /> : null}
      <span className="spacer" />
      {entry && notice.status === 'confirmed' ? <PrintButtons entry={entry} primary /> : null}
      <Button onClick={() => openEntry(notice.entryId)}>{t.notices.open}</Button>
      <Button
        variant="quiet"
        className="notice-dismiss"
        aria-label={t.common.dismiss}
        title={t.common.dismiss}
        onClick={onDismiss}
      >
        ✕
      </Button>
      {entry ? <PrintOutcomeNote entryId={entry.id} /> : null}
    </li>
  )
}
