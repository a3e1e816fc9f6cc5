import type { DeskMethod } from '../shared/contract'
import type { Mode } from '../shared/types'
import { BackupKeys } from './backup/backup-key'
import { createBackupFeature } from './backup/feature'
import type { CustomerDisplay } from './customer-display/display'
import { type CustomerDisplayHost, createCustomerDisplayFeature } from './customer-display/feature'
import { listedValue } from './desk/catalog'
import type { MoneyActivity } from './desk/core'
import { type DiagnosticsHost, diagnosticsHandlers } from './desk/diagnostics'
import type { DeskHandlers } from './desk/handlers'
import { journalHandlers } from './desk/journal-handlers'
import { LiveAccount } from './desk/live-account'
import { freshLookup } from './desk/lookup'
import { guardMoneyCalls } from './desk/money-guard'
import type { BackgroundRecovery } from './desk/recover'
import { salesHandlers } from './desk/sales-handlers'
import { serviceHandlers } from './desk/service-handlers'
import { settingsFeature } from './desk/settings-handlers'
import type { CallContext, TrainingService, Workspace } from './desk/workspace'
import { Workspaces } from './desk/workspaces'
import {
  createHeadOfficeFeature,
  type HeadOfficeFeature,
  type HeadOfficeFeatureDeps,
} from './head-office/feature'
import { createLogger, type Logger, silentLogger } from './log'
import type { RotatingFileSink } from './log-file'
import { createManagerFeature, type ManagerHost } from './manager/feature'
import { createPeopleFeature } from './people/feature'
import { receiptHandlers } from './receipts/handlers'
import { ReceiptPrinter, type ReceiptPrinting } from './receipts/printer'
import type { SecretStore } from './settings/secrets'
import type { SettingsStore } from './settings/settings'
import { type RunningTraining, startTrainingService } from './training'
import { type UpdatesHost, updateHandlers } from './updates/handlers'

/**
 * The composition root: the desk's parts made and put together here, and nowhere else. Each feature gets
 * the desk core (the active workspace, settings, the log) and returns its handlers; the role guard goes
 * around all of them; both hosts start the result through startAppDesk.
 */

export interface DeskDeps {
  dataDir: string
  settings: SettingsStore
  secrets: SecretStore
  startTraining: () => Promise<TrainingService>
  log?: Logger
  pcNow?: () => number
  monotonicNow?: () => number
  /** Delays of the background re-sends (tests shorten them). */
  recoverySchedule?: number[]
  diagnostics?: DiagnosticsHost
  /** Receipt rendering and printers; without it every receipt call rejects PRINTER_ERROR. */
  printing?: ReceiptPrinting
  /** Save and folder dialogs and the PDF engine, for exports and backups. */
  manager?: ManagerHost
  /** The host's updater, once it exists; none: updates are unavailable here. */
  updates?: () => UpdatesHost | null
  /** Head office sync tuning for tests and benchmarks (batch size, poll interval, hooks). */
  headOfficeSync?: HeadOfficeFeatureDeps['sync']
  /** How often the daily backup looks whether today's exists (30 minutes; tests shorten it). */
  backupCheckMs?: number
  /** The host's customer display, once it exists; none: the display's state is kept, nothing shows it. */
  customerDisplay?: () => CustomerDisplayHost | null
  /** How long a result stays on the customer display (8 s; tests shorten it). */
  customerResultMs?: number
}

export interface StartOptions {
  /**
   * The host's own start (IPC registered, a server listening), run once everything is open and before the
   * start-up work touches a journal: should it fail, the start stops before any entry was changed.
   */
  beforeRecovery?: () => Promise<void> | void
}

export interface Desk {
  /** Every call of the contract, with the role guard around each. */
  readonly handlers: DeskHandlers
  /**
   * Whether the caller may make this call at all (signed in, the role it needs), from the method alone: the
   * bridge asks this before it validates the input, and passes the call it answers on to the handler (one
   * admission a call).
   */
  admit(method: DeskMethod, call: CallContext): CallContext
  /**
   * Checks the databases it will open, opens the mode's workspace (and the training sandbox) and the people
   * database, then runs the start-up work. A start either completes or fails before the start-up work changed
   * any entry, with everything it opened closed again. One refused for what the data folder holds (a journal
   * or people database written by a newer version, or not a database) creates no file in it; one that fails
   * later (a port already taken) may leave the empty databases it created, which the next start uses.
   */
  start(options?: StartOptions): Promise<void>
  /** Waits for sends in flight, closes the journals; says what money was still open just before. */
  stop(): Promise<MoneyActivity>
  moneyActivity(): MoneyActivity
  /** The active mode's workspace: for tests and benchmarks. */
  workspace(): Workspace
  readonly recovery: BackgroundRecovery
  /** The head office sync and the chain-wide figures. */
  readonly headOffice: HeadOfficeFeature
  /** A window went away or loaded a new page: its sign-in ends with it. */
  endSession(sender: string): void
  /** The training service, once started. */
  training(): TrainingService | null
  /** What the customer display shows, for the host that shows it. */
  readonly customerDisplay: CustomerDisplay
}

export function createDesk(deps: DeskDeps): Desk {
  const log = deps.log ?? silentLogger
  const monotonicNow = deps.monotonicNow ?? (() => performance.now())
  const live = new LiveAccount(deps.settings, deps.secrets, log)
  // The head office reads the live workspace only when it runs (after the desk has started), and the
  // desk asks it for the chain's figures: it is made first and handed in.
  const headOffice = createHeadOfficeFeature({
    settings: deps.settings,
    secrets: deps.secrets,
    log,
    liveJournal: () => workspaces.get('live')?.journal ?? null,
    liveAccount: () => {
      const live = workspaces.get('live')
      return live ? workspaces.accountOf(live) : null
    },
    now: () => workspaces.get('live')?.session.clock.now() ?? (deps.pcNow ?? Date.now)(),
    connectTimeoutMs: () => deps.settings.get().connectTimeoutMs,
    ...(deps.headOfficeSync ? { sync: deps.headOfficeSync } : {}),
  })
  // Likewise the customer display: the desk tells it of each sale, and it reads the active workspace and asks
  // about a sale only once the desk runs.
  const customer = createCustomerDisplayFeature(
    { active: () => workspaces.active(), settings: () => deps.settings.get(), log },
    {
      store: deps.settings,
      facts: {
        lookedUp: (ws, phone) => freshLookup(workspaces.opContext(ws, { clerk: null }), phone),
        listedValue: (ws, id) => listedValue(ws, workspaces.accountOf(ws), id),
      },
      host: () => deps.customerDisplay?.() ?? null,
      ...(deps.customerResultMs !== undefined ? { resultMs: deps.customerResultMs } : {}),
    },
  )
  const workspaces = new Workspaces({
    dataDir: deps.dataDir,
    settings: deps.settings,
    live,
    startTraining: deps.startTraining,
    log,
    pcNow: deps.pcNow ?? Date.now,
    monotonicNow,
    ...(deps.recoverySchedule ? { recoverySchedule: deps.recoverySchedule } : {}),
    appVersion: deps.diagnostics?.versions().app ?? '',
    chain: headOffice.chain,
    customer: customer.display,
  })
  const core = workspaces
  const settings = settingsFeature({
    store: deps.settings,
    secrets: deps.secrets,
    live,
    workspaces,
    dataDir: deps.dataDir,
    feedChanged: () => deps.updates?.()?.feedChanged(),
  })
  const printer = new ReceiptPrinter(deps.printing, log.child('receipts'))
  const people = createPeopleFeature(core, { monotonicNow, wallNow: deps.pcNow ?? Date.now })
  const manager = createManagerFeature(core, {
    printer,
    chainReport: headOffice.chainReport,
    ...(deps.manager ? { host: deps.manager } : {}),
  })
  const backups = createBackupFeature(core, {
    people: people.backupSource,
    backupKeys: new BackupKeys(deps.secrets, Date.now),
    ...(deps.manager ? { host: deps.manager } : {}),
    ...(deps.backupCheckMs ? { backupCheckMs: deps.backupCheckMs } : {}),
  })

  const handlers: DeskHandlers = {
    ...serviceHandlers(workspaces, live),
    ...salesHandlers(workspaces),
    ...journalHandlers(workspaces),
    ...settings.handlers,
    ...diagnosticsHandlers({
      host: deps.diagnostics,
      dataDir: deps.dataDir,
      status: () => workspaces.status(),
      settings: settings.publicSettings,
      // Where this terminal sends its journal and how far it got; never the terminal's secret.
      more: () => ({ headOffice: { settings: deps.settings.get().headOffice, status: headOffice.status() } }),
    }),
    ...receiptHandlers(core, printer),
    ...updateHandlers(
      () => deps.updates?.() ?? null,
      () => deps.diagnostics?.versions().app ?? '',
    ),
    ...people.handlers,
    ...manager.handlers,
    ...backups.handlers,
    ...headOffice.handlers,
    ...customer.handlers,
  }
  followedByTheCustomerDisplay(handlers, customer.display)

  async function stop(): Promise<MoneyActivity> {
    customer.stop()
    await headOffice.stop()
    // Exports and a backup under way read the journals: both finish before they close.
    await Promise.all([manager.stop(), backups.stop()])
    const left = await workspaces.stop()
    people.close()
    return left
  }

  return {
    // Roles, then the journal's health for money calls: enforced here, once around every handler.
    handlers: people.guard(guardMoneyCalls(handlers, core)),
    admit: people.admit,
    recovery: workspaces.recovery,
    headOffice,
    workspace: () => workspaces.active(),
    endSession: (sender) => {
      people.endSession(sender)
      // The page that was showing a sale went away (closed, reloaded, crashed): nothing of it stays.
      customer.display.idle()
    },
    training: () => workspaces.trainingService(),
    customerDisplay: customer.display,
    moneyActivity: () => workspaces.moneyActivity(),
    async start(options = {}) {
      try {
        await live.load()
        const stored = deps.settings.get().mode
        const mode: Mode = stored === 'live' && live.credentials() ? 'live' : 'training'
        // The head office takes the live journal even while the desk trains someone.
        const alsoLive = mode !== 'live' && deps.settings.get().headOffice?.enabled && live.credentials()
        // What the folder holds is checked before anything is created in it; then the training service (it
        // refuses its own file itself) before the desk creates a file of its own.
        people.check()
        workspaces.check(mode)
        if (alsoLive) workspaces.check('live')
        const ws = await workspaces.ensure(mode)
        if (alsoLive) await workspaces.ensure('live')
        people.open()
        await options.beforeRecovery?.()
        // Nothing above changed a journal; from here the start-up work runs.
        if (mode !== stored) {
          log.warn('live mode configured but no password is available; starting in training mode')
        }
        deps.settings.update({ mode })
        workspaces.activate(ws)
        backups.start()
        await headOffice.start()
      } catch (error) {
        await stop().catch((stopError: unknown) =>
          log.error('a failed start did not stop cleanly', { stopError }),
        )
        throw error
      }
    },
    stop,
  }
}

/**
 * The customer display goes back to Welcome at once when someone signs out (the screen's lock is a sign-out),
 * and shows at once a mode or a setting changed (TRAINING, the outlet's name).
 */
function followedByTheCustomerDisplay(handlers: DeskHandlers, display: CustomerDisplay): void {
  const signOut = handlers.signOut
  handlers.signOut = async (args, call) => {
    try {
      return await signOut(args, call)
    } finally {
      display.idle()
    }
  }
  for (const method of ['updateSettings', 'useTraining', 'useLive', 'configureService'] as const) {
    const handler = handlers[method] as (args: unknown, call: CallContext) => Promise<unknown>
    ;(handlers as Record<string, unknown>)[method] = async (args: unknown, call: CallContext) => {
      try {
        return await handler(args, call)
      } finally {
        display.refresh()
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Both hosts

export interface AppDeskOptions {
  dataDir: string
  settings: SettingsStore
  secrets: SecretStore
  logFile: RotatingFileSink
  chooseSavePath: (defaultName: string) => Promise<string | null>
  versions: Record<string, string>
  /** Expose the training sandbox's test controls over HTTP (browser shell, development only). */
  trainingControl?: boolean
  /** Receipt rendering and printers of this host. */
  printing?: ReceiptPrinting
  /** Save and folder dialogs and the PDF engine, for the manager's exports and backups. */
  manager?: ManagerHost
  /** The host's updater, once it exists (the Electron app). */
  updates?: () => UpdatesHost | null
  /** Head office sync tuning (the browser shell's tests: seconds where the app waits minutes). */
  headOfficeSync?: DeskDeps['headOfficeSync']
  /** The host's customer display (Electron's window, the browser shell's page). */
  customerDisplay?: DeskDeps['customerDisplay']
  /** How long a result stays on the customer display (tests shorten it). */
  customerResultMs?: number
}

export interface AppDesk {
  desk: Desk
  log: Logger
  /** The training sandbox, once started (only in training mode). */
  training(): RunningTraining | null
}

/** The desk as both hosts run it: journals and the training sandbox in the data folder, a redacted log file. */
export function createAppDesk(options: AppDeskOptions): AppDesk {
  const log = createLogger(options.logFile)
  let training: RunningTraining | null = null
  const desk = createDesk({
    dataDir: options.dataDir,
    settings: options.settings,
    secrets: options.secrets,
    log,
    ...(options.printing ? { printing: options.printing } : {}),
    ...(options.manager ? { manager: options.manager } : {}),
    ...(options.updates ? { updates: options.updates } : {}),
    ...(options.headOfficeSync ? { headOfficeSync: options.headOfficeSync } : {}),
    ...(options.customerDisplay ? { customerDisplay: options.customerDisplay } : {}),
    ...(options.customerResultMs !== undefined ? { customerResultMs: options.customerResultMs } : {}),
    startTraining: async () => {
      training = await startTrainingService(options.dataDir, {
        control: options.trainingControl ?? false,
      })
      log.info('training service started', { baseUrl: training.baseUrl })
      return training
    },
    diagnostics: {
      chooseSavePath: options.chooseSavePath,
      logLines: () => options.logFile.tail(),
      versions: () => options.versions,
    },
  })
  return { desk, log, training: () => (desk.training() ? training : null) }
}

/**
 * The one start-up path of both hosts (the Electron entry and the browser shell), for a desk made by
 * createAppDesk (a host may hand its own parts the desk in between, such as the updater): the desk opens
 * everything, the host's own start (`attach`: IPC registered, a server listening) runs, and only then the
 * start-up work on the journal. It either completes, or fails before the start-up work changed any entry,
 * with everything it opened closed (Desk.start says which files a failed start may leave).
 */
export async function startAppDesk(app: AppDesk, attach?: () => Promise<void> | void): Promise<void> {
  try {
    await app.desk.start({ beforeRecovery: () => attach?.() })
  } catch (error) {
    app.log.error('the desk did not start', { error })
    throw error
  }
}
