import { useState } from 'react'
import { useStore } from 'zustand'
import { noticesStore, openEntry, printingStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { statusTone } from '../../ui/entry'
import { formatTime } from '../../ui/format'
import { Money, Phone } from '../../ui/Ltr'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'

/**
 * Deposits that a background retry resolved, shown until the clerk dismisses them. The latest one is shown
 * whole and the others behind "Show N more": several at once must not push the screen's work (the Sell
 * values, at 1024×768) out of sight. A notice whose receipt is printing or did not print always shows, so
 * a failed receipt is never out of sight.
 */
export function Notices() {
  const t = useT()
  const language = useLanguage()
  const shown = useStore(noticesStore, (s) => s.shown)
  const outcomes = useStore(printingStore, (s) => s.outcomes)
  const [all, setAll] = useState(false)
  if (shown.length === 0) return null
  const printIssue = (entryId: string | undefined) => {
    const state = entryId === undefined ? undefined : outcomes[entryId]?.state
    return state === 'printing' || state === 'failed'
  }
  const visible = all ? shown : shown.filter((n, i) => i === shown.length - 1 || printIssue(n.entry?.id))
  const hidden = shown.length - visible.length
  return (
    <section className="notices" aria-label={t.notices.region} aria-live="polite">
      {visible.map(({ notice, entry }) => (
        <div key={notice.id} className={`notice notice-${statusTone(notice.status)}`} role="status">
          <strong>
            {notice.status === 'confirmed'
              ? t.notices.depositConfirmed
              : t.notices.depositOther(t.entryStatus[notice.status])}
          </strong>
          <span>{formatTime(notice.at, language)}</span>
          {entry ? <Money dirhams={entry.amountDirhams} /> : null}
          {entry?.phone ? <Phone phone={entry.phone} /> : null}
          {entry?.firstName ? <span>{entry.firstName}</span> : null}
          <span className="spacer" />
          {entry && notice.status === 'confirmed' ? <PrintButtons entry={entry} primary /> : null}
          <Button onClick={() => openEntry(notice.entryId)}>{t.notices.open}</Button>
          <Button
            variant="quiet"
            className="notice-dismiss"
            aria-label={t.common.dismiss}
            title={t.common.dismiss}
            onClick={() => {
              // Down to one: the next ones arrive folded again.
              if (shown.length <= 2) setAll(false)
              noticesStore.getState().dismiss(notice.id)
            }}
          >
            ✕
          </Button>
          {entry ? <PrintOutcomeNote entryId={entry.id} /> : null}
        </div>
      ))}
      {hidden > 0 || all ? (
        <Button variant="quiet" className="btn-small notices-more" onClick={() => setAll(!all)}>
          {hidden > 0 ? t.notices.showMore(hidden) : t.notices.showFewer}
        </Button>
      ) : null}
    </section>
  )
}
