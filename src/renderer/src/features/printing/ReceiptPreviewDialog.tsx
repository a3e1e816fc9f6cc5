import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { printingStore } from '../../app/stores'
import { useT } from '../../i18n/use'
import { Button } from '../../ui/controls'
import { ErrorNote } from '../../ui/ErrorNote'
import { Ltr } from '../../ui/Ltr'
import { PrintOutcomeNote, useHasPrinter } from './PrintControls'

/**
 * The receipt exactly as it prints: main's 1-bit raster at one screen pixel per printer dot. Print sends
 * it to the terminal's printer; Save as PDF writes the same dots to a file (the way to a receipt on a PC
 * without a receipt printer).
 */
export function ReceiptPreviewDialog() {
  const t = useT()
  const preview = useStore(printingStore, (s) => s.preview)
  const outcome = useStore(printingStore, (s) => (s.preview ? s.outcomes[s.preview.entryId] : undefined))
  const hasPrinter = useHasPrinter()
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (preview && dialog && !dialog.open) dialog.showModal()
  }, [preview])

  if (!preview) return null
  const { receipt, error, saving, savedPath, entryId } = preview
  const printing = outcome?.state === 'printing'
  return (
    <dialog
      ref={ref}
      className="receipt-dialog"
      aria-label={t.receipt.title}
      onClose={() => printingStore.getState().closePreview()}
    >
      <h2>{t.receipt.title}</h2>
      {receipt?.copy ? <p className="hint">{t.printing.willBeCopy}</p> : null}
      <div className="receipt-paper">
        {receipt ? (
          <img
            className="receipt-image"
            src={receipt.imageDataUrl}
            width={receipt.widthDots}
            height={receipt.heightDots}
            alt={t.printing.imageAlt}
          />
        ) : error ? null : (
          <p>{t.printing.preparing}</p>
        )}
      </div>
      {error ? <ErrorNote error={error} /> : null}
      <div className="actions">
        {hasPrinter ? (
          <Button
            variant="primary"
            autoFocus
            disabled={printing || !receipt}
            onClick={() => void printingStore.getState().print(entryId)}
          >
            {printing ? t.printing.printing : receipt?.copy ? t.printing.reprint : t.common.print}
          </Button>
        ) : null}
        <Button
          variant={hasPrinter ? 'secondary' : 'primary'}
          autoFocus={!hasPrinter}
          disabled={saving || !receipt}
          onClick={() => void printingStore.getState().savePdf()}
        >
          {saving ? t.printing.saving : t.printing.savePdf}
        </Button>
        <Button shortcut="Esc" onClick={() => ref.current?.close()}>
          {t.common.close}
        </Button>
      </div>
      {savedPath ? (
        <p className="notice-line notice-good" role="status">
          {t.printing.savedPdf} <Ltr>{savedPath}</Ltr>
        </p>
      ) : null}
      <PrintOutcomeNote entryId={entryId} />
    </dialog>
  )
}
