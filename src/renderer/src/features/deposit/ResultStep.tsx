import { useStore } from 'zustand'
import type { JournalEntry } from '../../../../shared/types'
import { depositStore, statusStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button, Facts, Panel, SettledButton } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { canRetry, failedUnsent, isLimitRefusal } from '../../ui/entry'
import { LimitRefusal } from '../../ui/LimitNotes'
import { Ltr, Money, Phone, ReceiptNo } from '../../ui/Ltr'
import { RetryFeedback } from '../../ui/RetryFeedback'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'

export function ResultStep() {
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
