import { businessDay } from '../../shared/day'
import { AppError } from '../../shared/errors'
import type { Report } from '../../shared/reports'
import type { BackupHost } from '../backup/feature'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import { stamp } from '../desk/workspace'
import { ExportJobs } from '../exports/jobs'
import type { PdfRenderer } from '../exports/pdf-renderer'
import { checkExportPath, defaultExportName } from '../exports/write-export'
import { checkOutputFile } from '../output-path'
import { loadReceiptFonts } from '../receipts/fonts'
import { printerLabel, type ReceiptPrinter } from '../receipts/printer'
import type { ReportMeta } from '../reports/compute'
import { renderSummaryReceiptHtml } from '../reports/html'
import { closeDay, getZReport, listZReports, xReport } from '../reports/z-reports'
import { reportOffThread, writeExportOffThread } from './off-thread'
import { resolutionHandlers } from './resolve'

/** What a host gives the manager tools (its folder dialog is for the backups, backup/feature.ts). */
export interface ManagerHost extends BackupHost {
  /** Where an export goes (a save dialog); null when the person cancelled. */
  chooseSavePath(defaultName: string): Promise<string | null>
  /** Chromium's PDF engine; null where there is none. */
  pdf: PdfRenderer | null
}

export interface ManagerFeatureOptions {
  host?: ManagerHost
  /** The terminal's receipt printer, for X and Z summaries. */
  printer: ReceiptPrinter
  /** Reports over every terminal, from the head office (absent: chain scope is refused). */
  chainReport?: (range: { from: number; to: number }, meta: ReportMeta) => Promise<Report>
}

type ManagerMethod =
  | 'resolveEntry'
  | 'annotateEntry'
  | 'getReport'
  | 'getXReport'
  | 'closeDay'
  | 'listZReports'
  | 'getZReport'
  | 'printReport'
  | 'exportReport'
  | 'getExportProgress'

export interface ManagerFeature {
  handlers: FeatureHandlers<ManagerMethod>
  /** Waits for the exports under way. */
  stop(): Promise<void>
}

/**
 * The manager tools, assembled: resolution of entries that need a person, reports with X and Z, and exports
 * as jobs. (Backups, on demand or daily, are backup/feature.ts.)
 */
export function createManagerFeature(core: DeskCore, options: ManagerFeatureOptions): ManagerFeature {
  const log = core.log.child('manager')
  const jobs = new ExportJobs(log)
  /** Reports of a period being worked out in a worker (stop waits for them, as for the export jobs). */
  const reporting = new Set<Promise<unknown>>()

  function today(): number {
    return businessDay(core.active().session.clock.now())
  }

  function chain(range: { from: number; to: number }, meta: ReportMeta): Promise<Report> {
    if (!options.chainReport) throw new AppError('NOT_CONFIGURED', 'Chain reports need the head office.')
    return options.chainReport(range, meta)
  }

  /** Where there is no dialog to ask (a host without one), the call must say where. */
  function host(): ManagerHost {
    if (!options.host)
      throw new AppError('BAD_INPUT', 'path: give it; there is no dialog here.', { field: 'path' })
    return options.host
  }

  const reports: FeatureHandlers<
    'getReport' | 'getXReport' | 'closeDay' | 'listZReports' | 'getZReport' | 'printReport'
  > = {
    getReport: async (args, call) => {
      const ws = core.active()
      const meta: ReportMeta = {
        type: args.from === args.to ? 'day' : 'range',
        mode: ws.mode,
        generatedAt: stamp(ws).at,
        generatedBy: call.clerk,
        z: null,
      }
      const range = { from: args.from, to: args.to }
      if (args.scope === 'chain') return chain(range, { ...meta, mode: 'live' })
      // Stopping waits for it: its worker reads the journal's file on a connection of its own.
      const report = reportOffThread(ws.journal.path, range, meta, log)
      reporting.add(report)
      return report.finally(() => reporting.delete(report))
    },
    getXReport: async (_args, call) => {
      const ws = core.active()
      return xReport(ws.journal, today(), {
        mode: ws.mode,
        generatedAt: stamp(ws).at,
        generatedBy: call.clerk,
      })
    },
    closeDay: async (args, call) => {
      const ws = core.active()
      const day = args.day ?? today()
      if (day > today()) throw new AppError('BAD_INPUT', 'day: a day that has not begun cannot be closed.')
      const report = closeDay(ws.journal, day, {
        mode: ws.mode,
        at: stamp(ws).at,
        by: call.clerk,
        byId: call.person?.id ?? null,
      })
      log.info('day closed', { day, z: report.z?.number })
      return report
    },
    listZReports: async (args) => ({ reports: listZReports(core.active().journal, args.limit ?? 100) }),
    getZReport: async (args) => getZReport(core.active().journal, args.number),
    printReport: async (args, call) => {
      const ws = core.active()
      const s = core.settings()
      const report =
        args.report === 'x'
          ? xReport(ws.journal, today(), {
              mode: ws.mode,
              generatedAt: stamp(ws).at,
              generatedBy: call.clerk,
            })
          : getZReport(ws.journal, args.number)
      const language = s.receiptLanguage ?? args.language ?? s.language ?? 'ar'
      const html = renderSummaryReceiptHtml(
        report,
        language,
        await loadReceiptFonts(),
        s.printer.widthMm,
        s.outlet.name,
      )
      await options.printer.serialized(() => options.printer.print(async () => html, s.printer))
      return { printer: printerLabel(s.printer), printedAt: stamp(ws).at }
    },
  }

  const exportsHandlers: FeatureHandlers<'exportReport' | 'getExportProgress'> = {
    exportReport: async (args, call) => {
      const ws = core.active()
      const s = core.settings()
      const path =
        args.path !== undefined
          ? await checkOutputFile(args.path, [`.${args.format}`], core.dataDir)
          : await host().chooseSavePath(
              defaultExportName(
                args.format,
                args.from,
                args.to,
                // The chain's figures are live ones whatever this PC's mode (training never reaches the head office).
                args.scope === 'chain' ? 'live' : ws.mode,
                args.language ?? s.language ?? 'ar',
                args.scope ?? 'pc',
              ),
            )
      if (path === null) return null
      checkExportPath(path, args.format)
      const pdf = options.host?.pdf ?? null
      // A chain export is read from the head office first (a clear error now, not in the job).
      const chainFigures =
        args.scope === 'chain'
          ? await chain(
              { from: args.from, to: args.to },
              {
                type: args.from === args.to ? 'day' : 'range',
                mode: 'live',
                generatedAt: stamp(ws).at,
                generatedBy: call.clerk,
                z: null,
              },
            )
          : null
      return jobs.start(args.format, path, (progress) =>
        writeExportOffThread(
          {
            format: args.format,
            from: args.from,
            to: args.to,
            language: args.language ?? s.language ?? 'ar',
            path,
          },
          {
            journalPath: ws.journal.path,
            mode: ws.mode,
            generatedAt: stamp(ws).at,
            generatedBy: call.clerk,
            outletName: s.outlet.name,
            pdf,
            ...(chainFigures ? { chainReport: chainFigures } : {}),
          },
          progress,
          log,
        ),
      )
    },
    getExportProgress: async (args) => jobs.get(args.jobId),
  }

  return {
    handlers: {
      ...resolutionHandlers(core),
      ...reports,
      ...exportsHandlers,
    },
    async stop() {
      await jobs.idle()
      await Promise.allSettled([...reporting])
    },
  }
}
