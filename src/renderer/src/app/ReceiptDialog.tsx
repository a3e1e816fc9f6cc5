import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import type { JournalEntry } from '../../../shared/contract'
import { useLanguage, useT } from '../i18n/use'
import { Button, Facts } from '../ui/controls'
import { formatDateTime, formatPlainDate } from '../ui/format'
import { Code, Ltr, Money, Phone } from '../ui/Ltr'
import { appStore } from './stores'

/**
 * The receipt preview; its Print button prints only the receipt (see the print styles). Real receipt
 * printers come with their own issue; until then the window's print is used.
 */
export function ReceiptDialog() {
  const t = useT()
  const entry = useStore(appStore, (s) => s.receipt)
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (entry && dialog && !dialog.open) dialog.showModal()
  }, [entry])

  if (!entry) return null
  return (
    <dialog
      ref={ref}
      className="receipt-dialog"
      aria-label={t.receipt.title}
      onClose={() => appStore.getState().closeReceipt()}
    >
      <Receipt entry={entry} />
      <div className="actions no-print">
        <Button variant="primary" autoFocus onClick={() => window.print()}>
          {t.common.print}
        </Button>
        <Button shortcut="Esc" onClick={() => ref.current?.close()}>
          {t.common.close}
        </Button>
      </div>
    </dialog>
  )
}

function Receipt({ entry }: { entry: JournalEntry }) {
  const t = useT()
  const language = useLanguage()
  const v = entry.voucher
  return (
    <article className="receipt">
      <h2>{t.appTitle}</h2>
      <h3>{entry.kind === 'voucher' ? t.receipt.voucher : t.receipt.deposit}</h3>
      {entry.mode === 'training' ? <p className="receipt-training">{t.receipt.training}</p> : null}
      {v ? (
        <div className="receipt-code">
          <div>{t.sell.code}</div>
          <Code value={v.code} className="code-big" />
        </div>
      ) : null}
      <Facts
        items={[
          [t.receipt.date, formatDateTime(entry.createdAt, language)],
          [
            entry.kind === 'voucher' ? t.sell.value : t.deposit.reviewAmount,
            <Money key="a" dirhams={entry.amountDirhams} />,
          ],
          v ? [t.sell.serial, <Code key="s" value={v.serialNumber} />] : null,
          v ? [t.sell.activation, formatPlainDate(v.activationDate, language)] : null,
          v ? [t.sell.expiry, formatPlainDate(v.expiryDate, language)] : null,
          entry.phone ? [t.deposit.reviewPhone, <Phone key="p" phone={entry.phone} />] : null,
          entry.firstName ? [t.deposit.reviewName, entry.firstName] : null,
          entry.serviceTransactionId
            ? [t.deposit.serviceTransaction, <Ltr key="t">{entry.serviceTransactionId}</Ltr>]
            : null,
          entry.externalTransactionId
            ? [t.deposit.ourReference, <Ltr key="r">{entry.externalTransactionId}</Ltr>]
            : null,
          [t.journal.status, t.entryStatus[entry.status]],
        ]}
      />
      <p className="receipt-thanks">{t.receipt.thanks}</p>
    </article>
  )
}
