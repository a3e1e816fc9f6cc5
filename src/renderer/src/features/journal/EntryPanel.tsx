import { useStore } from 'zustand'
import type { JournalEntry, JournalEvent } from '../../../../shared/contract'
import { journalStore } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Badge, Button, Facts } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { canRetry, statusTone } from '../../ui/entry'
import { formatDateTime, formatDay, formatPlainDate } from '../../ui/format'
import { LimitFigures } from '../../ui/LimitFigures'
import { Code, Ltr, Money, Phone } from '../../ui/Ltr'
import { Resolution } from '../manager/Resolution'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'

/** One entry with its event history; unknown deposits can be re-sent from here with their own reference. */
export function EntryPanel() {
  const t = useT()
  const language = useLanguage()
  const detail = useStore(journalStore, (s) => s.detail)
  const error = useStore(journalStore, (s) => s.detailError)
  const retrying = useStore(journalStore, (s) => s.retrying)
  const entry = detail?.entry

  return (
    <aside className="entry-panel" aria-label={t.journal.detailTitle}>
      <div className="row">
        <h2>
          {t.journal.detailTitle} {entry ? t.kind[entry.kind] : null}
        </h2>
        <span className="spacer" />
        <Button shortcut="Esc" onClick={() => journalStore.getState().close()}>
          {t.common.close}
        </Button>
      </div>
      {error ? <ErrorNote error={error} /> : null}
      {!entry && !error ? <p>{t.common.loading}</p> : null}
      {entry ? (
        <>
          <p className="entry-status">
            <Badge tone={statusTone(entry.status)}>{t.entryStatus[entry.status]}</Badge>
            {entry.needsAttention ? <Badge tone="pending">{t.journal.attentionFlag}</Badge> : null}
            {entry.confirmedByDuplicate ? <Badge tone="pending">{t.journal.duplicateFlag}</Badge> : null}
          </p>
          <Facts
            items={[
              [
                t.deposit.reviewAmount,
                <Money key="a" dirhams={entry.amountDirhams} className="big-figure" />,
              ],
              entry.phone ? [t.journal.phone, <Phone key="p" phone={entry.phone} />] : null,
              entry.firstName ? [t.journal.name, entry.firstName] : null,
              entry.voucher ? [t.sell.code, <Code key="c" value={entry.voucher.code} />] : null,
              entry.voucher ? [t.sell.serial, <Code key="s" value={entry.voucher.serialNumber} />] : null,
              entry.voucher
                ? [t.sell.activation, formatPlainDate(entry.voucher.activationDate, language)]
                : null,
              entry.voucher ? [t.sell.expiry, formatPlainDate(entry.voucher.expiryDate, language)] : null,
              entry.serviceTransactionId
                ? [t.deposit.serviceTransaction, <Ltr key="t">{entry.serviceTransactionId}</Ltr>]
                : null,
              entry.externalTransactionId
                ? [t.deposit.ourReference, <Ltr key="r">{entry.externalTransactionId}</Ltr>]
                : null,
              [t.journal.created, formatDateTime(entry.createdAt, language)],
              [t.journal.updated, formatDateTime(entry.updatedAt, language)],
              [t.journal.day, formatDay(entry.day, language)],
              [t.journal.mode, entry.mode === 'training' ? t.status.training : t.status.live],
              [t.journal.attempts, <Ltr key="n">{entry.attempts}</Ltr>],
              entry.clerk ? [t.journal.clerk, entry.clerk] : null,
              [t.journal.id, <Ltr key="i">{entry.id}</Ltr>],
            ]}
          />
          {entry.error ? (
            <div>
              <h3>{t.journal.error}</h3>
              <ErrorNote error={entry.error} httpStatus={entry.error.httpStatus} />
              <LimitFigures entry={entry} />
            </div>
          ) : null}
          <div className="actions">
            {canRetry(entry) ? (
              <Button
                variant="primary"
                disabled={retrying}
                onClick={() => void journalStore.getState().retry()}
              >
                {retrying ? t.deposit.retrying : t.journal.retry}
              </Button>
            ) : null}
            {hasReceipt(entry) ? (
              <PrintButtons entry={entry} printedBefore={detail.events.some((e) => e.type === 'printed')} />
            ) : null}
          </div>
          <PrintOutcomeNote entryId={entry.id} />
          <Resolution entry={entry} />
          <h3>{t.journal.history}</h3>
          {detail.events.length === 0 ? <p>{t.journal.noHistory}</p> : <History events={detail.events} />}
        </>
      ) : null}
    </aside>
  )
}

function History({ events }: { events: JournalEvent[] }) {
  const t = useT()
  const language = useLanguage()
  return (
    <ol className="history">
      {events.map((e) => (
        <li key={e.id}>
          <span className="cell-time">{formatDateTime(e.at, language)}</span>{' '}
          <strong>{t.event[e.type]}</strong>
          {e.httpStatus ? <Ltr className="muted"> HTTP {e.httpStatus}</Ltr> : null}
          {e.detail && Object.keys(e.detail).length > 0 ? (
            <Ltr className="muted event-detail">{describeDetail(e.detail)}</Ltr>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** Only a finished sale has a receipt: an issued voucher, a confirmed deposit. */
function hasReceipt(entry: JournalEntry): boolean {
  return (
    (entry.kind === 'voucher' && entry.status === 'issued') ||
    (entry.kind === 'deposit' && entry.status === 'confirmed')
  )
}

/** Event details are small technical records; shown compactly for managers and support. */
function describeDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ')
}
