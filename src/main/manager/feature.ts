import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Mode } from '../../shared/contract'
import { businessDay } from '../../shared/day'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { DailyBackupStatus, Report } from '../../shared/manager'
import { type BackupSource, fileSource, hasBackupOfDay, makeBackup } from '../backup/backup'
import { onDataDisk } from '../backup/same-disk'
import { stamp } from '../desk/context'
import type { DeskCore, FeatureHandlers } from '../desk/core'
import { ExportJobs } from '../exports/jobs'
import type { PdfRenderer } from '../exports/pdf'
import { checkExportPath, defaultExportName, writeExport } from '../exports/write-export'
import { SCHEMA_VERSION } from '../journal/migrations'
import { checkOutputFile, checkOutputFolder } from '../output-path'
import { PEOPLE_SCHEMA_VERSION } from '../people/migrations'
import { loadReceiptFonts } from '../receipts/fonts'
import { printerLabel, type ReceiptPrinter } from '../receipts/printer'
import { computeReportStepwise, type ReportMeta } from '../reports/compute'
import { renderSummaryReceiptHtml } from '../reports/html'
import { closeDay, getZReport, listZReports, xReport } from '../reports/z-reports'
import { resolutionHandlers } from './resolve'

/** What a host gives the manager tools. */
export interface ManagerHost {
  /** Where an export goes (a save dialog); null when the person cancelled. */
  chooseSavePath(defaultName: string): Promise<string | null>
  /** Where backups go (a folder dialog); null when the person cancelled. */
  chooseFolder(): Promise<string | null>
  /** Chromium's PDF engine; null where there is none. */
  pdf: PdfRenderer | null
}

export interface ManagerFeatureOptions {
  host?: ManagerHost
  /** The terminal's receipt printer, for X and Z summaries. */
  printer: ReceiptPrinter
  /** The people database, copied into every backup beside the journals. */
  people: BackupSource
  /** How often the daily backup looks whether today's backup exists. */
  backupCheckMs?: number
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
  | 'backupNow'
  | 'getDailyBackup'

export interface ManagerFeature {
  handlers: FeatureHandlers<ManagerMethod>
  /** Starts the daily backup's checks. */
  start(): void
  stop(): Promise<void>
}

/**
 * The manager tools, assembled: resolution of entries that need a person, reports with X and Z, exports as
 * jobs, and backups on demand or daily.
 */
export function createManagerFeature(core: DeskCore, options: ManagerFeatureOptions): ManagerFeature {
  const log = core.log.child('manager')
  const jobs = new ExportJobs(log)
  let backupTimer: NodeJS.Timeout | null = null
  let firstBackupCheck: NodeJS.Timeout | null = null
  let backingUp: Promise<unknown> | null = null
  let dailyCheck: Promise<void> | null = null
  /** The last daily backup's outcome, for the Backup tab: a failure would otherwise be only a log line. */
  let lastDaily: (DailyBackupStatus & { day: number }) | null = null
  let stopping = false

  function today(): number {
    return businessDay(core.active().session.clock.now())
  }

  function chain(range: { from: number; to: number }, meta: ReportMeta): Promise<Report> {
    if (!options.chainReport) throw new AppError('NOT_CONFIGURED', 'Chain reports need the head office.')
    return options.chainReport(range, meta)
  }

  /** Where there is no dialog to ask (a host without one), the call must say where. */
  function host(field: 'path' | 'folder'): ManagerHost {
    if (!options.host)
      throw new AppError('BAD_INPUT', `${field}: give it; there is no dialog here.`, { field })
    return options.host
  }

  function backupSources(): BackupSource[] {
    const ws = core.active()
    // The open journal is copied from its file on a connection of the copy's own, in a worker thread, like
    // the other mode's: a year's journal is ~500 MB, and the clerks keep selling meanwhile.
    const sources: BackupSource[] = [fileSource(`journal-${ws.mode}.sqlite`, ws.journal.path)]
    const other: Mode = ws.mode === 'live' ? 'training' : 'live'
    const otherPath = join(core.dataDir, `journal-${other}.sqlite`)
    if (existsSync(otherPath)) sources.push(fileSource(`journal-${other}.sqlite`, otherPath))
    sources.push(options.people)
    return sources
  }

  /**
   * One backup at a time: a daily one and a manager's click never write the same folder together. None
   * starts once the desk is stopping (stop waits for one under way, which reads the journals and people).
   */
  function backup(folder: string) {
    const run = async () => {
      if (stopping) throw new AppError('BACKUP_FAILED', 'The desk is closing: no backup was made.')
      return makeBackup({
        folder,
        sources: backupSources(),
        atMs: core.active().session.clock.now(),
        keep: core.settings().backup.keep,
        appInfo: {
          journalSchema: SCHEMA_VERSION,
          peopleSchema: PEOPLE_SCHEMA_VERSION,
          mode: core.active().mode,
        },
      })
    }
    const result = (backingUp ?? Promise.resolve()).then(run, run)
    backingUp = result.catch(() => undefined)
    return result
  }

  /**
   * The check every 30 minutes: one at a time. A backup folder on a share that has gone away can keep the
   * check waiting for a long while (off the main thread); a second check would only wait beside it. Stopping
   * does not wait for such a check, and a check that answers after the stop began makes no backup.
   */
  async function dailyBackup(): Promise<void> {
    if (dailyCheck) return dailyCheck
    const check = checkDailyBackup()
    dailyCheck = check
    try {
      await check
    } finally {
      if (dailyCheck === check) dailyCheck = null
    }
  }

  async function checkDailyBackup(): Promise<void> {
    let folder: string | null = null
    // Taken before any wait: after a stop the desk has no workspace to ask the time of, and nothing in the
    // catch below may throw (this runs from a timer: nobody would catch it).
    let at = new Date().toISOString()
    let day = businessDay(Date.now())
    try {
      at = new Date(core.active().session.clock.now()).toISOString()
      day = today()
      const { backup: b } = core.settings()
      folder = b.folder
      if (!b.daily || b.folder === null) return
      if (await hasBackupOfDay(b.folder, day)) {
        // Today's is there (a manager's Back up now after a failure, say): an earlier failure is over.
        if (lastDaily?.error) lastDaily = null
        return
      }
      if (stopping) return
      const result = await backup(b.folder)
      lastDaily = { at, day, folder: b.folder, made: result.folder, error: null }
      log.info('daily backup made', { folder: result.folder, pruned: result.pruned })
    } catch (error) {
      if (!stopping) lastDaily = { at, day, folder, made: null, error: toAppErrorData(error) }
      log.error('the daily backup failed', { error })
    }
  }

  /**
   * What the Backup tab says of the daily backup: only today's, only while it is on, only for the folder
   * saved now (a status of another folder, or of yesterday, would not be true any more).
   */
  function dailyBackupNow(): DailyBackupStatus | null {
    const { backup: b } = core.settings()
    if (!lastDaily || !b.daily || lastDaily.folder !== b.folder || lastDaily.day !== today()) return null
    const { day: _day, ...status } = lastDaily
    return status
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
      return computeReportStepwise(ws.journal, range, meta)
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

  const exportsAndBackups: FeatureHandlers<
    'exportReport' | 'getExportProgress' | 'backupNow' | 'getDailyBackup'
  > = {
    getDailyBackup: async () => dailyBackupNow(),
    exportReport: async (args, call) => {
      const ws = core.active()
      const s = core.settings()
      const path =
        args.path !== undefined
          ? await checkOutputFile(args.path, [`.${args.format}`], core.dataDir)
          : await host('path').chooseSavePath(
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
        writeExport(
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
        ),
      )
    },
    getExportProgress: async (args) => jobs.get(args.jobId),
    backupNow: async (args) => {
      // No folder typed or saved: the manager is asked for one (the system's folder dialog).
      const named = args.folder ?? core.settings().backup.folder ?? (await host('folder').chooseFolder())
      if (named === null) return null
      const folder = await checkOutputFolder(named, core.dataDir)
      if (args.sameDisk !== true && (await onDataDisk(folder, core.dataDir))) {
        throw new AppError('BAD_INPUT', 'folder: on the same disk as the data folder.', {
          field: 'folder',
          reason: 'SAME_DISK_AS_DATA',
          folder,
        })
      }
      const made = await backup(folder)
      // A backup of today in the daily backup's folder: its failure earlier today is over.
      if (lastDaily?.error && lastDaily.folder !== null && sameFolder(lastDaily.folder, folder))
        lastDaily = null
      return made
    },
  }

  return {
    handlers: {
      ...resolutionHandlers(core),
      ...reports,
      ...exportsAndBackups,
    },
    start() {
      stopping = false
      const every = options.backupCheckMs ?? 30 * 60_000
      backupTimer = setInterval(() => void dailyBackup(), every)
      backupTimer.unref()
      firstBackupCheck = setTimeout(() => void dailyBackup(), Math.min(every, 10_000))
      firstBackupCheck.unref()
    },
    async stop() {
      stopping = true
      if (backupTimer) clearInterval(backupTimer)
      if (firstBackupCheck) clearTimeout(firstBackupCheck)
      backupTimer = null
      firstBackupCheck = null
      await jobs.idle()
      await backingUp
    },
  }
}

/** Whether two folder names are the same place as written (Windows: any letter case). */
function sameFolder(a: string, b: string): boolean {
  const norm = (p: string) => (process.platform === 'win32' ? resolve(p).toLowerCase() : resolve(p))
  return norm(a) === norm(b)
}
