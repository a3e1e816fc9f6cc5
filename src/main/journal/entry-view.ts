import type { EntryResolution, JournalEntry } from '../../shared/types'
import type { EntryRecord } from './entry-rows'

/** The last 4 digits of a voucher code: what reports and exports may show of it. */
export function codeLast4(code: string | null): string | null {
  return code === null ? null : code.slice(-4)
}

/** `***********1234`: what lists, errors and logs may show of a voucher code. */
export function maskCode(code: string): string {
  return code.length <= 4 ? code : '*'.repeat(code.length - 4) + code.slice(-4)
}

/** An issued voucher the service valued otherwise than the list the clerk confirmed from. */
export function otherValueIssued(
  e: Pick<EntryRecord, 'kind' | 'status' | 'amountDirhams' | 'denominationValueDirhams'>,
): boolean {
  return (
    e.kind === 'voucher' &&
    e.status === 'issued' &&
    e.denominationValueDirhams !== null &&
    e.denominationValueDirhams !== e.amountDirhams
  )
}

/** The renderer's view of an entry; the full code only when the caller is allowed to reveal it. */
export function toJournalEntry(e: EntryRecord, options: { revealCode?: boolean } = {}): JournalEntry {
  const out: JournalEntry = {
    id: e.id,
    kind: e.kind,
    status: e.status,
    createdAt: e.createdAt,
    day: e.day,
    amountDirhams: e.amountDirhams,
    needsAttention: e.needsAttention,
    attempts: e.attempts,
    updatedAt: e.updatedAt,
    mode: e.mode,
  }
  if (e.receiptNo !== null) out.receiptNo = e.receiptNo
  if (e.clerk !== null) out.clerk = e.clerk
  if (e.phone !== null) out.phone = e.phone
  if (e.firstName !== null) out.firstName = e.firstName
  if (e.denominationId !== null) out.denominationId = e.denominationId
  if (otherValueIssued(e)) out.confirmedValueDirhams = e.denominationValueDirhams as number
  if (e.externalTransactionId !== null) out.externalTransactionId = e.externalTransactionId
  if (e.serviceTransactionId !== null) out.serviceTransactionId = e.serviceTransactionId
  if (e.voucherCode !== null && e.serialNumber !== null) {
    out.voucher = {
      code: options.revealCode ? e.voucherCode : maskCode(e.voucherCode),
      serialNumber: e.serialNumber,
      activationDate: e.activationDate ?? '',
      expiryDate: e.expiryDate ?? '',
    }
  }
  if (e.error !== null) out.error = e.error
  if (e.confirmedByDuplicate) out.confirmedByDuplicate = true
  if (e.nameConfirmedBy !== null) out.nameConfirmedBy = e.nameConfirmedBy
  if (e.resolution !== null) {
    const { outcome, by, at, note } = e.resolution as unknown as EntryResolution
    out.resolution = { outcome, by, at, note }
  }
  return out
}
