import { dayToIsoDate } from '../../shared/day'
import { formatLyd } from '../../shared/money'
import type { Report } from '../../shared/reports'
import type { Language } from '../../shared/types'
import { formatTripoliDateTime } from '../receipts/format'
import { REPORT_LABELS, reportTitle } from '../reports/labels'

/**
 * The lines above a file's summary (label, value): the title and mode, whose figures (a chain report's
 * scope), the day or period, and when: made, or for a chain report read from the head office, with each
 * terminal's figures as of the last time the head office received from it. Times are Tripoli's, as on screen
 * and in the PDF (the entries' own column says UTC).
 */
export function headerLines(report: Report, language: Language): string[][] {
  const l = REPORT_LABELS[language]
  const lines: string[][] = [[reportTitle(report, l), l.mode[report.mode]]]
  if (report.chain) lines.push([l.scope, l.chainScope])
  lines.push(
    report.from === report.to
      ? [l.day, dayToIsoDate(report.from)]
      : [l.period, `${dayToIsoDate(report.from)} – ${dayToIsoDate(report.to)}`],
  )
  lines.push([report.chain ? l.chainRead : l.generated, formatTripoliDateTime(report.generatedAt)])
  for (const t of report.chain?.terminals ?? []) {
    lines.push([
      l.terminalAsOf(t.terminal),
      t.lastReceivedAt ? formatTripoliDateTime(t.lastReceivedAt) : l.never,
    ])
  }
  if (report.mode === 'training') lines.push([l.trainingWarning])
  return lines
}

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
