import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import type { Language } from '../../shared/contract'
import type { Report } from '../../shared/manager'
import { formatLyd } from '../../shared/money'
import { REPORT_LABELS } from '../reports/labels'
import { type ExportRow, exportCells } from './rows'
import { summaryLines } from './summary-rows'

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one) gets a
 * leading apostrophe, so a customer's "name" can never execute anything when the file is opened.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** RFC 4180 quoting, after the formula guard. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'number' ? String(value) : guardFormula(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`
}

/** The column heads, in the export's language. */
export function entryHeaders(language: Language): string[] {
  const c = REPORT_LABELS[language].columns
  return [
    c.id,
    c.day,
    c.createdAt,
    c.kind,
    c.status,
    c.clerk,
    c.amount,
    c.denomination,
    c.phone,
    c.firstName,
    c.serial,
    c.codeLast4,
    c.serviceTransaction,
    c.reference,
    c.attention,
    c.error,
    c.resolution,
    c.confirmedByDuplicate,
  ]
}

/** One entry's cells: ISO dates, amounts with 3 decimals, phones as displayed (spreadsheets keep the 0). */
export function entryCells(row: ExportRow, language: Language): (string | null)[] {
  return exportCells(row, language, formatLyd)
}

/**
 * CSV in UTF-8 with a byte order mark (so Excel reads Arabic as Arabic), CRLF lines: the entries, a blank
 * line, then the summary (section, item, count, value).
 */
export class CsvWriter {
  private readonly fd: number

  constructor(
    path: string,
    private readonly lang: Language,
  ) {
    this.fd = openSync(path, 'w')
    writeSync(this.fd, `\uFEFF${csvLine(entryHeaders(this.lang))}`)
  }

  rows(rows: ExportRow[]): void {
    writeSync(this.fd, rows.map((r) => csvLine(entryCells(r, this.lang))).join(''))
  }

  finish(report: Report): void {
    const l = REPORT_LABELS[this.lang]
    const summary = summaryLines(report, this.lang).map((s) =>
      csvLine([s.section, s.item, s.count, formatLyd(s.dirhams)]),
    )
    writeSync(
      this.fd,
      `\r\n${csvLine([l.title[report.type], l.columns.kind, l.count, l.columns.amount])}${summary.join('')}`,
    )
    fsyncSync(this.fd)
    closeSync(this.fd)
  }

  abort(): void {
    closeSync(this.fd)
  }
}
