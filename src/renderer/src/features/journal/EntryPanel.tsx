import { Fragment } from 'react'
import { useStore } from 'zustand'
import { errorLabel } from '../../../../shared/error-labels'
import type { JournalEntry, JournalEvent, Language } from '../../../../shared/types'
import { journalStore } from '../../app/stores'
import type { Messages } from '../../i18n/en'
import { useLanguage, useT } from '../../i18n/use'
import { Badge, Button, Facts } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { canRetry, limitFigures, statusTone } from '../../ui/entry'
import { formatDateTime, formatDateTimeSeconds, formatDay, formatLyd, formatPlainDate } from '../../ui/format'
import { LimitRefusal } from '../../ui/LimitNotes'
import { Code, Ltr, Money, Phone, ReceiptNo } from '../../ui/Ltr'
import { RetryFeedback } from '../../ui/RetryFeedback'
import { Resolution } from '../manager/Resolution'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'
import { describeEvent } from './event-words'

/**
 * One entry with its event history. What can be done with it (Retry safely, Print, Show receipt) comes first,
 * under its status, so it is in sight without scrolling the panel; the details and the history follow.
 */
export function EntryPanel() {
  const t = useT()
  const language = useLanguage()
  const detail = useStore(journalStore, (s) => s.detail)
  const error = useStore(journalStore, (s) => s.detailError)
  const retrying = useStore(journalStore, (s) => s.retrying)
  const retriedId = useStore(journalStore, (s) => s.retriedId)
  const entry = detail?.entry
  const retried = entry !== undefined && retriedId === entry.id

  return (
    <aside className="entry-panel" aria-label={t.journal.detailTitle}>
      <div className="entry-panel-head">
        <h2>{entry ? t.journal.detailTitleOf[entry.kind] : t.journal.detailTitle}</h2>
        <span className="spacer" />
        <Button shortcut="Esc" onClick={() => journalStore.getState().close()}>
          {t.common.close}
        </Button>
      </div>
      {error && !retried ? <ErrorNote error={error} /> : null}
      {!entry && !error ? <p>{t.common.loading}</p> : null}
      {entry ? (
        <>
          <p className="entry-status">
            <Badge tone={statusTone(entry.status)}>{t.entryStatus[entry.status]}</Badge>
            {entry.needsAttention ? <Badge tone="pending">{t.journal.attentionFlag}</Badge> : null}
            {entry.confirmedByDuplicate ? <Badge tone="pending">{t.journal.duplicateFlag}</Badge> : null}
            <Money dirhams={entry.amountDirhams} className="entry-amount" />
          </p>
          {canRetry(entry) || hasReceipt(entry) ? (
            <div className="actions entry-actions">
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
          ) : null}
          {canRetry(entry) || retried ? (
            <RetryFeedback entry={entry} retrying={retrying} tried={retried} error={retried ? error : null} />
          ) : null}
          <PrintOutcomeNote entryId={entry.id} />
          {entry.confirmedValueDirhams !== undefined ? (
            <p className="warning warning-pending other-value">
              {t.journal.otherValue(formatLyd(entry.amountDirhams), formatLyd(entry.confirmedValueDirhams))}
            </p>
          ) : null}
          <Facts
            items={[
              entry.receiptNo ? [t.receipt.number, <ReceiptNo key="n" value={entry.receiptNo} />] : null,
              entry.phone ? [t.journal.phone, <Phone key="p" phone={entry.phone} />] : null,
              entry.firstName ? [t.journal.name, entry.firstName] : null,
              entry.nameConfirmedBy
                ? [t.customerDisplay.nameConfirmedBy, t.customerDisplay.confirmedBy[entry.nameConfirmedBy]]
                : null,
              entry.voucher ? [t.sell.code, <Code key="c" value={entry.voucher.code} />] : null,
              entry.voucher ? [t.sell.serial, <Code key="s" value={entry.voucher.serialNumber} />] : null,
              // A voucher resolved by a manager may have no dates: said so, not an empty line.
              entry.voucher
                ? [t.sell.activation, plainDateOrNot(entry.voucher.activationDate, language, t)]
                : null,
              entry.voucher ? [t.sell.expiry, plainDateOrNot(entry.voucher.expiryDate, language, t)] : null,
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
              entry.clerk ? [t.journal.clerk, <bdi key="k">{entry.clerk}</bdi>] : null,
              [t.journal.id, <Ltr key="i">{entry.id}</Ltr>],
            ]}
          />
          {entry.error && errorIsHistory(entry) ? (
            // The error is history now: its advice ("the outcome is unknown: look at the entry…") would
            // contradict the settled entry on the same panel.
            <div>
              <h3>{t.journal.errorBeforeResolution}</h3>
              <p>{errorLabel(entry.error.code, language)}</p>
            </div>
          ) : entry.error ? (
            <div>
              <h3>{t.journal.error}</h3>
              {limitFigures(entry) ? (
                <LimitRefusal entry={entry} limit={null} />
              ) : (
                <ErrorNote
                  error={entry.error}
                  httpStatus={entry.error.httpStatus}
                  // Its usual advice, "look at the entry in the journal", is read on that very entry here.
                  text={
                    entry.error.code === 'OUTCOME_UNKNOWN' ? t.journal.unknownHere[entry.kind] : undefined
                  }
                />
              )}
            </div>
          ) : null}
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
      {events.map((e) => {
        const parts = describeEvent(t, language, e)
        return (
          <li key={e.id}>
            <span className="cell-time">{formatDateTimeSeconds(e.at, language)}</span>{' '}
            <strong>{t.event[e.type]}</strong>
            {e.httpStatus ? <Ltr className="muted"> HTTP {e.httpStatus}</Ltr> : null}
            {parts.length > 0 ? (
              <span className="event-detail">
                {parts.map((part, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one event, fixed per render
                  <Fragment key={i}>
                    {i > 0 ? ' · ' : null}
                    <bdi>{part}</bdi>
                  </Fragment>
                ))}
              </span>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}

/** A voucher's date as the provider gave it, or that it was not recorded (an empty date from a resolution). */
function plainDateOrNot(isoDate: string, language: Language, t: Messages): string {
  return isoDate ? formatPlainDate(isoDate, language) : t.journal.dateNotRecorded
}

/** Only a finished sale has a receipt: an issued voucher, a confirmed deposit. */
function hasReceipt(entry: JournalEntry): boolean {
  return (
    (entry.kind === 'voucher' && entry.status === 'issued') ||
    (entry.kind === 'deposit' && entry.status === 'confirmed')
  )
}

/**
 * The entry is settled (issued or confirmed, or failed by a person's resolution): what went wrong on the way is
 * only its history. A failure the service gave keeps its error, which is the reason.
 */
function errorIsHistory(entry: JournalEntry): boolean {
  if (entry.status === 'issued' || entry.status === 'confirmed') return true
  return (
    entry.status === 'failed' && entry.resolution !== undefined && entry.resolution.outcome !== 'annotated'
  )
}
