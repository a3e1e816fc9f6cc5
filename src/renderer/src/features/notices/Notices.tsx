import { useStore } from 'zustand'
import { noticesStore, openEntry } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { statusTone } from '../../ui/entry'
import { formatTime } from '../../ui/format'
import { Money, Phone } from '../../ui/Ltr'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'

/** Deposits that a background retry resolved, shown until the clerk dismisses them. */
export function Notices() {
  const t = useT()
  const language = useLanguage()
  const shown = useStore(noticesStore, (s) => s.shown)
  if (shown.length === 0) return null
  return (
    <section className="notices" aria-label={t.notices.region} aria-live="polite">
      {shown.map(({ notice, entry }) => (
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
          <Button variant="quiet" onClick={() => noticesStore.getState().dismiss(notice.id)}>
            {t.common.dismiss}
          </Button>
          {entry ? <PrintOutcomeNote entryId={entry.id} /> : null}
        </div>
      ))}
    </section>
  )
}
