import { type FileHandle, open } from 'node:fs/promises'
import type { Language } from '../../shared/contract'
import type { Report } from '../../shared/manager'
import { formatLyd } from '../../shared/money'
import { closedAfter } from '../atomic-file'
import { REPORT_LABELS } from '../reports/labels'
import type { ExportWriter } from './files'
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
 * line, then the summary (section, item, count, value). Written and synced asynchronously: the file may be on
 * a USB stick or a share, and the desk's main thread must not wait on it.
 */
export class CsvWriter implements ExportWriter {
  private constructor(
    private readonly file: FileHandle,
    private readonly lang: Language,
  ) {}

  static async create(path: string, lang: Language): Promise<CsvWriter> {
    const file = await open(path, 'w')
    try {
      await file.writeFile(`\uFEFF${csvLine(entryHeaders(lang))}`)
    } catch (error) {
      await file.close().catch(() => undefined)
      throw error
    }
    return new CsvWriter(file, lang)
  }

  async rows(rows: ExportRow[]): Promise<void> {
    await this.file.writeFile(rows.map((r) => csvLine(entryCells(r, this.lang))).join(''))
  }

  /** The summary, then the file synced to disk and closed. */
  async finish(report: Report): Promise<void> {
    const l = REPORT_LABELS[this.lang]
    const summary = summaryLines(report, this.lang).map((s) =>
      csvLine([s.section, s.item, s.count, s.dirhams === null ? '' : formatLyd(s.dirhams)]),
    )
    await closedAfter(this.file, async () => {
      await this.file.writeFile(
        `\r\n${csvLine([l.title[report.type], l.item, l.count, l.columns.amount])}${summary.join('')}`,
      )
      await this.file.sync()
    })
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined)
  }
}
