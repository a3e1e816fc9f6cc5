import { type FileHandle, open } from 'node:fs/promises'
import { formatLyd } from '../../shared/money'
import type { Report } from '../../shared/reports'
import type { Language } from '../../shared/types'
import { closedAfter } from '../atomic-file'
import { REPORT_LABELS, reportTitle } from '../reports/labels'
import type { ExportWriter } from './files'
import { type ExportRow, exportCells } from './rows'
import { headerLines, summaryLines } from './summary-rows'

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
    c.receiptNo,
    c.id,
    c.day,
    c.localDate,
    c.localTime,
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
 * line, then the summary (section, item, count, value). A file of figures only (a chain report) has no
 * entries: it starts with whose figures they are and as of when (headerLines), then the summary. Written and
 * synced asynchronously: the file may be on a USB stick or a share, and the desk's main thread must not wait
 * on it.
 */
export class CsvWriter implements ExportWriter {
  private constructor(
    private readonly file: FileHandle,
    private readonly lang: Language,
    private readonly withEntries: boolean,
  ) {}

  static async create(path: string, lang: Language, withEntries = true): Promise<CsvWriter> {
    const file = await open(path, 'w')
    try {
      await file.writeFile(`\uFEFF${withEntries ? csvLine(entryHeaders(lang)) : ''}`)
    } catch (error) {
      await file.close().catch(() => undefined)
      throw error
    }
    return new CsvWriter(file, lang, withEntries)
  }

  async rows(rows: ExportRow[]): Promise<void> {
    if (!this.withEntries) throw new Error('This file holds figures only.')
    await this.file.writeFile(rows.map((r) => csvLine(entryCells(r, this.lang))).join(''))
  }

  /** The summary, then the file synced to disk and closed. */
  async finish(report: Report): Promise<void> {
    const l = REPORT_LABELS[this.lang]
    const head = this.withEntries ? '' : headerLines(report, this.lang).map(csvLine).join('')
    const summary = summaryLines(report, this.lang).map((s) =>
      csvLine([s.section, s.item, s.count, s.dirhams === null ? '' : formatLyd(s.dirhams)]),
    )
    // After the entries, the summary's head row names the report; after the lines above, they did.
    const summaryHead = [
      this.withEntries ? reportTitle(report, l) : l.section,
      l.item,
      l.count,
      l.columns.amount,
    ]
    await closedAfter(this.file, async () => {
      await this.file.writeFile(`${head}\r\n${csvLine(summaryHead)}${summary.join('')}`)
      await this.file.sync()
    })
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined)
  }
}
