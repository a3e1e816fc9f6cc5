import { useStore } from 'zustand'
import type { JournalEntry } from '../../../../shared/types'
import { depositStore, openEntry } from '../../app/stores'
import { useLanguage, useT } from '../../i18n/use'
import { Badge, Button, Facts, Panel, SettledButton } from '../../ui/controls'
import { canRetry, isOpen, statusTone } from '../../ui/entry'
import { formatTime } from '../../ui/format'
import { Ltr, Money, Phone } from '../../ui/Ltr'
import { RetryFeedback } from '../../ui/RetryFeedback'
import { PrintButtons, PrintOutcomeNote } from '../printing/PrintControls'

/** An earlier deposit to this phone is still open: it is settled first, right after the lookup. */
export function OpenStep() {
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
