import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import ExcelJS from 'exceljs'
import { DIRHAMS_PER_LYD } from '../../shared/money'
import type { Report } from '../../shared/reports'
import type { Language } from '../../shared/types'
import { REPORT_LABELS } from '../reports/labels'
import { entryHeaders } from './csv'
import type { ExportWriter } from './files'
import { syncFile } from './files'
import { type ExportRow, exportCells } from './rows'
import { headerLines, summaryLines } from './summary-rows'

/** Amounts are numbers shown with 3 decimals (dirhams), so Excel can sum them. */
export const AMOUNT_FORMAT = '0.000'

/** LYD as a number for a spreadsheet cell: the only place dirhams become a fraction. */
function lyd(dirhams: number): number {
  return dirhams / DIRHAMS_PER_LYD
}

/**
 * XLSX through exceljs's streaming writer (rows go to disk as they are committed, so a long period never
 * sits in memory): a Summary sheet and an Entries sheet (a file of figures only, a chain report's, has the
 * summary alone), right to left in Arabic, amounts as numbers. Identifiers (phones, serials, ids) stay text so no leading zero is lost.
 */
export class XlsxWriter implements ExportWriter {
  /** The file, ours rather than exceljs's, so a failed export can close it (see abort). */
  private readonly file: WriteStream
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter
  /** None in a file of figures only (a chain report): no empty sheet of entries that never come. */
  private readonly entries: ExcelJS.Worksheet | null
  private readonly summary: ExcelJS.Worksheet
  private readonly l

  constructor(
    private readonly path: string,
    private readonly language: Language,
    withEntries = true,
  ) {
    this.l = REPORT_LABELS[language]
    this.file = createWriteStream(path)
    // A write error fails finish (exceljs listens too); without this one it would also be unhandled.
    this.file.on('error', () => {})
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: this.file,
      useStyles: true,
      useSharedStrings: false,
    })
    this.workbook.creator = 'Reseller Desk'
    const rtl = language === 'ar'
    // Sheets are streamed in the order they are added; the summary is written last but listed first.
    this.summary = this.workbook.addWorksheet(this.l.summarySheet, {
      views: [{ rightToLeft: rtl }],
    })
    this.entries = withEntries
      ? this.workbook.addWorksheet(this.l.entriesSheet, {
          views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1 }],
        })
      : null
    if (this.entries) {
      const headers = entryHeaders(language)
      const widths = [14, 38, 12, 14, 12, 26, 12, 12, 18, 14, 14, 16, 18, 16, 10, 16, 38, 10, 22, 30, 12]
      const amounts = [headers.indexOf(this.l.columns.amount), headers.indexOf(this.l.columns.denomination)]
      this.entries.columns = headers.map((header, i) => ({
        header,
        width: widths[i] ?? 14,
        ...(amounts.includes(i) ? { style: { numFmt: AMOUNT_FORMAT } } : {}),
      }))
      this.entries.getRow(1).font = { bold: true }
    }
  }

  async rows(rows: ExportRow[]): Promise<void> {
    if (!this.entries) throw new Error('This file holds figures only.')
    for (const r of rows) {
      this.entries.addRow(exportCells(r, this.language, lyd)).commit()
    }
  }

  async finish(report: Report): Promise<void> {
    this.entries?.commit()
    const s = this.summary
    s.columns = [{ width: 34 }, { width: 34 }, { width: 12 }, { width: 16, style: { numFmt: AMOUNT_FORMAT } }]
    headerLines(report, this.language).forEach((cells, i) => {
      const row = s.addRow(cells)
      if (i === 0) row.font = { bold: true, size: 14 }
      row.commit()
    })
    s.addRow([]).commit()
    const head = s.addRow([this.l.section, this.l.item, this.l.count, this.l.columns.amount])
    head.font = { bold: true }
    head.commit()
    for (const line of summaryLines(report, this.language)) {
      s.addRow([
        line.section,
        line.item,
        line.count,
        line.dirhams === null ? null : lyd(line.dirhams),
      ]).commit()
    }
    s.commit()
    await this.workbook.commit()
    // exceljs has handed every byte to the file; it is on the disk before the export renames it into place.
    await syncFile(this.path)
  }

  /** After a failure: the file is closed (exceljs would keep it open for good), so it can be removed. */
  async abort(): Promise<void> {
    if (this.file.closed) return
    const closed = once(this.file, 'close')
    this.file.destroy()
    await closed
  }
}
