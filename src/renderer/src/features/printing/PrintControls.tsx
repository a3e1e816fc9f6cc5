import { useStore } from 'zustand'
import type { JournalEntry } from '../../../../shared/types'
import { printingStore, settingsStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button, SettledButton } from '../../ui/controls'
import { SupportDetails } from '../../ui/ErrorNote'
import { printFailureText } from './failure-text'
import { printerFailureReason } from './store'

/** Whether this terminal has a printer to send receipts to (otherwise: show them, save as PDF). */
export function useHasPrinter(): boolean {
  return useStore(settingsStore, (s) => (s.settings?.printer.kind ?? 'none') !== 'none')
}

/**
 * Print (Reprint once printed) and Show receipt, for a finished entry. Without a printer, Show receipt is
 * the main action. The outcome is shown by PrintOutcomeNote, outside the row of buttons.
 */
export function PrintButtons({
  entry,
  primary = false,
  autoFocus = false,
  printedBefore = false,
}: {
  entry: JournalEntry
  primary?: boolean
  autoFocus?: boolean
  /** The journal's history shows an earlier print: this one will be a COPY. */
  printedBefore?: boolean
}) {
  const t = useT()
  const hasPrinter = useHasPrinter()
  const outcome = useStore(printingStore, (s) => s.outcomes[entry.id])
  const printedHere = useStore(printingStore, (s) => s.printed[entry.id] === true)
  const printing = outcome?.state === 'printing'
  const again = printedBefore || printedHere
  // With the focus on a new outcome, the bounce of the Enter that led to it does not print or preview.
  const Action = autoFocus ? SettledButton : Button
  return (
    <>
      {hasPrinter ? (
        <Action
          variant={primary ? 'primary' : 'secondary'}
          autoFocus={autoFocus}
          // Not `disabled`: a disabled button drops the focus to the page, and after an automatic print the
          // clerk's Enter must find Print (Reprint) again. A press while printing is ignored by the store.
          aria-disabled={printing || undefined}
          onClick={() => void printingStore.getState().print(entry.id)}
        >
          {printing ? t.printing.printing : again ? t.printing.reprint : t.common.print}
        </Action>
      ) : null}
      <Action
        variant={primary && !hasPrinter ? 'primary' : 'secondary'}
        autoFocus={autoFocus && !hasPrinter}
        onClick={() => void printingStore.getState().showPreview(entry.id)}
      >
        {t.printing.preview}
      </Action>
    </>
  )
}

/** The last print of an entry: printing, printed (or a copy), or why it did not print. */
export function PrintOutcomeNote({ entryId }: { entryId: string }) {
  const t = useT()
  const outcome = useStore(printingStore, (s) => s.outcomes[entryId])
  if (!outcome) return null
  if (outcome.state === 'printing') {
    return (
      <p className="hint print-outcome" role="status">
        {t.printing.printing}
      </p>
    )
  }
  if (outcome.state === 'printed') {
    return (
      <p className="notice-line notice-good print-outcome" role="status">
        {outcome.copy ? t.printing.printedCopy : t.printing.printed}
      </p>
    )
  }
  return (
    <div className="warning warning-pending print-outcome" role="alert">
      <p className="strong">{t.printing.failedTitle}</p>
      <p>{printFailureText(t, outcome.error)}</p>
      <p>{t.printing.saleStillDone}</p>
      <SupportDetails
        code={[outcome.error.code, printerFailureReason(outcome.error)].filter(Boolean).join(' · ')}
      />
    </div>
  )
}
