import { join } from 'node:path'
import type {
  ConnectionTest,
  DeskMethod,
  DeskStatus,
  JournalEntry,
  Mode,
  Settings,
} from '../../shared/contract'
import { businessDay } from '../../shared/day'
import { AppError, toAppErrorData } from '../../shared/errors'
import type { LibyanPhone } from '../../shared/phone'
import { normalizeUpdateFeedUrl } from '../../shared/updates'
import { writeFileAtomically } from '../atomic-file'
import { chainLimitUse, createHeadOfficeFeature } from '../headoffice/feature'
import { createIdGenerator } from '../ids'
import { type EntryRecord, Journal, toJournalEntry } from '../journal/journal'
import { type Logger, silentLogger } from '../log'
import { createManagerFeature, type ManagerHost } from '../manager/feature'
import { checkOutputFile } from '../output-path'
import { ServiceClock } from '../reseller/clock'
import { type ConnectionSettings, normalizeBaseUrl, type ProxyAddress, parseProxyUrl } from '../reseller/http'
import type { Credentials } from '../reseller/token-manager'
import { LiveProxy } from '../settings/live-proxy'
import { managerSettingsOf, withManagerPatch } from '../settings/manager-settings'
import type { SecretStore } from '../settings/secrets'
import type { SettingsStore, StoredSettings } from '../settings/settings'
import { type UpdatesHost, updateHandlers } from '../updates/handlers'
import { listDenominations, refreshCatalog } from './catalog'
import { answerSale, viewerOf } from './code-shown'
import type { CallContext, OpContext, Workspace } from './context'
import { deposit, resendDeposit } from './deposit'
import type { DeskHandlers } from './handlers'
import { dailyLimit } from './limits'
import { lookupCustomer, openDepositTo } from './lookup'
import { type ReceiptPrinting, receiptHandlers, receiptSettingsOf } from './receipts'
import {
  automaticRetryOf,
  BackgroundRecovery,
  dueDeposits,
  markInterrupted,
  recoverDeposits,
} from './recover'
import { sellVoucher } from './sell-voucher'
import { ServiceSession } from './service-session'

export const LIVE_PASSWORD_SECRET = 'live-password'

/** The training service: the sandbox started on this machine, with its demo reseller. */
export interface TrainingService {
  baseUrl: string
  credentials: Credentials
  close(): Promise<void>
}

/** What the host (Electron or the browser shell) offers for "Save diagnostics". */
export interface DiagnosticsHost {
  chooseSavePath(defaultName: string): Promise<string | null>
  logLines(): string[]
  versions(): Record<string, string>
}

export interface DeskDeps {
  dataDir: string
  settings: SettingsStore
  secrets: SecretStore
  startTraining: () => Promise<TrainingService>
  log?: Logger
  pcNow?: () => number
  monotonicNow?: () => number
  /** better-sqlite3 built for another runtime (Electron); see README. */
  recoverySchedule?: number[]
  diagnostics?: DiagnosticsHost
  /** Receipt rendering and printers; without it every receipt call rejects PRINTER_ERROR. */
  printing?: ReceiptPrinting
  /** Save and folder dialogs and the PDF engine, for exports and backups. */
  manager?: ManagerHost
  /** The host's updater, once it exists; none: updates are unavailable here. */
  updates?: () => UpdatesHost | null
  /** Head office sync tuning for tests and benchmarks (batch size, poll interval, hooks). */
  headOfficeSync?: Parameters<typeof createHeadOfficeFeature>[0]['sync']
}

/**
 * What a feature's handlers (printing, manager tools) get from the desk: the active mode's workspace, an
 * operation context for a call, settings and the log. Features live in their own modules and are merged
 * into the handlers object below, so each reads top-down on its own.
 */
export interface DeskCore {
  active(): Workspace
  opContext(ws: Workspace, call: CallContext): OpContext
  settings(): StoredSettings
  log: Logger
  dataDir: string
}

/** The contract calls a feature module implements. */
export type FeatureHandlers<M extends keyof DeskHandlers> = Pick<DeskHandlers, M>

/** What the desk is doing with money: updates install only when all three are 0. */
export interface MoneyActivity {
  /** Sales, deposits and re-sends running now. */
  inFlight: number
  /** Journal entries whose request may be on its way or whose answer is not recorded yet. */
  pending: number
  /** Unknown deposits the background will re-send (inside their 15-minute window). */
  resending: number
}

export interface Desk {
  /** Every contract call, each behind the role policy. */
  readonly handlers: DeskHandlers
  /**
   * Whether the caller may make this call at all (signed in, the role it needs), from the method alone:
   * the bridge asks this before it validates the input.
   */
  checkCaller(method: DeskMethod, call: CallContext): void
  start(): Promise<void>
  /** Waits for sends in flight, closes the journals; says what money was still open just before. */
  stop(): Promise<MoneyActivity>
  moneyActivity(): MoneyActivity
  /** The active mode's workspace: for tests and benchmarks. */
  workspace(): Workspace
  readonly recovery: BackgroundRecovery
  /** The head office sync and the chain-wide figures. */
  readonly headOffice: ReturnType<typeof createHeadOfficeFeature>
  /** A window went away or loaded a new page: its sign-in ends with it. */
  endSession(sender: string): void
}

export function journalPath(dataDir: string, mode: Mode): string {
  return join(dataDir, `journal-${mode}.sqlite`)
}

export function createDesk(deps: DeskDeps): Desk {
  const log = deps.log ?? silentLogger
  const pcNow = deps.pcNow ?? Date.now
  const monotonicNow = deps.monotonicNow ?? (() => performance.now())
  const workspaces = new Map<Mode, Workspace>()
  let current: Mode = 'training'
  let training: TrainingService | null = null
  let trainingStarting: Promise<TrainingService> | null = null
  let livePassword: string | null = null
  let passwordSaved = false

  const settings = () => deps.settings.get()
  const liveProxy = new LiveProxy(deps.settings, deps.secrets, log.child('live'))
  const lifetimeMs = () => settings().tokenLifetimeHours * 3600_000

  function connection(
    baseUrl: string,
    proxy: ProxyAddress | null,
    s: StoredSettings = settings(),
  ): ConnectionSettings {
    return {
      baseUrl,
      proxyUrl: proxy?.url ?? null,
      proxyCredentials: proxy?.credentials ?? null,
      connectTimeoutMs: s.connectTimeoutMs,
      answerTimeoutMs: s.answerTimeoutMs,
    }
  }

  function liveCredentials(): Credentials | null {
    const live = settings().live
    return live && livePassword !== null ? { username: live.username, password: livePassword } : null
  }

  function credentialsFor(mode: Mode): () => Credentials | null {
    return mode === 'training' ? () => training?.credentials ?? null : liveCredentials
  }

  function hasCredentials(ws: Workspace): boolean {
    return credentialsFor(ws.mode)() !== null
  }

  async function ensureTraining(): Promise<TrainingService> {
    if (training) return training
    trainingStarting ??= deps.startTraining().then((t) => {
      training = t
      return t
    })
    try {
      return await trainingStarting
    } finally {
      trainingStarting = null
    }
  }

  function newWorkspace(mode: Mode, session: ServiceSession): Workspace {
    // The integrity check of a large journal runs in a worker: the window is up and the journal readable at
    // once; money calls wait for the verdict (Journal.assertWritable).
    const journal = Journal.open(journalPath(deps.dataDir, mode), { check: 'background' })
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
      catalog: { stale: false, refreshing: null },
    }
  }

  async function ensureWorkspace(mode: Mode): Promise<Workspace> {
    const existing = workspaces.get(mode)
    if (existing) return existing
    let baseUrl: string
    let proxy: ProxyAddress | null = null
    if (mode === 'training') {
      baseUrl = (await ensureTraining()).baseUrl
    } else {
      const live = settings().live
      if (!live) throw new AppError('NOT_CONFIGURED', 'The live service is not configured on this PC.')
      baseUrl = live.baseUrl
      proxy = liveProxy.current()
    }
    const again = workspaces.get(mode)
    if (again) return again
    const session = new ServiceSession(
      connection(baseUrl, proxy),
      credentialsFor(mode),
      lifetimeMs,
      new ServiceClock(pcNow),
      log.child(mode),
    )
    const ws = newWorkspace(mode, session)
    workspaces.set(mode, ws)
    return ws
  }

  function active(): Workspace {
    const ws = workspaces.get(current)
    if (!ws) throw new AppError('JOURNAL_UNAVAILABLE', 'The desk has not started yet.')
    return ws
  }

  function opContext(ws: Workspace, call: CallContext): OpContext {
    return {
      ws,
      settings: settings(),
      clerk: call.clerk,
      clerkId: call.person?.id ?? null,
      ...(call.person ? { role: call.person.role } : {}),
      viewer: viewerOf(call),
      account: accountOf(ws),
      log: log.child('desk'),
      monotonicNow,
      kickRecovery: () => recovery.kick(),
      chain: headOffice.chain,
    }
  }

  /** Which service account a workspace sends to: the address and the username (the training sandbox's
   * address changes with every start, so training is named as such). */
  function accountOf(ws: Workspace): string {
    if (ws.mode === 'training') return `training|${training?.credentials.username ?? ''}`
    return `${ws.session.baseUrl}|${settings().live?.username ?? ''}`
  }

  const headOffice = createHeadOfficeFeature({
    settings: deps.settings,
    secrets: deps.secrets,
    log,
    liveJournal: () => workspaces.get('live')?.journal ?? null,
    now: () => workspaces.get('live')?.session.clock.now() ?? pcNow(),
    connectTimeoutMs: () => settings().connectTimeoutMs,
    ...(deps.headOfficeSync ? { sync: deps.headOfficeSync } : {}),
  })

  const recovery = new BackgroundRecovery(
    () =>
      [...workspaces.values()]
        .filter((ws) => ws.journal.writable)
        .map((ws) => opContext(ws, { clerk: null })),
    log.child('recovery'),
    deps.recoverySchedule,
  )

  /**
   * An entry for the renderer, with whether and when the background re-sends it (an open deposit): the
   * clerk who pressed "Retry safely" is told when the next automatic try is.
   */
  function present(ws: Workspace, record: EntryRecord): JournalEntry {
    const entry = toJournalEntry(record)
    const wait = recovery.nextPassIn()
    const due = wait === null ? null : ws.session.clock.now() + wait
    const automaticRetry = automaticRetryOf(opContext(ws, { clerk: null }), record, due)
    return automaticRetry ? { ...entry, automaticRetry } : entry
  }

  /** Start-up work for a mode becoming active: what a crash left, the catalog. Network work runs behind. */
  function activate(ws: Workspace): void {
    current = ws.mode
    // What a crash left is marked once the journal is known to be sound; a money call waiting for the same
    // verdict runs after this (its wait was registered later).
    void ws.journal.checked.then(() => {
      if (!ws.journal.writable || !ws.journal.open) return
      markInterrupted(opContext(ws, { clerk: null }))
      void recovery.pass()
    })
    void refreshCatalog(ws).catch((error: unknown) =>
      log.warn('denominations not refreshed at start', { error }),
    )
  }

  function status(): DeskStatus {
    const ws = active()
    const s = settings()
    return {
      mode: ws.mode,
      serviceUrl: ws.session.baseUrl,
      online: ws.session.online,
      tokenExpiresAt: ws.session.tokens.expiresAt,
      clockOffsetMs: ws.session.clock.offsetMs,
      needsAttention: ws.journal.countNeedsAttention(),
      liveConfigured: s.live !== null && livePassword !== null,
      journalProblem: ws.journal.health.problem,
    }
  }

  function publicSettings(): Settings {
    const s = settings()
    return {
      mode: current,
      // The proxy's address only: its credentials stay in main, whoever asks.
      live: s.live
        ? {
            baseUrl: s.live.baseUrl,
            username: s.live.username,
            proxyUrl: liveProxy.current()?.url ?? null,
            proxyHasCredentials: liveProxy.hasCredentials(),
            passwordSaved,
          }
        : null,
      passwordStorage: deps.secrets.kind,
      tokenLifetimeHours: s.tokenLifetimeHours,
      phoneFormat: s.phoneFormat,
      language: s.language,
      connectTimeoutMs: s.connectTimeoutMs,
      answerTimeoutMs: s.answerTimeoutMs,
      doubleEntryAboveDirhams: s.doubleEntryAboveDirhams,
      depositMaxDirhams: s.depositMaxDirhams,
      agreedDailyLimitDirhams: s.agreedDailyLimitDirhams,
      updateFeedUrl: s.updateFeedUrl,
      ...receiptSettingsOf(s),
      ...managerSettingsOf(s),
    }
  }

  /** Obtains a token from a service without touching the desk's state: proof that the details work. */
  async function probe(
    baseUrl: string,
    credentials: Credentials,
    proxy: ProxyAddress | null,
  ): Promise<ServiceSession> {
    const session = new ServiceSession(
      connection(normalizeBaseUrl(baseUrl), proxy),
      () => credentials,
      lifetimeMs,
      new ServiceClock(pcNow),
      log.child('live'),
    )
    try {
      await session.tokens.getToken()
      return session
    } catch (error) {
      await session.close()
      throw error
    }
  }

  async function switchTo(mode: Mode): Promise<DeskStatus> {
    const ws = await ensureWorkspace(mode)
    deps.settings.update({ mode })
    if (current !== mode || ws !== workspaces.get(current)) activate(ws)
    return status()
  }

  /** Timeouts or proxy changed: new HTTP edges for the open services (their clocks are kept). */
  async function rebuildSessions(): Promise<void> {
    const s = settings()
    for (const ws of workspaces.values()) {
      const old = ws.session
      ws.session = new ServiceSession(
        connection(
          old.baseUrl,
          old.http.settings.proxyUrl === null
            ? null
            : { url: old.http.settings.proxyUrl, credentials: old.http.settings.proxyCredentials ?? null },
          s,
        ),
        credentialsFor(ws.mode),
        lifetimeMs,
        old.clock,
        log.child(ws.mode),
      )
      void old.close()
    }
  }

  function moneyActivity(): MoneyActivity {
    const money: MoneyActivity = { inFlight: 0, pending: 0, resending: 0 }
    for (const ws of workspaces.values()) {
      // A clerk's call (by requestId) and its send (by entry) are one operation: count the larger side.
      money.inFlight += Math.max(ws.sending.size, ws.requests.size)
      if (ws.journal.health.problem !== null) continue
      for (const kind of ['voucher', 'deposit'] as const) {
        money.pending += ws.journal.listOpen(kind).filter((e) => e.status === 'pending').length
      }
      money.resending += dueDeposits(opContext(ws, { clerk: null })).length
    }
    return money
  }

  const core: DeskCore = { active, opContext, settings, log, dataDir: deps.dataDir }
  const manager = createManagerFeature(core, {
    monotonicNow,
    chainReport: headOffice.chainReport,
    wallNow: pcNow,
    ...(deps.manager ? { host: deps.manager } : {}),
    ...(deps.printing ? { printing: deps.printing } : {}),
  })

  const handlers: DeskHandlers = {
    getStatus: async () => status(),

    configureService: async (args) => {
      const baseUrl = normalizeBaseUrl(args.baseUrl)
      const proxy = liveProxy.forTyped(args.proxyUrl)
      // An open deposit is re-sent with its reference only to the account it went to; while one is open, the
      // live service may get a new password but not become another account.
      const account = `${baseUrl}|${args.username}`
      const stranded = workspaces
        .get('live')
        ?.journal.listOpen('deposit')
        .find((e) => e.serviceAccount !== null && e.serviceAccount !== account)
      if (stranded) {
        throw new AppError(
          'UNRESOLVED_DEPOSIT',
          'A deposit sent with the current account has no known outcome yet: resolve it before changing the account.',
          { entryId: stranded.id },
        )
      }
      const session = await probe(baseUrl, { username: args.username, password: args.password }, proxy)
      deps.settings.update({ live: { baseUrl, username: args.username, proxyUrl: proxy?.url ?? null } })
      await liveProxy.keep(proxy?.credentials ?? null)
      livePassword = args.password
      passwordSaved = await deps.secrets.set(LIVE_PASSWORD_SECRET, args.password).catch((error: unknown) => {
        log.warn('the password could not be saved', { error })
        return false
      })
      const existing = workspaces.get('live')
      if (existing) {
        const old = existing.session
        existing.session = session
        existing.lookups.clear()
        void old.close()
        // Possibly another service now: its list of denominations, not the one kept from before.
        void refreshCatalog(existing).catch((error: unknown) =>
          log.warn('denominations not refreshed', { error }),
        )
      } else {
        const ws = newWorkspace('live', session)
        workspaces.set('live', ws)
      }
      return switchTo('live')
    },

    useTraining: async () => switchTo('training'),

    useLive: async () => {
      if (!liveCredentials()) {
        throw new AppError(
          'NOT_CONFIGURED',
          'Configure the live service (address, username, password) first.',
        )
      }
      return switchTo('live')
    },

    listDenominations: async (args, call) => listDenominations(opContext(active(), call), args),

    generateVoucher: async (args, call) => {
      const ws = active()
      const ctx = opContext(ws, call)
      return answerSale(ctx, await sellVoucher(ctx, args, hasCredentials(ws)))
    },

    lookupCustomer: async (args, call) => {
      const ws = active()
      const ctx = opContext(ws, call)
      const found = await lookupCustomer(ctx, args, hasCredentials(ws))
      const open = openDepositTo(ctx, found.phone as LibyanPhone)
      // Another counter's unresolved deposit to the phone, as the head office last told (live only).
      const elsewhere = ws.mode === 'live' ? headOffice.chain.otherOpenDepositTo(found.phone) : null
      return {
        ...found,
        ...(open ? { openDeposit: present(ws, open) } : {}),
        ...(elsewhere ? { openDepositElsewhere: elsewhere } : {}),
      }
    },

    deposit: async (args, call) => {
      const ws = active()
      return present(ws, await deposit(opContext(ws, call), args, hasCredentials(ws)))
    },

    retryDeposit: async (args, call) => {
      const ws = active()
      const entry = ws.journal.get(args.entryId)
      if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
      if (entry.kind !== 'deposit') {
        throw new AppError(
          'NOT_RETRYABLE',
          'A voucher is never sent again: check with the provider whether it was created.',
        )
      }
      if (entry.status !== 'pending' && entry.status !== 'unknown') return present(ws, entry)
      await ws.journal.assertWritable()
      if (!hasCredentials(ws)) throw new AppError('NOT_CONFIGURED', 'The service is not configured.')
      return present(ws, await resendDeposit(opContext(ws, call), entry.id, 'person'))
    },

    recoverNow: async (_args, call) => {
      const ws = active()
      await ws.journal.assertWritable()
      const ctx = opContext(ws, call)
      markInterrupted(ctx)
      return recoverDeposits(ctx)
    },

    listJournal: async (args) => {
      const page = active().journal.list(args)
      return {
        entries: page.entries.map((e) => toJournalEntry(e)),
        ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
      }
    },

    getEntry: async (args) => {
      const ws = active()
      const entry = ws.journal.get(args.entryId)
      if (!entry) throw new AppError('NOT_FOUND', 'There is no such journal entry.')
      return { entry: present(ws, entry), events: ws.journal.events(entry.id) }
    },

    getDailyLimit: async () => {
      const ws = active()
      const day = businessDay(ws.session.clock.now())
      // Training figures never mix with the chain's.
      const chain = ws.mode === 'live' ? headOffice.chain.otherTerminalsUse(day, accountOf(ws)) : null
      const limit = dailyLimit(ws.journal, day, settings().agreedDailyLimitDirhams, chainLimitUse(chain))
      return chain ? { ...limit, chain } : limit
    },

    listNotices: async (args) => ({ notices: active().journal.noticesAfter(args.afterId ?? 0) }),

    dismissNotice: async (args) => {
      const ws = active()
      ws.journal.dismissNotice(args.id, new Date(ws.session.clock.now()).toISOString())
      return { dismissed: true }
    },

    getSettings: async () => publicSettings(),

    setLanguage: async (args) => {
      deps.settings.update({ language: args.language })
      return { language: settings().language }
    },

    updateSettings: async (patch) => {
      const before = settings()
      if (patch.updateFeedUrl)
        patch = { ...patch, updateFeedUrl: normalizeUpdateFeedUrl(patch.updateFeedUrl) }
      deps.settings.update(withManagerPatch(patch, before, deps.dataDir))
      if (patch.updateFeedUrl !== undefined && patch.updateFeedUrl !== before.updateFeedUrl) {
        deps.updates?.()?.feedChanged()
      }
      if (
        (patch.connectTimeoutMs !== undefined && patch.connectTimeoutMs !== before.connectTimeoutMs) ||
        (patch.answerTimeoutMs !== undefined && patch.answerTimeoutMs !== before.answerTimeoutMs)
      ) {
        await rebuildSessions()
      }
      return publicSettings()
    },

    testConnection: async (args): Promise<ConnectionTest> => {
      // The stored password goes only where it is stored for: never to an address or proxy typed here. The
      // proxy's kept credentials likewise go only to the proxy address they were saved with.
      const live = settings().live
      let stored: string | null = null
      try {
        const sameService =
          live !== null &&
          args.username === live.username &&
          normalizeBaseUrl(args.baseUrl) === live.baseUrl &&
          (parseProxyUrl(args.proxyUrl)?.url ?? null) === live.proxyUrl
        stored = sameService ? livePassword : null
      } catch {
        stored = null
      }
      const password = args.password ?? stored
      if (password === null) {
        return {
          ok: false,
          error: { code: 'NOT_CONFIGURED', message: 'Enter the password to test the connection.' },
        }
      }
      try {
        const session = await probe(
          args.baseUrl,
          { username: args.username, password },
          liveProxy.forTyped(args.proxyUrl),
        )
        const result: ConnectionTest = {
          ok: true,
          tokenExpiresAt: session.tokens.expiresAt ?? '',
          clockOffsetMs: session.clock.offsetMs,
        }
        await session.close()
        return result
      } catch (error) {
        return { ok: false, error: toAppErrorData(error) }
      }
    },

    saveDiagnostics: async (args) => {
      const host = deps.diagnostics
      if (!host) throw new AppError('INTERNAL', 'Diagnostics are not available here.')
      const path =
        args.path !== undefined
          ? checkOutputFile(args.path, ['.json', '.txt', '.log'], deps.dataDir)
          : await host.chooseSavePath(`reseller-desk-diagnostics-${Date.now()}.json`)
      if (path === null) return null
      const report = {
        createdAt: new Date().toISOString(),
        versions: host.versions(),
        status: status(),
        settings: publicSettings(),
        // Where this terminal sends its journal and how far it got; never the terminal's secret.
        headOffice: { settings: settings().headOffice, status: headOffice.status() },
        log: host.logLines(),
      }
      writeFileAtomically(path, JSON.stringify(report, null, 2))
      return { path }
    },

    ...receiptHandlers(core, deps.printing),
    ...updateHandlers(
      () => deps.updates?.() ?? null,
      () => deps.diagnostics?.versions().app ?? '',
    ),
    ...manager.handlers,
    ...headOffice.handlers,
  }

  return {
    // Roles are enforced here, once around every handler, for both hosts.
    handlers: manager.guard(handlers),
    checkCaller: manager.checkCaller,
    recovery,
    workspace: active,
    headOffice,
    endSession: manager.endSession,
    async start() {
      manager.start()
      const s = settings()
      if (s.live) {
        livePassword = await deps.secrets.get(LIVE_PASSWORD_SECRET).catch(() => null)
        passwordSaved = livePassword !== null
        await liveProxy.load()
      }
      const mode: Mode = s.mode === 'live' && liveCredentials() ? 'live' : 'training'
      if (mode !== s.mode)
        log.warn('live mode configured but no password is available; starting in training mode')
      const ws = await ensureWorkspace(mode)
      deps.settings.update({ mode })
      activate(ws)
      // The head office takes the live journal even while the desk trains someone.
      if (s.headOffice?.enabled && liveCredentials()) await ensureWorkspace('live')
      await headOffice.start()
    },
    moneyActivity,
    async stop() {
      await headOffice.stop()
      await manager.stop()
      recovery.stop()
      await recovery.idle()
      for (const ws of workspaces.values()) {
        await Promise.allSettled([...ws.sending.values(), ...ws.requests.values()])
      }
      const left = moneyActivity()
      for (const ws of workspaces.values()) {
        await ws.session.close()
        ws.journal.close()
      }
      workspaces.clear()
      if (training) await training.close()
      training = null
      return left
    },
  }
}
