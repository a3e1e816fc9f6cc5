import { AppError } from '../../shared/errors'
import type { DeskStatus } from '../../shared/status'
import type { Mode } from '../../shared/types'
import { createIdGenerator } from '../ids'
import { journalPath } from '../journal/files'
import { Journal } from '../journal/journal'
import type { Logger } from '../log'
import { normalizeBaseUrl, type ProxyAddress } from '../reseller/address'
import { ServiceClock } from '../reseller/clock'
import { type ConnectionSettings, USER_AGENT } from '../reseller/http'
import type { Credentials } from '../reseller/token-manager'
import type { SettingsStore, StoredSettings } from '../settings/settings'
import { currentCatalogDigest, refreshCatalog } from './catalog'
import { viewerOf } from './code-shown'
import type { DeskCore, MoneyActivity } from './core'
import type { LiveAccount } from './live-account'
import { BackgroundRecovery, dueDeposits, markInterrupted } from './recover'
import { ServiceSession } from './service-session'
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
}

/**
 * The desk's modes and their workspaces: each mode (training, live) has its journal and its service session,
 * opened when first needed and kept until the desk stops; one of them is active. Opening a workspace touches
 * nothing in it; `activate` runs the start-up work on its journal (what a crash left, the re-sends).
 */
export class Workspaces implements DeskCore {
  readonly log: Logger
  readonly dataDir: string
  readonly recovery: BackgroundRecovery
  private readonly open = new Map<Mode, Workspace>()
  private current: Mode = 'training'
  /** The chain's figures, when a head office is configured (handed in with the dependencies). */
  readonly chain: ChainFigures | undefined
  /** The customer display (set by the composition root). */
  customer: CustomerFacing | undefined
  private training: TrainingService | null = null
  private trainingStarting: Promise<TrainingService> | null = null

  /** The log of the desk's operations (one child logger, not one per call). */
  private readonly deskLog: Logger

  constructor(private readonly deps: WorkspacesDeps) {
    this.log = deps.log
    this.deskLog = deps.log.child('desk')
    this.dataDir = deps.dataDir
    this.chain = deps.chain
    this.recovery = new BackgroundRecovery(
      () =>
        [...this.open.values()]
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
    return this.current
  }

  get(mode: Mode): Workspace | undefined {
    return this.open.get(mode)
  }

  active(): Workspace {
    const ws = this.open.get(this.current)
    if (!ws) throw new AppError('JOURNAL_UNAVAILABLE', 'The desk has not started yet.')
    return ws
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
    return this.training
  }

  /** A session with a service that touches no workspace: proof that an address and credentials work. */
  async probe(
    baseUrl: string,
    credentials: Credentials,
    proxy: ProxyAddress | null,
  ): Promise<ServiceSession> {
    const session = this.session(
      normalizeBaseUrl(baseUrl),
      proxy,
      () => credentials,
      new ServiceClock(this.deps.pcNow),
      'live',
    )
    try {
      await session.tokens.getToken()
      return session
    } catch (error) {
      await session.close()
      throw error
    }
  }

  /**
   * Refuses a mode's journal file that could not be opened (written by a newer version, not a database),
   * creating nothing: a start checks this before it creates any file.
   */
  check(mode: Mode): void {
    if (!this.open.has(mode)) Journal.check(journalPath(this.dataDir, mode))
  }

  /** Opens a mode's workspace (its journal, its service; the training sandbox first for training). */
  async ensure(mode: Mode): Promise<Workspace> {
    const existing = this.open.get(mode)
    if (existing) return existing
    let baseUrl: string
    let proxy: ProxyAddress | null = null
    if (mode === 'training') {
      baseUrl = (await this.ensureTraining()).baseUrl
    } else {
      const live = this.settings().live
      if (!live) throw new AppError('NOT_CONFIGURED', 'The live service is not configured on this PC.')
      baseUrl = live.baseUrl
      proxy = this.deps.live.proxy.current()
    }
    const again = this.open.get(mode)
    if (again) return again
    const ws = this.newWorkspace(
      mode,
      this.session(baseUrl, proxy, this.credentialsFor(mode), new ServiceClock(this.deps.pcNow), mode),
    )
    this.open.set(mode, ws)
    return ws
  }

  /** The live service now answers with a new configuration: its session (proven by a probe) takes over. */
  adoptLiveSession(session: ServiceSession): void {
    const existing = this.open.get('live')
    if (!existing) {
      this.open.set('live', this.newWorkspace('live', session))
      return
    }
    const old = existing.session
    existing.session = session
    existing.lookups.clear()
    void old.close()
    // Possibly another service now: its list of denominations, not the one kept from before.
    void refreshCatalog(existing, this.accountOf(existing)).catch((error: unknown) =>
      this.log.warn('denominations not refreshed', { error }),
    )
  }

  /** Makes a mode active, opening it if needed, and remembers it for the next start. */
  async switchTo(mode: Mode): Promise<void> {
    const ws = await this.ensure(mode)
    this.deps.settings.update({ mode })
    if (this.current !== mode || ws !== this.open.get(this.current)) this.activate(ws)
  }

  /**
   * Start-up work for a mode becoming active: what a crash left (interrupted entries marked, open deposits
   * re-sent in the background), the catalog. Network work runs behind.
   */
  activate(ws: Workspace): void {
    this.current = ws.mode
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

  /** Timeouts or proxy changed: new HTTP edges for the open services (their clocks are kept). */
  rebuildSessions(): void {
    for (const ws of this.open.values()) {
      const old = ws.session
      const { proxyUrl, proxyCredentials } = old.http.settings
      ws.session = this.session(
        old.baseUrl,
        proxyUrl === null ? null : { url: proxyUrl, credentials: proxyCredentials ?? null },
        this.credentialsFor(ws.mode),
        old.clock,
        ws.mode,
      )
      void old.close()
    }
  }

  /** What the open workspaces are doing with money now. */
  moneyActivity(): MoneyActivity {
    const money: MoneyActivity = { inFlight: 0, pending: 0, resending: 0 }
    for (const ws of this.open.values()) {
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
    for (const ws of this.open.values()) {
      await Promise.allSettled([...ws.sending.values(), ...ws.requests.values()])
    }
    const left = this.moneyActivity()
    for (const ws of this.open.values()) {
      await ws.session.close()
      // The integrity check's worker holds a connection of its own: let it answer first, or it could open
      // the file (and create its -shm) after the desk said it had stopped.
      await ws.journal.checked
      ws.journal.close()
    }
    this.open.clear()
    const training = this.training ?? (await this.trainingStarting?.catch(() => null)) ?? null
    this.training = null
    if (training) await training.close()
    return left
  }

  /** Which service account a workspace sends to: the address and the username (the training sandbox's
   * address changes with every start, so training is named as such). */
  accountOf(ws: Workspace, settings: StoredSettings = this.settings()): string {
    if (ws.mode === 'training') return `training|${this.training?.credentials.username ?? ''}`
    return `${ws.session.baseUrl}|${settings.live?.username ?? ''}`
  }

  private credentialsFor(mode: Mode): () => Credentials | null {
    return mode === 'training' ? () => this.training?.credentials ?? null : () => this.deps.live.credentials()
  }

  private session(
    baseUrl: string,
    proxy: ProxyAddress | null,
    credentials: () => Credentials | null,
    clock: ServiceClock,
    logName: Mode,
  ): ServiceSession {
    const s = this.settings()
    const connection: ConnectionSettings = {
      baseUrl,
      proxyUrl: proxy?.url ?? null,
      proxyCredentials: proxy?.credentials ?? null,
      connectTimeoutMs: s.connectTimeoutMs,
      answerTimeoutMs: s.answerTimeoutMs,
      // `ResellerDesk/0.1.0`: the app and its version, as the host tells it.
      ...(this.deps.appVersion ? { userAgent: `${USER_AGENT}/${this.deps.appVersion}` } : {}),
    }
    return new ServiceSession(
      connection,
      credentials,
      () => this.settings().tokenLifetimeHours * 3600_000,
      clock,
      this.log.child(logName),
    )
  }

  private newWorkspace(mode: Mode, session: ServiceSession): Workspace {
    // The integrity check of a large journal runs in a worker: the window is up and the journal readable at
    // once; money calls wait for the verdict (Journal.assertWritable).
    const journal = Journal.open(journalPath(this.dataDir, mode), { check: 'background' })
    const clock = session.clock
    return {
      mode,
      journal,
      session,
      newId: createIdGenerator(() => clock.now()),
      lookups: new Map(),
      sending: new Map(),
      requests: new Map(),
      codesShown: new Map(),
      catalog: { stale: false, refreshing: null, digest: null },
    }
  }

  private async ensureTraining(): Promise<TrainingService> {
    if (this.training) return this.training
    this.trainingStarting ??= this.deps.startTraining().then((t) => {
      this.training = t
      return t
    })
    try {
      return await this.trainingStarting
    } finally {
      this.trainingStarting = null
    }
  }
}
