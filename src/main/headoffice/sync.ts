/**
 * The head office sync: sends this terminal's live journal to PostgreSQL in the background, and reads back
 * the chain-wide figures the counter uses. Selling never waits on it: it runs beside the desk in main, and
 * everything it learns is kept in memory for synchronous look-ups.
 *
 * Guarantees (docs/head-office.md):
 * - in order: events go in the journal's own order (seq = event id), one PostgreSQL transaction per batch;
 * - idempotent: rows are keyed by (terminal, id) and (terminal, seq); a row sent again is skipped, and must be
 *   the same row (its digest), or the sync stops and says so rather than lose either version;
 * - the high-water mark is saved in the journal only after PostgreSQL committed, so a crash, a cut cable or a
 *   stopped server anywhere in between means the batch is sent again, never lost;
 * - one journal per terminal: the first desk to send as a terminal claims it; another is refused.
 */
import { AppError, type AppErrorData, toAppErrorData } from '../../shared/errors'
import {
  type ChainUse,
  type HeadOfficeSettings,
  type HeadOfficeStatus,
  type OtherOpenDeposit,
  REFUSED_REASONS,
} from '../../shared/head-office'
import {
  type FeedBatch,
  type FeedMark,
  type FeedZReport,
  feedBacklog,
  lastFeedSeq,
  lastZNumber,
  readFeed,
  readFeedMark,
  readZReports,
  saveFeedMark,
} from '../journal/head-office-feed'
import type { Journal } from '../journal/journal'
import type { Logger } from '../log'
import { wakeableSleep } from '../wakeable-sleep'
import { ChainReader } from './chain-figures'
import { clientConfig, headOfficeError, newClient, StopError, tlsDecision } from './connection'
import { handshake } from './handshake'
import { sendBatch, sendZReports } from './push'
import { type Session, sessionKey } from './session'

export interface HeadOfficeSyncDeps {
  /** The live journal, or null while there is none (never a training journal: training stays out). */
  journal: () => Journal | null
  settings: () => HeadOfficeSettings | null
  password: () => string | null
  log: Logger
  /** Service-corrected now (ms): the business day of "today" and the instants recorded. */
  now: () => number
  connectTimeoutMs?: () => number
  queryTimeoutMs?: number
  /** Events per PostgreSQL transaction. */
  batchSize?: number
  /** How often to look for new journal events once up to date. */
  pollMs?: number
  /** Waits after failures, in order, the last repeated. */
  retryMs?: readonly number[]
  /** How often to read the chain-wide figures. */
  chainEveryMs?: number
  /** How old chain-wide figures may be and still be used at the counter. */
  chainFreshMs?: number
  /**
   * After how long without word from another terminal (it says it is there at each chain read, every
   * chainEveryMs) it is named as silent beside the estimate: 2 minutes (8 reads missed).
   */
  silentAfterMs?: number
  /**
   * The service's last daily-limit report to this desk on a day (its 422 figures), if it did: when the answer
   * came, and when the refused entry was journaled (before its request left; use is counted from then).
   */
  reportedLimit?: (day: number) => { at: string; countedFrom: string } | null
  /**
   * The service account this desk's live journal sells on (address and username), if any: the one account
   * whose figures the desk reads (other terminals' use, their refusals). None: the desk reads no figures.
   */
  serviceAccount?: () => string | null
  /** Test seams around each batch's commit. */
  hooks?: {
    beforeCommit?: (batch: FeedBatch) => Promise<void> | void
    afterCommit?: (batch: FeedBatch) => Promise<void> | void
  }
}

export class HeadOfficeSync {
  private session: Session | null = null
  private running: Promise<void> | null = null
  private stopped = true
  /** stop() was called: a cycle in progress ends after its current batch. */
  private closing = false
  private wake: (() => void) | null = null
  private failures = 0
  private lastError: AppError | null = null
  private state: HeadOfficeStatus['state'] = 'off'
  private mark: FeedMark | null = null
  private readonly chain: ChainReader
  private backlog = { entries: 0, events: 0, at: 0, key: '' }
  private lastReachedAt: string | null = null
  /** One cycle at a time on the one connection (the loop, and a test or a Sync now). */
  private cycling: Promise<void> = Promise.resolve()
  private readonly log: Logger

  constructor(private readonly deps: HeadOfficeSyncDeps) {
    this.log = deps.log
    this.chain = new ChainReader({
      now: deps.now,
      configured: () => this.configured() !== null,
      // Read again at once, unless the head office is failing (its back-off decides then).
      onStale: () => {
        if (this.failures === 0) this.wake?.()
      },
      ...(deps.chainFreshMs !== undefined ? { chainFreshMs: deps.chainFreshMs } : {}),
      ...(deps.silentAfterMs !== undefined ? { silentAfterMs: deps.silentAfterMs } : {}),
      ...(deps.reportedLimit ? { reportedLimit: deps.reportedLimit } : {}),
      ...(deps.serviceAccount ? { serviceAccount: deps.serviceAccount } : {}),
    })
  }

  /** How many times the chain-wide figures were read: a later read began after an earlier one ended. */
  get chainReads(): number {
    return this.chain.reads
  }

  // ------------------------------------------------------------------------------------------ lifecycle

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.closing = false
    this.running = this.loop()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.closing = true
    this.wake?.()
    // A query waiting on a server that stopped answering ends now (its batch is rolled back, never lost).
    await this.closeSession()
    await this.running
    this.running = null
    await this.closeSession()
  }

  /** Look again now (settings changed, or a test wants the next cycle at once). */
  kick(): void {
    this.failures = 0
    this.wake?.()
  }

  /** One full cycle (connect, send everything, read the figures); rejects with what went wrong. For tests. */
  async syncOnce(): Promise<void> {
    if (!(await this.recordedCycle())) throw this.lastError
  }

  /** One cycle with its outcome recorded (the failures counted, the last error kept): true when it went through. */
  private async recordedCycle(): Promise<boolean> {
    try {
      await this.exclusiveCycle()
      this.failures = 0
      this.lastError = null
      return true
    } catch (error) {
      await this.failed(error)
      return false
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let wait = this.deps.pollMs ?? 2000
      if (!(await this.recordedCycle())) {
        const schedule = this.deps.retryMs ?? [2000, 5000, 15_000, 30_000, 60_000]
        wait =
          this.lastError instanceof StopError
            ? 5 * 60_000
            : (schedule[Math.min(this.failures - 1, schedule.length - 1)] ?? 60_000)
      }
      if (this.stopped) break
      await wakeableSleep(wait, (wake) => {
        this.wake = wake
      })
    }
  }

  private async failed(error: unknown): Promise<void> {
    // Stopping cut the connection on purpose: nothing failed.
    if (this.closing) return this.closeSession()
    this.failures++
    const appError = error instanceof AppError ? error : headOfficeError(error)
    this.lastError = appError
    this.state =
      appError instanceof StopError
        ? 'stopped'
        : REFUSED_REASONS.has(String(appError.details?.reason))
          ? 'refused'
          : 'unreachable'
    // One line per change of trouble, not one per retry.
    if (this.failures === 1 || appError instanceof StopError) {
      this.log.warn('head office sync failed; the desk keeps selling and tries again', {
        code: appError.code,
        reason: appError.message,
      })
    }
    await this.closeSession()
  }

  private async closeSession(): Promise<void> {
    const s = this.session
    this.session = null
    if (s) await s.client.end().catch(() => undefined)
  }

  // ------------------------------------------------------------------------------------------ one cycle

  private exclusiveCycle(): Promise<void> {
    const run = this.cycling.then(() => this.cycle())
    this.cycling = run.catch(() => undefined)
    return run
  }

  private configured(): { settings: HeadOfficeSettings; password: string; journal: Journal } | null {
    const settings = this.deps.settings()
    const password = this.deps.password()
    const journal = this.deps.journal()
    if (!settings?.enabled || password === null || journal === null) return null
    return { settings, password, journal }
  }

  private async cycle(): Promise<void> {
    const c = this.configured()
    if (!c) {
      this.state = 'off'
      await this.closeSession()
      return
    }
    const { journal } = c
    // "Last reached" is when the head office last answered a question: a cycle that asks nothing (a connection
    // kept, nothing to send, the figures still fresh) learns nothing, even if the server went away meanwhile.
    let answered = this.session === null
    const session = await this.connect(c.settings, c.password, journal)
    const mark = this.mark as FeedMark
    if (lastFeedSeq(journal) > mark.seq) this.state = 'syncing'
    const size = this.deps.batchSize ?? 500
    for (;;) {
      if (this.closing) return
      const batch = readFeed(journal, mark.seq, size)
      if (batch.events.length === 0) break
      await sendBatch(session, batch, this.deps.hooks?.beforeCommit)
      answered = true
      mark.seq = batch.lastSeq
      mark.reachedAt = new Date(this.deps.now()).toISOString()
      saveFeedMark(journal, mark)
      this.lastReachedAt = mark.reachedAt
      await this.deps.hooks?.afterCommit?.(batch)
      // Hand the event loop back between batches: a catch-up of days never holds up a sale.
      await new Promise((r) => setImmediate(r))
    }
    if (lastZNumber(journal) > mark.z) {
      for (;;) {
        const zs = readZReports(journal, mark.z, 50)
        if (zs.length === 0) break
        await sendZReports(session, zs)
        answered = true
        mark.z = (zs[zs.length - 1] as FeedZReport).number
        saveFeedMark(journal, mark)
      }
    }
    if (this.chain.due(this.deps.chainEveryMs ?? 15_000)) {
      await this.chain.read(session)
      answered = true
    }
    if (answered) this.lastReachedAt = new Date(this.deps.now()).toISOString()
    this.state = lastFeedSeq(journal) > mark.seq ? 'syncing' : 'up-to-date'
  }

  /** Connects (or reuses the connection) and checks who we are at the head office; sets this.mark. */
  private async connect(settings: HeadOfficeSettings, password: string, journal: Journal): Promise<Session> {
    const key = sessionKey(settings, password)
    if (this.session && this.session.key === key) return this.session
    await this.closeSession()
    const client = await newClient(
      clientConfig(settings, password, {
        connectTimeoutMs: this.deps.connectTimeoutMs?.() ?? 10_000,
        queryTimeoutMs: this.deps.queryTimeoutMs ?? 60_000,
        applicationName: 'reseller-desk sync',
      }),
    )
    // A connection that dies between queries must not crash main: the next query reports it.
    client.on('error', (error) => this.log.warn('head office connection lost', { reason: error.message }))
    try {
      await client.connect()
      const { who, remote: held } = await handshake(client, settings.terminal, journal, 'claim')
      const remote = held ?? { seq: 0, z: 0 }
      const remoteSeq = remote.seq
      const saved = readFeedMark(journal)
      const same = saved && saved.instance === who.instance && saved.terminal === who.terminal
      if (same && saved.seq > remoteSeq) {
        // The head office lost what it had committed (restored from a backup): send it again from its mark.
        this.log.warn('the head office has fewer events than it had committed; sending them again', {
          saved: saved.seq,
          remote: remoteSeq,
        })
      }
      // The head office says how far it has; what it has is exactly what it committed, in order.
      this.mark = {
        instance: who.instance,
        terminal: who.terminal,
        seq: remoteSeq,
        z: remote.z,
        reachedAt: new Date(this.deps.now()).toISOString(),
      }
      saveFeedMark(journal, this.mark)
      this.lastReachedAt = this.mark.reachedAt
      this.session = {
        client,
        key,
        instance: who.instance,
        terminal: who.terminal,
        schemaVersion: who.schemaVersion,
      }
      this.log.info('connected to the head office', {
        terminal: who.terminal,
        tls: tlsDecision(settings.host, settings.caFile).tls,
        from: remoteSeq,
      })
      return this.session
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
  }

  // ------------------------------------------------------------------------------------------ what the desk reads

  /**
   * Other terminals' use today of this desk's service account, from the last figures the head office gave
   * (null when it was not reached recently, the figures are of another day, or there is no live account).
   */
  otherTerminalsUse(day: number): ChainUse | null {
    return this.chain.otherTerminalsUse(day)
  }

  /** An unresolved deposit to this phone at another terminal, as last read from the head office. */
  otherOpenDepositTo(phone: string): OtherOpenDeposit | null {
    return this.chain.otherOpenDepositTo(phone)
  }

  status(): HeadOfficeStatus {
    const c = this.configured()
    if (!c) {
      return {
        state: 'off',
        entriesBehind: 0,
        eventsBehind: 0,
        lastReachedAt: this.lastReachedAt,
        error: null,
        chainFiguresAt: null,
      }
    }
    const saved = this.mark ?? readFeedMark(c.journal)
    const after = saved && saved.terminal === c.settings.terminal ? saved.seq : 0
    const afterZ = saved && saved.terminal === c.settings.terminal ? saved.z : 0
    // Counting is cheap but not free: again only when the mark or the journal moved.
    const key = `${after}:${afterZ}:${lastFeedSeq(c.journal)}:${lastZNumber(c.journal)}`
    if (this.backlog.key !== key) {
      const b = feedBacklog(c.journal, after, afterZ)
      this.backlog = { entries: b.entries, events: b.events + b.zReports, at: this.deps.now(), key }
    }
    const reached = this.lastReachedAt ?? saved?.reachedAt ?? null
    const error: AppErrorData | null = this.lastError ? toAppErrorData(this.lastError) : null
    const state = this.lastError
      ? this.state
      : this.backlog.events > 0 || this.lastReachedAt === null
        ? 'syncing'
        : 'up-to-date'
    return {
      state,
      entriesBehind: this.backlog.entries,
      eventsBehind: this.backlog.events,
      lastReachedAt: reached,
      error,
      chainFiguresAt: this.chain.fresh()?.asOf ?? null,
    }
  }
}
