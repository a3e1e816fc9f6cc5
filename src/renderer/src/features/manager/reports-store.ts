import { createStore, type StoreApi } from 'zustand/vanilla'
import type { DeskApi } from '../../../../shared/contract'
import { todaysPeriodMoved } from '../../../../shared/day'
import { type AppErrorData, toAppErrorData } from '../../../../shared/errors'
import type { ExportFormat, ExportJob, Report, ReportScopeName, ZSummary } from '../../../../shared/reports'
import type { Language } from '../../../../shared/types'

type Busy = 'report' | 'close' | 'print' | 'export' | null
export type ReportAction = Exclude<Busy, null>

export interface ReportsState {
  from: number
  to: number
  /** The business day the period last took as today (the journal's todayTaken). */
  todayTaken: number
  /** This PC's journal, or the chain from the head office. */
  scope: ReportScopeName
  report: Report | null
  zReports: ZSummary[]
  busy: Busy
  error: AppErrorData | null
  /** Which action the error is about, so it is shown beside the button that was pressed. */
  errorOf: ReportAction | null
  /** "Close the day?" is being asked. */
  confirmingClose: boolean
  /**
   * While asking: how many of the entries the Z would close have no known outcome or are flagged (from the X
   * report of the same part of the day); null until known.
   */
  closeOpenCount: number | null
  /** The count is being asked: "Yes" waits for it, so the question is read whole before the day is closed. */
  closeCounting: boolean
  /** The last export: running (with progress), done (with its path) or failed. */
  job: ExportJob | null
  /** The Z just closed, for the line beside its button that says so (until the next action). */
  closedZ: number | null
  printedOn: string | null
  setPeriod(from: number, to: number): void
  /**
   * The panel opened: a period that was today's (the desk left open past midnight) is the new today's, and the
   * report shown of it put away; a period chosen otherwise is kept.
   */
  followTheDay(): void
  setScope(scope: ReportScopeName): void
  show(): Promise<void>
  showX(): Promise<void>
  askClose(): Promise<void>
  cancelClose(): void
  closeDay(): Promise<void>
  loadZReports(): Promise<void>
  showZ(number: number): Promise<void>
  print(language: Language): Promise<void>
  exportAs(format: ExportFormat, language: Language): Promise<void>
}

export type ReportsStore = StoreApi<ReportsState>

export interface ReportsDeps {
  api: Pick<
    DeskApi,
    | 'getReport'
    | 'getXReport'
    | 'closeDay'
    | 'listZReports'
    | 'getZReport'
    | 'printReport'
    | 'exportReport'
    | 'getExportProgress'
  >
  today(): number
  /** Between export progress checks. */
  pollMs?: number
}

export function createReportsStore({ api, today, pollMs = 300 }: ReportsDeps): ReportsStore {
  return createStore<ReportsState>((set, get) => {
    /** Which "Close the day?" is being counted: an earlier one's answer does not end a later one's wait. */
    let closeAsked = 0
    const firstDay = today()
    async function run(busy: ReportAction, action: () => Promise<void>): Promise<void> {
      if (get().busy) return
      // A finished export's line ("Saved: …") is about the report shown then: the next action takes it away.
      const job = get().job
      const keepJob = job !== null && job.state === 'running'
      set({
        busy,
        error: null,
        errorOf: null,
        printedOn: null,
        closedZ: null,
        ...(keepJob ? {} : { job: null }),
      })
      try {
        await action()
      } catch (e) {
        set({ error: toAppErrorData(e), errorOf: busy })
      } finally {
        set({ busy: null })
      }
    }

    return {
      from: firstDay,
      to: firstDay,
      todayTaken: firstDay,
      scope: 'pc',
      report: null,
      zReports: [],
      busy: null,
      error: null,
      errorOf: null,
      confirmingClose: false,
      closeOpenCount: null,
      closeCounting: false,
      job: null,
      printedOn: null,
      closedZ: null,

      // Taken today: yesterday chosen after midnight stays yesterday.
      setPeriod: (from, to) => set({ from, to, todayTaken: today() }),
      followTheDay() {
        const now = today()
        const moved = todaysPeriodMoved(get(), get().todayTaken, now)
        if (moved !== null) set({ from: moved, to: moved, todayTaken: now, report: null })
        else if (get().todayTaken !== now) set({ todayTaken: now })
      },
      setScope: (scope) => set({ scope }),

      show: () =>
        run('report', async () => {
          const { scope } = get()
          // A period typed backwards is the same period: the fields are put in order too, so what they say
          // is the period the report shows.
          const from = Math.min(get().from, get().to)
          const to = Math.max(get().from, get().to)
          set({ from, to })
          set({ report: await api.getReport({ from, to, ...(scope === 'chain' ? { scope } : {}) }) })
        }),

      showX: () =>
        run('report', async () => {
          const report = await api.getXReport()
          const day = today()
          set({ report, from: day, to: day, todayTaken: day })
        }),

      async askClose() {
        // Pressed while the panel works (its buttons are only aria-disabled then, to keep the focus): nothing.
        if (get().busy) return
        const asked = ++closeAsked
        set({ confirmingClose: true, closeOpenCount: null, closeCounting: true })
        try {
          // The X report covers exactly what the Z would: its entries still needing a person are said in the
          // question (an outcome found later is counted by the next X and Z).
          const x = await api.getXReport()
          if (get().confirmingClose) set({ closeOpenCount: x.attention.total })
        } catch {
          // The question stands without the count.
        } finally {
          if (asked === closeAsked) set({ closeCounting: false })
        }
      },
      cancelClose: () => set({ confirmingClose: false }),

      closeDay: () =>
        // Pressed before the question's count arrived (a bounced Enter, a quick click): nothing yet.
        get().closeCounting
          ? Promise.resolve()
          : run('close', async () => {
              set({ confirmingClose: false })
              const z = await api.closeDay({})
              set({ report: z, closedZ: z.z?.number ?? null })
              set({ zReports: (await api.listZReports({})).reports })
            }),

      async loadZReports() {
        try {
          set({ zReports: (await api.listZReports({})).reports })
        } catch (e) {
          set({ error: toAppErrorData(e), errorOf: 'report' })
        }
      },

      showZ: (number) =>
        run('report', async () => {
          set({ report: await api.getZReport({ number }) })
        }),

      print: (language) =>
        run('print', async () => {
          const report = get().report
          if (!report || (report.type !== 'x' && report.type !== 'z')) return
          const result =
            report.type === 'z' && report.z
              ? await api.printReport({ report: 'z', number: report.z.number, language })
              : await api.printReport({ report: 'x', language })
          set({ printedOn: result.printer })
        }),

      exportAs: (format, language) =>
        run('export', async () => {
          const report = get().report
          const from = report?.from ?? get().from
          const to = report?.to ?? get().to
          // The export is of the report on screen: the chain's when that is what is shown.
          let job = await api.exportReport({
            format,
            from,
            to,
            language,
            ...(report?.chain ? { scope: 'chain' } : {}),
          })
          set({ job })
          try {
            while (job && job.state === 'running') {
              await new Promise((resolve) => setTimeout(resolve, pollMs))
              job = await api.getExportProgress({ jobId: job.jobId })
              set({ job })
            }
          } catch (e) {
            // Its progress can no longer be followed: no line goes on saying "in progress"; the error is told.
            set({ job: null })
            throw e
          }
        }),
    }
  })
}
