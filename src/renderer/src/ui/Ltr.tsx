import type { ReactNode } from 'react'
import { DIRHAMS_PER_LYD } from '../../../shared/money'
import { useT } from '../i18n/use'
import { formatLyd, formatPhone, groupCode } from './format'

/** Text that must read left-to-right even inside Arabic: amounts, phones, codes, serials, ids. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className ? `ltr ${className}` : 'ltr'}>
      {children}
    </bdi>
  )
}

/** "30.000 LYD" / "30.000 د.ل": the figure always Latin digits with three decimals. */
export function Money({ dirhams, className }: { dirhams: number; className?: string }) {
  const t = useT()
  return (
    <span className={className ? `money ${className}` : 'money'}>
      <Ltr className="figure">{formatLyd(dirhams)}</Ltr> <span className="currency">{t.currency}</span>
    </span>
  )
}

/** The amount in words ("1000 dinars", "دينار واحد و500 درهم"), beside a figure whose size matters. */
export function MoneyWords({ dirhams }: { dirhams: number }) {
  const t = useT()
  return (
    <span className="money-words">
      {t.amountInWords(Math.floor(dirhams / DIRHAMS_PER_LYD), dirhams % DIRHAMS_PER_LYD)}
    </span>
  )
}

/** A typed amount as a field's hint says it back: "= 1.000 LYD · 1 dinar". */
export function AmountSaid({ dirhams }: { dirhams: number }) {
  return (
    <>
      = <Money dirhams={dirhams} /> · <MoneyWords dirhams={dirhams} />
    </>
  )
}

export function Phone({ phone }: { phone: string }) {
  return <Ltr className="phone">{formatPhone(phone)}</Ltr>
}

/** The receipt number a person reads aloud (`R-0428-0173`), as printed large on the receipt. */
export function ReceiptNo({ value }: { value: string }) {
  return <Ltr className="receipt-no">{value}</Ltr>
}

/** A voucher code or serial, grouped in fours for reading aloud. */
export function Code({ value, className }: { value: string; className?: string }) {
  return <Ltr className={className ? `code ${className}` : 'code'}>{groupCode(value)}</Ltr>
}
