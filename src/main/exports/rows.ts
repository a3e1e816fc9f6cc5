import type { EntryKind, EntryStatus } from '../../shared/contract'
import { codeLast4 } from '../journal/dto'
import type { EntryRecord } from '../journal/entries'

/** One entry as exports write it: never the voucher code (the last 4 digits at most). */
export interface ExportRow {
  id: string
  day: number
  createdAt: string
  kind: EntryKind
  status: EntryStatus
  clerk: string | null
  amountDirhams: number
  denominationValueDirhams: number | null
  phone: string | null
  firstName: string | null
  serialNumber: string | null
  codeLast4: string | null
  serviceTransactionId: string | null
  externalTransactionId: string | null
  needsAttention: boolean
  errorCode: string | null
  resolution: { outcome: string; note: string } | null
}

export const EXPORT_BATCH = 1000

export function toExportRow(e: EntryRecord): ExportRow {
  const r = e.resolution as { outcome?: unknown; note?: unknown } | null
  return {
    id: e.id,
    day: e.day,
    createdAt: e.createdAt,
    kind: e.kind,
    status: e.status,
    clerk: e.clerk,
    amountDirhams: e.amountDirhams,
    denominationValueDirhams: e.denominationValueDirhams,
    phone: e.phone,
    firstName: e.firstName,
    serialNumber: e.serialNumber,
    codeLast4: codeLast4(e.voucherCode),
    serviceTransactionId: e.serviceTransactionId,
    externalTransactionId: e.externalTransactionId,
    needsAttention: e.needsAttention,
    errorCode: e.error?.code ?? null,
    resolution: r === null ? null : { outcome: String(r.outcome ?? ''), note: String(r.note ?? '') },
  }
}
