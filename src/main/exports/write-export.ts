import { rename, rm } from 'node:fs/promises'
import { dirname, extname, isAbsolute } from 'node:path'
import { AppError } from '../../shared/errors'
import type { ExportFormat, Report, ReportEntry, ReportScopeName } from '../../shared/reports'
import type { Language, Mode } from '../../shared/types'
import { makeFolderDurablyAsync, syncFolderAsync, tempBeside, writeDurably } from '../atomic-file'
import { JournalSnapshot } from '../journal/snapshot'
import { loadReportFonts } from '../receipts/fonts'
import { computeReportStepwise } from '../reports/compute'
import { renderReportHtml } from '../reports/html'
import { CsvWriter } from './csv'
import type { ExportWriter } from './files'
import type { Progress } from './jobs'
import type { PdfRenderer } from './pdf-renderer'
import { EXPORT_BATCH, toExportRow } from './rows'

/** A PDF lists at most this many entries (about 500 A4 pages); CSV and XLSX always hold them all. */
export const PDF_ENTRY_LIMIT = 20_000

export interface ExportRequest {
  format: ExportFormat
  from: number
  to: number
  language: Language
  path: string
}

export interface ExportSource {
  journalPath: string
  mode: Mode
  generatedAt: string
  generatedBy: string | null
  outletName: string
  pdf: PdfRenderer | null
  /** A chain report read from the head office: the file holds its figures, per terminal, and no entries. */
  chainReport?: Report
}

/**
 * The name the save dialog offers for an export: whose figures (this PC's or the chain's), the period, the
 * mode and the language, so the chain's file of a day and this PC's, or the accountant's English copy and the
 * shop's Arabic one, do not take each other's place.
 */
export function defaultExportName(
  format: ExportFormat,
  from: number,
  to: number,
  mode: Mode,
  language: Language,
  scope: ReportScopeName,
): string {
  const period = from === to ? `${from}` : `${from}-${to}`
  const whose = scope === 'chain' ? 'chain' : 'this-pc'
  return `reseller-desk-${mode === 'training' ? 'TRAINING-' : ''}${whose}-${period}-${language}.${format}`
}

/** Absolute, with the format's own extension: the desk never writes somewhere the manager did not mean. */
export function checkExportPath(path: string, format: ExportFormat): void {
  if (!isAbsolute(path) || extname(path).toLowerCase() !== `.${format}`) {
    throw new AppError('BAD_INPUT', `path: an absolute path to a .${format} file.`, { field: 'path' })
  }
}

/**
 * Writes one export: the report and its entries, read from one snapshot of the journal (a read-only
 * connection inside one read transaction), so the summary and the rows agree even while clerks keep selling.
 * The file is written beside its final name, synced to disk, and renamed when complete (the folder synced):
 * a failed export leaves no half file, and a power cut right after never leaves an empty file under the name
 * nor takes the finished one away. Every file call is asynchronous (see writeDurably).
 */
export async function writeExport(
  request: ExportRequest,
  source: ExportSource,
  progress: Progress,
): Promise<void> {
  checkExportPath(request.path, request.format)
  // A folder that cannot be made (a file in its place, no right to write there) is the export's failure.
  await makeFolderDurablyAsync(dirname(request.path)).catch((error: unknown) => {
    throw notWritten(error)
  })
  const tmp = tempBeside(request.path, 'part')
  if (source.chainReport) return writeSummaryOnly(request, source, source.chainReport, tmp, progress)
  const snapshot = JournalSnapshot.open(source.journalPath)
  try {
    const report: Report = await computeReportStepwise(
      snapshot,
      { from: request.from, to: request.to },
      {
        type: request.from === request.to ? 'day' : 'range',
        mode: source.mode,
        generatedAt: source.generatedAt,
        generatedBy: source.generatedBy,
        z: null,
      },
    )
    const total = snapshot.countEntries(request.from, request.to)
    progress(0, total)
    let done = 0
    // exceljs builds each row in JavaScript: smaller batches keep each hold-up of the event loop short.
    const batches = exportRows(
      snapshot,
      request.from,
      request.to,
      request.format === 'xlsx' ? 250 : EXPORT_BATCH,
    )
    if (request.format !== 'pdf') {
      const writer = await exportWriter(request.format, tmp, request.language)
      try {
        for await (const rows of batches) {
          await writer.rows(rows)
          done += rows.length
          progress(done, total)
        }
        // Read all there is to read: the journal's read transaction ends before the file goes to the disk,
        // which on a slow stick or share may take a while (clerks' commits meanwhile keep the log growing).
        snapshot.close()
        await writer.finish(report)
      } catch (error) {
        await writer.abort()
        throw error
      }
    } else {
      if (!source.pdf) throw new AppError('EXPORT_FAILED', 'PDF cannot be made here.', { reason: 'no-pdf' })
      const rows: ReportEntry[] = []
      for await (const batch of batches) {
        for (const row of batch) {
          if (rows.length >= PDF_ENTRY_LIMIT) break
          rows.push(row)
        }
        done += batch.length
        progress(done, total)
        if (rows.length >= PDF_ENTRY_LIMIT) break
      }
      snapshot.close()
      // The summary through Chromium (the manager's report as printed), the entry list drawn after it here:
      // Chromium needs seconds for thousands of rows (exports/entries-pdf.ts says why).
      const html = renderReportHtml(report, request.language, await loadReportFonts(), source.outletName, {
        total,
      })
      const summary = await source.pdf.renderPdf(html)
      const bytes =
        rows.length > 0
          ? await (await import('./entries-pdf')).appendEntryPages(
              summary,
              rows,
              total,
              request.language,
              report.mode,
            )
          : summary
      await writeDurably(tmp, bytes)
    }
    snapshot.close()
    await rename(tmp, request.path)
    await syncFolderAsync(dirname(request.path))
    progress(total, total)
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined)
    throw notWritten(error)
  } finally {
    snapshot.close()
  }
}

/** An export of figures only (a chain report): the summary with its per-terminal lines, no entry rows. */
async function writeSummaryOnly(
  request: ExportRequest,
  source: ExportSource,
  report: Report,
  tmp: string,
  progress: Progress,
): Promise<void> {
  progress(0, 0)
  try {
    if (request.format !== 'pdf') {
      const writer = await exportWriter(request.format, tmp, request.language, false)
      try {
        await writer.finish(report)
      } catch (error) {
        await writer.abort()
        throw error
      }
    } else {
      if (!source.pdf) throw new AppError('EXPORT_FAILED', 'PDF cannot be made here.', { reason: 'no-pdf' })
      const html = renderReportHtml(report, request.language, await loadReportFonts(), source.outletName)
      await writeDurably(tmp, await source.pdf.renderPdf(html))
    }
    await rename(tmp, request.path)
    await syncFolderAsync(dirname(request.path))
    progress(0, 0)
  } catch (error) {
    await rm(tmp, { force: true }).catch(() => undefined)
    throw notWritten(error)
  }
}

/** The period's entries as exports write them, a batch at a time. */
async function* exportRows(snapshot: JournalSnapshot, from: number, to: number, batch: number) {
  for await (const entries of snapshot.entryBatches(from, to, batch)) yield entries.map(toExportRow)
}

/**
 * The writer of a CSV or XLSX file. exceljs is loaded on the first spreadsheet, not with the app: its
 * hundreds of modules took about a third of a second to a second of the main bundle's load, before the
 * window could show.
 */
async function exportWriter(
  format: 'csv' | 'xlsx',
  path: string,
  language: Language,
  withEntries = true,
): Promise<ExportWriter> {
  if (format === 'csv') return CsvWriter.create(path, language, withEntries)
  return new (await import('./xlsx')).XlsxWriter(path, language, withEntries)
}

function notWritten(error: unknown): AppError {
  return AppError.failed('EXPORT_FAILED', 'The export could not be written.', error)
}
