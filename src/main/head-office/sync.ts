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
 *
 * In real time: what the journal records is sent at once (not at the next poll); the head office's notices
 * (notices.ts) have the figures read again within moments; a connection that answers nothing for a few
 * seconds is named and cut (never waited on: not by a batch, the figures or the app's exit); and while the
 * head office cannot be reached the desk tries again every few seconds, sending its backlog the moment it
 * answers.
 */
import { performance } from 'node:perf_hooks'
import { AppError, type AppErrorData, toAppErrorData } from '../../shared/errors'
import {
  type ChainUse,
  type HeadOfficeSettings,
  type HeadOfficeStatus,
  type OtherOpenDeposit,
  REFUSED_REASONS,
} from '../../shared/head-office'
import {
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
import { RECONNECT_MS, REFUSED_MS, retryDelay, STOPPED_MS } from './backoff'
import { ChainReader } from './chain-figures'
import { headOfficeError, StopError } from './connection'
import { channelsFor } from './notices'
import { sendBatch, sendZReports } from './push'
import { closeClient, openSession, type Session, sessionKey } from './session'
import type { HeadOfficeSyncDeps } from './sync-deps'

/** A clock for waits: never moved by the service-corrected clock. */
const mono = () => performance.now()

/** How long a stopping app waits for the head office's goodbye before it cuts the connection. */
const GOODBYE_MS = 500

export class HeadOfficeSync {
  private session: Session | null = null
  /** Aborted when the app stops: a connection being opened is cut (not waited on), and no other is opened. */
  private stopping = new AbortController()
  private running: Promise<void> | null = null
  private stopped = true
  /** stop() was called: a cycle in progress ends after its current batch. */
  private closing = false
  private wake: (() => void) | null = null
  private failures = 0
  /** When the next try is due after a failure (mono). */
  private retryAt = 0
  private lastError: AppError | null = null
  /** The reason last logged: one line per change of trouble, not one per try. */
  private loggedReason: string | null = null
  private state: HeadOfficeStatus['state'] = 'off'
  private mark: FeedMark | null = null
  private readonly chain: ChainReader
  private backlog = { entries: 0, events: 0, at: 0, key: '' }
  private lastReachedAt: string | null = null
  /** When the head office last answered anything (mono). */
  private lastAnswerAt = 0
  /** When the figures were last read (mono). */
  private chainReadAt = Number.NEGATIVE_INFINITY
  /** Settings changed, or a Test reached the head office: a cycle now, whatever the back-off. */
  private kicked = false
  /** Something to send (the journal recorded it) or the connection was lost: a cycle now, unless backing off. */
  private workWaiting = false
  /** The head office said something changed (or the figures are older than the last report here). */
  private chainWanted = false
  private watched: { journal: Journal; stop: () => void } | null = null
  /** One cycle at a time on the one connection (the loop, and a test or a Sync now). */
  private cycling: Promise<void> = Promise.resolve()
  private readonly log: Logger

  constructor(private readonly deps: HeadOfficeSyncDeps) {
    this.log = deps.log
    this.chain = new ChainReader({
      now: deps.now,
      configured: () => this.configured() !== null,
      // Read again soon (the back-off decides while the head office is failing).
      onStale: () => this.wantChain(),
      ...(deps.chainFreshMs !== undefined ? { chainFreshMs: deps.chainFreshMs } : {}),
      ...(deps.silentAfterMs !== undefined ? { silentAfterMs: deps.silentAfterMs } : {}),
      sayHeardEveryMs: deps.chainEveryMs ?? 15_000,
      ...(deps.reportedLimit ? { reportedLimit: deps.reportedLimit } : {}),
      ...(deps.serviceAccount ? { serviceAccount: deps.serviceAccount } : {}),
    })
  }

  private get noticeGapMs(): number {
    return this.deps.noticeGapMs ?? 100
  }

  private get aliveEveryMs(): number {
    return this.deps.aliveEveryMs ?? 3000
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
    this.stopping = new AbortController()
    this.running = this.loop()
  }

  async stop(): Promise<void> {
    // The loop this stop ends (a start() while it waits runs a loop of its own).
    const running = this.running
    this.stopped = true
    this.closing = true
    this.stopping.abort(new Error('the desk is stopping'))
    this.wake?.()
    this.unwatch()
    // A query waiting on a server that stopped answering ends now (its batch is rolled back, never lost), and
    // a server that answers nothing is not waited on for a goodbye.
    await this.dropSession(GOODBYE_MS)
    await running
    if (this.running === running) this.running = null
    await this.dropSession(GOODBYE_MS)
  }

  /** Look again now (settings changed, or a test reached the head office), whatever the back-off. */
  kick(): void {
    this.failures = 0
    this.kicked = true
    this.wake?.()
  }

  /** One full cycle (connect, send everything, read the figures); rejects with what went wrong. For tests. */
  async syncOnce(): Promise<void> {
    if (await this.recordedCycle()) return
    throw this.closing ? new Error('the head office sync has stopped') : this.lastError
  }

  /** One cycle with its outcome recorded (the failures counted, the last error kept): true when it went through. */
  private async recordedCycle(): Promise<boolean> {
    try {
      await this.exclusiveCycle()
      if (this.failures > 0) this.log.info('the head office sync goes on', { failedTries: this.failures })
      this.failures = 0
      this.lastError = null
      this.loggedReason = null
      return true
    } catch (error) {
      await this.failed(error)
      return false
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const ok = await this.recordedCycle()
      const ended = mono()
      // Whatever wakes the loop (a journal record, a notice, a kick) sets what is due, then wakes it to look.
      for (;;) {
        if (this.stopped) return
        const wait = this.nextCycleIn(ok, ended)
        if (wait <= 0) break
        await wakeableSleep(wait, (wake) => {
          this.wake = wake
        })
      }
    }
  }

  /** Milliseconds until the next cycle is due: 0 for now. */
  private nextCycleIn(ok: boolean, cycleEnded: number): number {
    const now = mono()
    if (this.kicked) return 0
    if (!ok) return this.retryAt - now
    if (this.workWaiting) return 0
    let due = cycleEnded + (this.deps.pollMs ?? 2000)
    if (this.chainWanted) due = Math.min(due, this.chainReadAt + this.noticeGapMs)
    if (this.session) due = Math.min(due, this.lastAnswerAt + this.aliveEveryMs)
    return due - now
  }

  private failed(error: unknown): Promise<void> {
    // Stopping cut the connection on purpose: nothing failed.
    if (this.closing) return this.dropSession(0)
    this.failures++
    const appError = error instanceof AppError ? error : headOfficeError(error)
    this.lastError = appError
    const stop = appError instanceof StopError
    const refused = !stop && REFUSED_REASONS.has(String(appError.details?.reason))
    this.state = stop ? 'stopped' : refused ? 'refused' : 'reconnecting'
    const schedule = this.deps.retryMs ?? (refused ? REFUSED_MS : RECONNECT_MS)
    this.retryAt = mono() + (stop ? STOPPED_MS : retryDelay(schedule, this.failures, this.deps.random))
    // One line per change of trouble, not one per try.
    const reason = `${appError.code}:${String(appError.details?.reason)}`
    if (reason !== this.loggedReason) {
      this.loggedReason = reason
      this.log.warn('head office sync failed; the desk keeps selling and tries again', {
        code: appError.code,
        reason: appError.message,
      })
    }
    return this.dropSession(0)
  }

  /** The head office answered a connection: an error about reaching it (or its settings) is over. */
  private serverAnswered(): void {
    this.answered()
    if (this.lastError && !(this.lastError instanceof StopError)) {
      this.lastError = null
      this.state = 'syncing'
    }
  }

  private answered(): void {
    this.lastAnswerAt = mono()
    this.lastReachedAt = new Date(this.deps.now()).toISOString()
  }

  private async dropSession(graceMs: number): Promise<void> {
    const s = this.session
    this.session = null
    if (s) await closeClient(s.client, graceMs)
  }

  private wantChain(): void {
    if (this.chainWanted) return
    this.chainWanted = true
    this.wake?.()
  }

  /** What the journal records is sent at once. */
  private watch(journal: Journal): void {
    if (this.watched?.journal === journal) return
    this.unwatch()
    const stop = journal.onRecorded(() => {
      this.workWaiting = true
      this.wake?.()
    })
    this.watched = { journal, stop }
  }

  private unwatch(): void {
    this.watched?.stop()
    this.watched = null
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
    // What is recorded from here on is seen by this cycle or makes another.
    this.kicked = false
    this.workWaiting = false
    const c = this.configured()
    if (!c) {
      this.state = 'off'
      this.unwatch()
      await this.dropSession(0)
      return
    }
    const { journal } = c
    this.watch(journal)
    const session = await this.connect(c.settings, c.password, journal)
    const chainWanted = () => this.chainWanted && mono() - this.chainReadAt >= this.noticeGapMs
    // The counter's safety first: on a new connection (what changed while away), or when told.
    if (chainWanted()) await this.readChain(session)
    const mark = this.mark as FeedMark
    if (lastFeedSeq(journal) > mark.seq) this.state = 'syncing'
    const size = this.deps.batchSize ?? 500
    for (;;) {
      if (this.closing) return
      const batch = readFeed(journal, mark.seq, size)
      if (batch.events.length === 0) break
      await sendBatch(session, batch, this.deps.hooks?.beforeCommit)
      this.answered()
      mark.seq = batch.lastSeq
      mark.reachedAt = new Date(this.deps.now()).toISOString()
      saveFeedMark(journal, mark)
      await this.deps.hooks?.afterCommit?.(batch)
      // A catch-up of days never holds up news from the other counters...
      if (chainWanted()) await this.readChain(session)
      // ...nor a sale: the event loop is handed back between batches.
      await new Promise((r) => setImmediate(r))
    }
    if (lastZNumber(journal) > mark.z) {
      for (;;) {
        const zs = readZReports(journal, mark.z, 50)
        if (zs.length === 0) break
        await sendZReports(session, zs)
        this.answered()
        mark.z = (zs[zs.length - 1] as FeedZReport).number
        saveFeedMark(journal, mark)
      }
    }
    if (chainWanted() || this.chain.due(this.deps.chainEveryMs ?? 15_000)) await this.readChain(session)
    // Asked nothing for a while: whether it still answers (a frozen server or a cut cable answers nothing, and
    // refuses nothing either; only a question finds out). "Last reached" is when it last answered.
    if (mono() - this.lastAnswerAt >= this.aliveEveryMs) {
      await session.client.query('SELECT 1')
      this.answered()
    }
    this.state = lastFeedSeq(journal) > mark.seq ? 'syncing' : 'up-to-date'
  }

  private async readChain(session: Session): Promise<void> {
    this.chainWanted = false
    this.chainReadAt = mono()
    await this.chain.read(session)
    this.answered()
  }

  /** Connects (or reuses the connection) and checks who we are at the head office; sets this.mark. */
  private async connect(settings: HeadOfficeSettings, password: string, journal: Journal): Promise<Session> {
    const channels = channelsFor(this.deps.serviceAccount?.() ?? null)
    const key = sessionKey(settings, password, channels)
    if (this.session && this.session.key === key) return this.session
    await this.dropSession(0)
    const { session, mark } = await openSession({
      settings,
      password,
      journal,
      channels,
      key,
      connectTimeoutMs: this.deps.connectTimeoutMs?.() ?? 10_000,
      queryTimeoutMs: this.deps.queryTimeoutMs ?? 5000,
      log: this.log,
      now: this.deps.now,
      signal: this.stopping.signal,
      answered: () => this.serverAnswered(),
      // Dropped: the next cycle (at once) connects again or says why it cannot.
      ended: (client, error) => {
        if (this.session?.client !== client) return
        this.log.warn('head office connection lost', { reason: error?.message ?? 'closed' })
        this.session = null
        this.workWaiting = true
        this.wake?.()
      },
      notice: () => this.wantChain(),
    })
    this.mark = mark
    this.answered()
    this.session = session
    // What changed while this desk was away (no notice reached it): read before anything else.
    this.chainWanted = true
    this.chainReadAt = Number.NEGATIVE_INFINITY
    return session
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
