import { dayToIsoDate } from '../../shared/day'
import { reportReason } from '../../shared/error-labels'
import { formatLyd } from '../../shared/money'
import { formatPhoneForDisplay } from '../../shared/phone'
import {
  type ClerkTotals,
  lateToShow,
  type Report,
  type ReportEntry,
  type ReportList,
  salesWithLate,
  type Tally,
} from '../../shared/reports'
import type { Language } from '../../shared/types'
import { codeGroups } from '../../shared/voucher-code'
import { type PaperWidthMm, printableWidthDots } from '../printing/paper'
import { RECEIPT_FONT_FAMILY, type ReceiptFonts } from '../receipts/fonts'
import { escapeHtml, formatTripoliDateTime } from '../receipts/format'
import { REPORT_LABELS, type ReportLabels, reportTitle, transactionIdText } from './labels'

/** Latin runs (figures, dates, ids) read left to right inside Arabic text. */
function ltr(value: string): string {
  return `<bdi dir="ltr">${escapeHtml(value)}</bdi>`
}

/** Text typed by people (names) in either script. */
function auto(value: string): string {
  return `<bdi>${escapeHtml(value)}</bdi>`
}

function money(dirhams: number): string {
  return ltr(formatLyd(dirhams))
}

function period(report: Report): string {
  return report.from === report.to
    ? ltr(dayToIsoDate(report.from))
    : `${ltr(dayToIsoDate(report.from))} – ${ltr(dayToIsoDate(report.to))}`
}

function clerkName(clerk: string | null, l: ReportLabels): string {
  return clerk === null ? escapeHtml(l.noClerk) : auto(clerk)
}

function headerRows(report: Report, l: ReportLabels): [string, string][] {
  const rows: [string, string][] = [[report.from === report.to ? l.day : l.period, period(report)]]
  if (report.chain) rows.push([l.scope, escapeHtml(l.chainScope)])
  if (report.z) {
    rows.push([l.zNumber, ltr(String(report.z.number))])
    if (report.z.part > 1) rows.push([l.zPart, ltr(String(report.z.part))])
    rows.push([l.closedAt, ltr(formatTripoliDateTime(report.z.closedAt))])
    if (report.z.closedBy) rows.push([l.closedBy, auto(report.z.closedBy)])
  } else {
    // A chain report's figures are the head office's when they were read (each terminal's as of its own time).
    rows.push([report.chain ? l.chainRead : l.generated, ltr(formatTripoliDateTime(report.generatedAt))])
    if (report.generatedBy) rows.push([l.by, auto(report.generatedBy)])
  }
  return rows
}

/** A chain report's part per terminal, each with the time its figures are as of. */
function terminalTable(report: Report, l: ReportLabels, countValue: string): string {
  const rows = (report.chain?.terminals ?? [])
    .map(
      (t) =>
        `<tr><td>${auto(t.terminal)}</td>${tallyCells(t.vouchers)}${tallyCells(t.deposits)}${tallyCells(t.sales)}` +
        `<td class="num">${ltr(String(t.attention))}</td>` +
        `<td>${t.lastReceivedAt ? ltr(formatTripoliDateTime(t.lastReceivedAt)) : escapeHtml(l.never)}</td></tr>`,
    )
    .join('')
  return (
    `<h2>${escapeHtml(l.byTerminal)}</h2>` +
    `<table><thead><tr><th rowspan="2">${escapeHtml(l.terminal)}</th><th colspan="2">${escapeHtml(l.vouchers)}</th>` +
    `<th colspan="2">${escapeHtml(l.deposits)}</th><th colspan="2">${escapeHtml(l.total)}</th>` +
    `<th rowspan="2">${escapeHtml(l.attentionEntries)}</th><th rowspan="2">${escapeHtml(l.lastReceived)}</th></tr>` +
    `<tr>${countValue}${countValue}${countValue}</tr></thead><tbody>${rows}</tbody></table>`
  )
}

function tallyCells(t: Tally): string {
  return `<td class="num">${ltr(String(t.count))}</td><td class="num">${money(t.dirhams)}</td>`
}

/** The transaction id cell: the service's id left to right; our reference named as ours, in the report's direction. */
function idCell(id: { text: string; ours: boolean }): string {
  return id.ours ? `<td>${escapeHtml(id.text)}</td>` : `<td dir="ltr">${escapeHtml(id.text)}</td>`
}

/**
 * One entry as a table row. A cell holding one value takes its direction from its own `dir` (Latin figures and
 * ids left to right, names from their first letter) instead of a <bdi> inside it: a 10,000-entry PDF is mostly
 * these rows, and Chromium's print time grows with the number of boxes, so each saved element counts.
 */
function entryRow(e: ReportEntry, l: ReportLabels): string {
  const contact = e.phone
    ? e.firstName
      ? `<td>${ltr(formatPhoneForDisplay(e.phone))} ${auto(e.firstName)}</td>`
      : `<td dir="ltr">${escapeHtml(formatPhoneForDisplay(e.phone))}</td>`
    : e.serialNumber
      ? `<td dir="ltr">${escapeHtml(codeGroups(e.serialNumber).join(' '))}</td>`
      : '<td></td>'
  // Why it is listed, in words (its error, or a deposit confirmed by duplicate); an unknown code, as it is.
  const why = reportReason(e, l.language)
  const reason = !why
    ? '<td></td>'
    : why.asIs
      ? `<td dir="ltr">${escapeHtml(why.text)}</td>`
      : `<td>${escapeHtml(why.text)}</td>`
  return (
    `<tr><td dir="ltr">${escapeHtml(formatTripoliDateTime(e.createdAt))}</td>` +
    `<td dir="ltr">${escapeHtml(e.receiptNo ?? '')}</td><td>${escapeHtml(l.kindOne[e.kind])}</td>` +
    `<td>${escapeHtml(l.status[e.status])}</td><td class="num" dir="ltr">${escapeHtml(formatLyd(e.amountDirhams))}</td>` +
    `${e.clerk === null ? '<td></td>' : `<td dir="auto">${escapeHtml(e.clerk)}</td>`}${contact}` +
    `${idCell(transactionIdText(e, l))}` +
    `${reason}</tr>`
  )
}

/**
 * A mark at the top of every page (a CSS page margin box): a training report says so on each sheet, so that a
 * page printed or passed on alone cannot pass for real figures. Drawn in the report's own font.
 */
function everyPageMark(text: string): string {
  const quoted = `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`
  return `@page{@top-center{content:${quoted};font-family:'${RECEIPT_FONT_FAMILY}';font-weight:800;font-size:9pt}}`
}

/** The head row of an entries table (the failed and the attention lists). */
function entryTableHead(l: ReportLabels): string {
  const c = l.columns
  return `<tr><th>${escapeHtml(c.localDateTime)}</th><th>${escapeHtml(c.receiptNo)}</th><th>${escapeHtml(c.kind)}</th><th>${escapeHtml(c.status)}</th><th>${escapeHtml(c.amount)}</th><th>${escapeHtml(c.clerk)}</th><th>${escapeHtml(`${c.phone} / ${c.serial}`)}</th><th>${escapeHtml(c.serviceTransaction)}</th><th>${escapeHtml(c.error)}</th></tr>`
}

/**
 * A chain report's failed and attention entries: how many, as figures. Their lists are in each terminal's own
 * report (the head office gives no terminal another's customers), so no table of them, and no "… and N more".
 */
function chainEntryCounts(report: Report, l: ReportLabels): string {
  const row = (label: string, n: number) => `<dt>${escapeHtml(label)}</dt><dd>${ltr(String(n))}</dd>`
  return (
    `<dl class="meta">${row(l.failedEntries, report.failed.total)}` +
    `${row(l.attentionEntries, report.attention.total)}</dl><p>${escapeHtml(l.chainFiguresOnly)}</p>`
  )
}

function entryList(title: string, list: ReportList, l: ReportLabels): string {
  if (list.total === 0) return `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(l.none)}</p>`
  const more = list.total - list.entries.length
  return (
    `<h2>${escapeHtml(title)} (${ltr(String(list.total))})</h2>` +
    `<table class="entries"><thead>${entryTableHead(l)}</thead><tbody>` +
    list.entries.map((e) => entryRow(e, l)).join('') +
    `</tbody></table>${more > 0 ? `<p>${escapeHtml(l.more(more))}</p>` : ''}`
  )
}

function clerkRow(c: ClerkTotals, l: ReportLabels): string {
  return `<tr><td>${clerkName(c.clerk, l)}</td>${tallyCells(c.vouchers)}${tallyCells(c.deposits)}${tallyCells(c.total)}</tr>`
}

/**
 * A4 report styles. The body is shown in print only: Chromium lays a page out for the screen before it prints
 * it, and for a report nobody looks at on screen that layout (two, with the web font arriving) is wasted work —
 * so the fonts are loaded explicitly before printing (PDF_READY_SCRIPT). Entry rows are one line high where
 * they can be (the time never wraps): about 40 rows a page instead of 17.
 */
const A4_STYLES = `
@page{size:A4;margin:14mm 12mm}
*{box-sizing:border-box}
body{font-family:'${RECEIPT_FONT_FAMILY}';font-size:10pt;color:#000;margin:0}
bdi{unicode-bidi:isolate}
h1{font-size:17pt;margin:0 0 4pt}
h2{font-size:12pt;margin:14pt 0 4pt;break-after:avoid}
.banner{border:2pt solid #000;padding:4pt 8pt;font-weight:800;font-size:12pt;display:inline-block;margin:4pt 0}
.meta{display:grid;grid-template-columns:max-content auto;gap:2pt 12pt;margin:6pt 0}
.meta dt{font-weight:700}
.meta dd{margin:0}
table{border-collapse:collapse;width:100%;margin-top:2pt}
th,td{border:0.6pt solid #555;padding:2pt 4pt;text-align:start;vertical-align:top}
th{background:#eee}
td.num,th.num{text-align:end;white-space:nowrap}
tr{break-inside:avoid}
thead{display:table-header-group}
.sales{font-size:13pt;font-weight:800}
.entries td{font-size:8.5pt;line-height:1.25}
.entries td:first-child{white-space:nowrap}
html[dir=ltr] .entries td{text-align:left}
html[dir=ltr] .entries td.num{text-align:right}
html[dir=rtl] .entries td{text-align:right}
html[dir=rtl] .entries td.num{text-align:left}
@media screen{body{display:none}}
`

/** The period's entries: how many. Their list is drawn after the summary (exports/entries-pdf.ts). */
export interface EntriesSection {
  total: number
}

/**
 * A report as one self-contained A4 HTML document (fonts embedded), rendered by Chromium to PDF. With
 * `entries` and none in the period, the entries' heading says so; a list of entries is appended to the
 * PDF as pages of its own (exports/entries-pdf.ts: Chromium takes seconds to lay out thousands of rows).
 */
export function renderReportHtml(
  report: Report,
  language: Language,
  fonts: ReceiptFonts,
  outletName: string,
  entries?: EntriesSection,
): string {
  const l = REPORT_LABELS[language]
  const training = report.mode === 'training'
  const meta = headerRows(report, l)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`)
    .join('')
  const kinds = report.byKind
    .map(
      (t) =>
        `<tr><td>${escapeHtml(l.kind[t.kind])}</td>${tallyCells(t.done)}${tallyCells(t.failed)}${tallyCells(t.open)}</tr>`,
    )
    .join('')
  const values = report.byDenomination
    .map((d) => `<tr><td class="num">${money(d.valueDirhams)}</td>${tallyCells(d)}</tr>`)
    .join('')
  const countValue = `<th class="num">${escapeHtml(l.count)}</th><th class="num">${escapeHtml(l.value)}</th>`
  const parts = [
    '<!doctype html>',
    `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; font-src data:; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(reportTitle(report, l))}</title><style>${fonts.css}${A4_STYLES}${training ? everyPageMark(l.trainingWarning) : ''}</style></head><body>`,
    outletName ? `<div>${auto(outletName)}</div>` : '',
    `<h1>${escapeHtml(reportTitle(report, l))}</h1>`,
    `<div class="banner">${escapeHtml(training ? l.trainingWarning : l.mode.live)}</div>`,
    `<dl class="meta">${meta}</dl>`,
    `<p class="sales">${escapeHtml(l.sales)}: ${ltr(String(report.sales.count))} · ${money(report.sales.dirhams)} ${escapeHtml(l.currency)}</p>`,
    `<h2>${escapeHtml(l.byKind)}</h2><table><thead><tr><th rowspan="2"></th>`,
    `<th colspan="2">${escapeHtml(l.done)}</th><th colspan="2">${escapeHtml(l.failed)}</th><th colspan="2">${escapeHtml(l.open)}</th></tr>`,
    `<tr>${countValue}${countValue}${countValue}</tr></thead><tbody>${kinds}</tbody></table>`,
    `<h2>${escapeHtml(l.byDenomination)}</h2>`,
    values
      ? `<table><thead><tr><th class="num">${escapeHtml(l.denomination)}</th>${countValue}</tr></thead><tbody>${values}</tbody></table>`
      : `<p>${escapeHtml(l.none)}</p>`,
    `<h2>${escapeHtml(l.byClerk)}</h2>`,
    report.byClerk.length
      ? `<table><thead><tr><th rowspan="2">${escapeHtml(l.clerk)}</th><th colspan="2">${escapeHtml(l.vouchers)}</th><th colspan="2">${escapeHtml(l.deposits)}</th><th colspan="2">${escapeHtml(l.total)}</th></tr><tr>${countValue}${countValue}${countValue}</tr></thead><tbody>${report.byClerk.map((c) => clerkRow(c, l)).join('')}</tbody></table>`
      : `<p>${escapeHtml(l.none)}</p>`,
    ...(report.chain
      ? [terminalTable(report, l, countValue), chainEntryCounts(report, l)]
      : [entryList(l.failedEntries, report.failed, l), entryList(l.attentionEntries, report.attention, l)]),
  ]
  if (entries && entries.total === 0) {
    parts.push(`<h2>${escapeHtml(l.entries)} (${ltr('0')})</h2><p>${escapeHtml(l.none)}</p>`)
  }
  parts.push('</body></html>')
  return parts.join('')
}

/**
 * The day's summary for the receipt printer (X or Z), laid out in dots at the roll's printable width like
 * the receipts: totals by kind, by value and by clerk, and how many entries need attention.
 */
export function renderSummaryReceiptHtml(
  report: Report,
  language: Language,
  fonts: ReceiptFonts,
  widthMm: PaperWidthMm,
  outletName: string,
): string {
  const l = REPORT_LABELS[language]
  const width = printableWidthDots(widthMm)
  const small = widthMm === 58
  const row = (label: string, value: string) =>
    `<div class="row"><span>${label}</span><span class="v">${value}</span></div>`
  const tally = (t: Tally) => `${ltr(String(t.count))} · ${money(t.dirhams)}`
  const section = (title: string, body: string) => `<div class="h">${escapeHtml(title)}</div>${body}`
  const training = report.mode === 'training'
  const late = lateToShow(report)
  const withLate = salesWithLate(report)
  const body = [
    outletName ? `<div class="outlet">${auto(outletName)}</div>` : '',
    `<div class="title">${escapeHtml(l.title[report.type])}</div>`,
    training ? `<div class="banner">${escapeHtml(l.trainingWarning)}</div>` : '',
    ...headerRows(report, l).map(([label, value]) => row(escapeHtml(label), value)),
    '<hr>',
    `<div class="h">${escapeHtml(l.total)}</div><div class="big">${money(report.sales.dirhams)} ${escapeHtml(l.currency)}</div>`,
    row(escapeHtml(l.count), ltr(String(report.sales.count))),
    withLate ? row(escapeHtml(l.late.withLate), tally(withLate)) : '',
    '<hr>',
    ...report.byKind.map((k) =>
      section(
        l.kind[k.kind],
        row(escapeHtml(l.done), tally(k.done)) +
          row(escapeHtml(l.failed), tally(k.failed)) +
          row(escapeHtml(l.open), tally(k.open)),
      ),
    ),
    report.byDenomination.length
      ? `<hr>${section(
          l.byDenomination,
          report.byDenomination.map((d) => row(money(d.valueDirhams), tally(d))).join(''),
        )}`
      : '',
    report.byClerk.length
      ? `<hr>${section(l.byClerk, report.byClerk.map((c) => row(clerkName(c.clerk, l), tally(c.total))).join(''))}`
      : '',
    late
      ? `<hr>${section(
          l.late.title,
          (late.settled.total > 0
            ? `<div class="note">${escapeHtml(l.late.slipIntro[report.type === 'z' ? 'z' : 'x'])}</div>` +
              row(escapeHtml(l.done), tally(late.moved)) +
              row(escapeHtml(l.failed), tally(late.failed))
            : '') + row(escapeHtml(l.late.stillOpen), tally(late.stillOpen)),
        )}`
      : '',
    '<hr>',
    row(escapeHtml(l.failedEntries), ltr(String(report.failed.total))),
    row(escapeHtml(l.attentionEntries), ltr(String(report.attention.total))),
    training ? `<div class="banner">${escapeHtml(l.trainingWarning)}</div>` : '',
  ]
  const base = small ? 21 : 24
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">`,
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; font-src data:; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(l.title[report.type])}</title><style>${fonts.css}`,
    `*{box-sizing:border-box;margin:0;padding:0}html{background:#fff;color:#000}html,body{width:${width}px;overflow:hidden}`,
    `body{font-family:'${RECEIPT_FONT_FAMILY}';font-size:${base}px;line-height:1.3;font-weight:600;padding:8px 6px 20px}`,
    'bdi{unicode-bidi:isolate}hr{border:0;border-top:2px dashed #000;margin:8px 0}',
    `.outlet{text-align:center;font-size:${base + 6}px;font-weight:800}.title{text-align:center;font-size:${base + 4}px;font-weight:800;margin:4px 0}`,
    `.banner{background:#000;color:#fff;text-align:center;font-weight:800;margin:6px 0;padding:4px}`,
    '.row{display:flex;justify-content:space-between;gap:8px}.row .v{font-weight:700;text-align:end}',
    `.note{font-size:${base - 4}px;font-weight:400}.h{font-weight:800;margin-top:4px}.big{text-align:center;font-size:${base + 14}px;font-weight:800}`,
    `@media print{@page{margin:0}html{width:auto;zoom:${(96 / 25.4 / 8).toFixed(5)}}html,body{overflow:visible}}`,
    '</style></head><body>',
    ...body,
    '</body></html>',
  ].join('')
}
