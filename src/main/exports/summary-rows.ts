import type { Language } from '../../shared/contract'
import type { Report } from '../../shared/manager'
import { formatLyd } from '../../shared/money'
import { REPORT_LABELS } from '../reports/labels'

/**
 * One line of a report's summary as exports write it: section, what, count, value in dirhams — none for a
 * line that is a count only (the entries needing attention, as on screen and in the PDF: a 0.000 there read
 * as "nothing at stake").
 */
export interface SummaryLine {
  section: string
  item: string
  count: number
  dirhams: number | null
}

/**
 * The summary under an export's entries (CSV) or on its own sheet (XLSX): sales, each kind by outcome, each
 * voucher value, each clerk. The same figures as the report on screen and in the PDF.
 */
export function summaryLines(report: Report, language: Language): SummaryLine[] {
  const l = REPORT_LABELS[language]
  const lines: SummaryLine[] = [{ section: l.sales, item: l.total, ...report.sales }]
  for (const k of report.byKind) {
    lines.push({ section: l.byKind, item: `${l.kind[k.kind]} — ${l.done}`, ...k.done })
    lines.push({ section: l.byKind, item: `${l.kind[k.kind]} — ${l.failed}`, ...k.failed })
    lines.push({ section: l.byKind, item: `${l.kind[k.kind]} — ${l.open}`, ...k.open })
  }
  for (const d of report.byDenomination) {
    lines.push({
      section: l.byDenomination,
      item: formatLyd(d.valueDirhams),
      count: d.count,
      dirhams: d.dirhams,
    })
  }
  for (const c of report.byClerk) {
    lines.push({ section: l.byClerk, item: c.clerk ?? l.noClerk, ...c.total })
  }
  lines.push({ section: l.attentionEntries, item: l.total, count: report.attention.total, dirhams: null })
  for (const t of report.chain?.terminals ?? []) {
    lines.push({ section: l.byTerminal, item: `${t.terminal} — ${l.total}`, ...t.sales })
    lines.push({ section: l.byTerminal, item: `${t.terminal} — ${l.vouchers}`, ...t.vouchers })
    lines.push({ section: l.byTerminal, item: `${t.terminal} — ${l.deposits}`, ...t.deposits })
    lines.push({
      section: l.byTerminal,
      item: `${t.terminal} — ${l.attentionEntries}`,
      count: t.attention,
      dirhams: null,
    })
  }
  return lines
}
