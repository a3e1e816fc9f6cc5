import type { DeskStatus } from '../../shared/status'
import type { Mode } from '../../shared/types'
import type { Logger } from '../log'
import type { ProxyAddress } from '../reseller/address'
import type { Credentials } from '../reseller/token-manager'
import type { SettingsStore, StoredSettings } from '../settings/settings'
import { currentCatalogDigest, refreshCatalog } from './catalog'
import { viewerOf } from './code-shown'
import type { DeskCore, MoneyActivity } from './core'
import type { LiveAccount } from './live-account'
import { ModeRegistry } from './modes'
import { BackgroundRecovery, dueDeposits, markInterrupted } from './recover'
import type { ServiceSession } from './service-session'
import { SessionFactory } from './session-factory'
import { TrainingLifecycle } from './training-lifecycle'
import type {
  CallContext,
  ChainFigures,
  CustomerFacing,
  OpContext,
  TrainingService,
  Workspace,
} from './workspace'

export interface WorkspacesDeps {
  dataDir: string
  settings: SettingsStore
  live: LiveAccount
  startTraining: () => Promise<TrainingService>
  log: Logger
  pcNow: () => number
  monotonicNow: () => number
  recoverySchedule?: number[]
  /** The app's version, named in every service call's User-Agent ('' when the host does not say). */
  appVersion?: string
  /** The chain's figures, when a head office is configured (the head office implements them). */
  chain?: ChainFigures
  /** The customer display, when the desk has one (customer-display/ implements it). */
  customer?: CustomerFacing
}

/**
 * The desk core: the mode registry (modes.ts), the service sessions (session-factory.ts) and the training
 * sandbox's lifecycle (training-lifecycle.ts) put together. It answers what features ask of the desk (the
 * active workspace, an operation context for a call, settings) and what the host asks of it (status, money
 * activity, start-up work, stop).
 */
export class Workspaces implements DeskCore {
  readonly log: Logger
  readonly dataDir: string
  readonly recovery: BackgroundRecovery
  /** The chain's figures, when a head office is configured. */
  readonly chain: ChainFigures | undefined
  /** The customer display, when the desk has one. */
  readonly customer: CustomerFacing | undefined
  private readonly modes: ModeRegistry
  private readonly training: TrainingLifecycle
  private readonly sessions: SessionFactory

  /** The log of the desk's operations (one child logger, not one per call). */
  private readonly deskLog: Logger

  constructor(private readonly deps: WorkspacesDeps) {
    this.log = deps.log
    this.deskLog = deps.log.child('desk')
    this.dataDir = deps.dataDir
    this.chain = deps.chain
    this.customer = deps.customer
    this.modes = new ModeRegistry(deps.dataDir)
    this.training = new TrainingLifecycle(deps.startTraining)
    this.sessions = new SessionFactory({
      settings: deps.settings,
      live: deps.live,
      training: this.training,
      modes: this.modes,
      pcNow: deps.pcNow,
      log: deps.log,
      ...(deps.appVersion !== undefined ? { appVersion: deps.appVersion } : {}),
    })
    this.recovery = new BackgroundRecovery(
      () =>
        [...this.modes.values()]
          .filter((ws) => ws.journal.writable)
          .map((ws) => this.opContext(ws, { clerk: null })),
      deps.log.child('recovery'),
      deps.recoverySchedule,
    )
  }

  settings(): StoredSettings {
    return this.deps.settings.get()
  }

  /** The active mode (training until a start says otherwise). */
  get mode(): Mode {
    return this.modes.mode
  }

  get(mode: Mode): Workspace | undefined {
    return this.modes.get(mode)
  }

  active(): Workspace {
    return this.modes.active()
  }

  opContext(ws: Workspace, call: CallContext): OpContext {
    const settings = this.settings()
    return {
      ws,
      settings,
      clerk: call.clerk,
      clerkId: call.person?.id ?? null,
      ...(call.person ? { role: call.person.role } : {}),
      viewer: viewerOf(call),
      account: this.accountOf(ws, settings),
      log: this.deskLog,
      monotonicNow: this.deps.monotonicNow,
      kickRecovery: () => this.recovery.kick(),
      ...(this.chain ? { chain: this.chain } : {}),
      ...(this.customer ? { customer: this.customer } : {}),
    }
  }

  status(): DeskStatus {
    const ws = this.active()
    ws.session.probeIfDue()
    return {
      mode: ws.mode,
      serviceUrl: ws.session.baseUrl,
      online: ws.session.online,
      tokenExpiresAt: ws.session.tokens.expiresAt,
      clockOffsetMs: ws.session.clock.offsetMs,
      needsAttention: ws.journal.countNeedsAttention(),
      liveConfigured: this.deps.live.credentials() !== null,
      journalProblem: ws.journal.health.problem,
      catalogDigest: currentCatalogDigest(ws, this.accountOf(ws)),
    }
  }

  /** The training service, once started. */
  trainingService(): TrainingService | null {
    return this.training.current()
  }

  /** A session with a service that touches no workspace: proof that an address and credentials work. */
  probe(baseUrl: string, credentials: Credentials, proxy: ProxyAddress | null): Promise<ServiceSession> {
    return this.sessions.probe(baseUrl, credentials, proxy)
  }

  /** The live service now answers with a new configuration: its session (proven by a probe) takes over. */
  adoptLiveSession(session: ServiceSession): void {
    this.sessions.adoptLive(session)
  }

  /** Timeouts or proxy changed: new HTTP edges for the open services (their clocks are kept). */
  rebuildSessions(): void {
    this.sessions.rebuildAll()
  }

  /** See ModeRegistry.check: a start refuses a journal file it could not open before it creates any file. */
  check(mode: Mode): void {
    this.modes.check(mode)
  }

  /** Opens a mode's workspace (its journal, its service; the training sandbox first for training). */
  async ensure(mode: Mode): Promise<Workspace> {
    const existing = this.modes.get(mode)
    if (existing) return existing
    const address = await this.sessions.addressOf(mode)
    return this.modes.get(mode) ?? this.modes.add(mode, this.sessions.forMode(mode, address))
  }

  /** Makes a mode active, opening it if needed, and remembers it for the next start. */
  async switchTo(mode: Mode): Promise<void> {
    const ws = await this.ensure(mode)
    this.deps.settings.update({ mode })
    if (this.modes.mode !== mode || ws !== this.modes.get(this.modes.mode)) this.activate(ws)
  }

  /**
   * Start-up work for a mode becoming active: what a crash left (interrupted entries marked, open deposits
   * re-sent in the background), the catalog. Network work runs behind.
   */
  activate(ws: Workspace): void {
    this.modes.use(ws)
    // What a crash left is marked once the journal is known to be sound; a money call waiting for the same
    // verdict runs after this (its wait was registered later).
    void ws.journal.checked.then(() => {
      if (!ws.journal.writable || !ws.journal.isOpen) return
      markInterrupted(this.opContext(ws, { clerk: null }))
      void this.recovery.pass()
    })
    void refreshCatalog(ws, this.accountOf(ws)).catch((error: unknown) =>
      this.log.warn('denominations not refreshed at start', { error }),
    )
  }

  /** What the open workspaces are doing with money now. */
  moneyActivity(): MoneyActivity {
    const money: MoneyActivity = { inFlight: 0, pending: 0, resending: 0 }
    for (const ws of this.modes.values()) {
      // A clerk's call (by requestId) and its send (by entry) are one operation: count the larger side.
      money.inFlight += Math.max(ws.sending.size, ws.requests.size)
      if (ws.journal.health.problem !== null) continue
      money.pending += ws.journal.countOpen('pending')
      money.resending += dueDeposits(this.opContext(ws, { clerk: null })).length
    }
    return money
  }

  /**
   * Waits for the background and the calls and sends in flight, then closes every service and journal; says
   * what money was still open just before.
   */
  async stop(): Promise<MoneyActivity> {
    this.recovery.stop()
    await this.recovery.idle()
    for (const ws of this.modes.values()) {
      await Promise.allSettled([...ws.sending.values(), ...ws.requests.values()])
    }
    const left = this.moneyActivity()
    for (const ws of this.modes.values()) {
      await ws.session.close()
      // The integrity check's worker holds a connection of its own: let it answer first, or it could open
      // the file (and create its -shm) after the desk said it had stopped.
      await ws.journal.checked
      ws.journal.close()
    }
    this.modes.clear()
    await this.training.stop()
    return left
  }

  /** Which service account a workspace sends to (see SessionFactory.accountOf). */
  accountOf(ws: Workspace, settings?: StoredSettings): string {
    return this.sessions.accountOf(ws, settings)
  }
}
