import { dayToIsoDate } from '../../shared/day'
import { formatPhoneForDisplay } from '../../shared/phone'
import type { ReportEntry } from '../../shared/reports'
import type { Language } from '../../shared/types'
import { codeGroups } from '../../shared/voucher-code'
import type { EntryRecord } from '../journal/entry-rows'
import { tripoliDateAndTime } from '../receipts/format'
import { toReportEntry } from '../reports/compute'
import { REPORT_LABELS } from '../reports/labels'

/**
 * One entry as exports write it: what a report lists (never the voucher code, the last 4 digits at most),
 * with the voucher's value and a manager's resolution.
 */
export interface ExportRow extends ReportEntry {
  denominationValueDirhams: number | null
  resolution: { outcome: string; note: string } | null
}

export const EXPORT_BATCH = 1000

export function toExportRow(e: EntryRecord): ExportRow {
  const r = e.resolution as { outcome?: unknown; note?: unknown } | null
  return {
    ...toReportEntry(e),
    denominationValueDirhams: e.denominationValueDirhams,
    resolution: r === null ? null : { outcome: String(r.outcome ?? ''), note: String(r.note ?? '') },
  }
}

/**
 * One entry's cells, in the order of the header, for CSV and XLSX alike: the receipt number first; ISO dates,
 * the time in Tripoli (as the screen and the receipt show it) beside the UTC instant; phones as displayed
 * (spreadsheets keep the 0), the serial grouped as everywhere else; amounts as the format wants them (text
 * with 3 decimals, or a number).
 */
export function exportCells<Money>(
  row: ExportRow,
  language: Language,
  money: (dirhams: number) => Money,
): (string | Money | null)[] {
  const l = REPORT_LABELS[language]
  const local = tripoliDateAndTime(row.createdAt)
  return [
    row.receiptNo,
    row.id,
    dayToIsoDate(row.day),
    local.date,
    local.time,
    row.createdAt,
    l.kindOne[row.kind],
    l.status[row.status],
    row.clerk,
    money(row.amountDirhams),
    row.denominationValueDirhams === null ? null : money(row.denominationValueDirhams),
    row.phone === null ? null : formatPhoneForDisplay(row.phone),
    row.firstName,
    row.serialNumber === null ? null : codeGroups(row.serialNumber).join(' '),
    row.codeLast4,
    row.serviceTransactionId,
    row.externalTransactionId,
    row.needsAttention ? l.yes : l.no,
    row.errorCode,
    row.resolution ? `${row.resolution.outcome}: ${row.resolution.note}` : null,
    row.confirmedByDuplicate ? l.yes : l.no,
  ]
}
