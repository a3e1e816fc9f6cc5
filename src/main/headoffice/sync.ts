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
import type pg from 'pg'
import { businessDay } from '../../shared/day'
import { AppError, type AppErrorData, toAppErrorData } from '../../shared/errors'
import {
  CHAIN_CLOCK_MARGIN_MS,
  type ChainUse,
  type HeadOfficeSettings,
  type HeadOfficeStatus,
  type HeadOfficeTest,
  type OtherOpenDeposit,
  REFUSED_REASONS,
  type SharedLimitReport,
} from '../../shared/head-office'
import {
  type FeedBatch,
  type FeedMark,
  type FeedZReport,
  feedBacklog,
  feedDeskId,
  feedEventDigest,
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
import { clientConfig, headOfficeError, newClient, tlsDecision } from './connection'

/** The schema this build writes to; a head office with an older one is asked to migrate. */
export const REQUIRED_SCHEMA_VERSION = 1

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

interface Session {
  client: pg.Client
  key: string
  instance: string
  terminal: string
  /**
   * The head office's schema: from 2 on, terminals say they are there (heard_from); from 3 on, the service's
   * daily-limit refusals at each terminal are read by the others (chain_limit_reports).
   */
  schemaVersion: number
}

/** The head office's schema from which terminals say when they were last heard from. */
const PRESENCE_SCHEMA_VERSION = 2
/** The head office's schema from which one terminal's daily-limit refusals are read by the others. */
const LIMIT_REPORTS_SCHEMA_VERSION = 3

interface ChainCache {
  at: number
  asOf: string
  day: number
  /**
   * The instant `usedSinceDirhams` counts from (the service's last limit report to this account, here or at
   * another terminal), or null.
   */
  since: string | null
  /** The day's latest daily-limit refusal at another terminal, by service account (schema 3). */
  reports: Map<string, SharedLimitReport>
  use: {
    terminal: string
    serviceAccount: string | null
    usedDirhams: number
    openDirhams: number
    usedSinceDirhams: number
  }[]
  openDeposits: {
    terminal: string
    entryId: string
    phone: string
    amountDirhams: number
    createdAt: string
  }[]
  /**
   * When each other terminal was last heard from (its last chain read there); null for the whole map when the
   * head office's schema is older than presence (nothing can be said), a terminal absent when never heard.
   */
  heard: Map<string, { at: string; ageMs: number }> | null
}

/** Refusals a person has to fix: retried slowly, and the screen says "stopped". */
class StopError extends AppError {}

const ENTRY_COLUMNS = `id text, kind text, mode text, created_at timestamptz, created_pc_at timestamptz, day integer,
  clerk text, clerk_id text, service_account text, amount_dirhams bigint, phone text, first_name text,
  denomination_id integer, denomination_value_dirhams bigint, external_transaction_id text, request_id text,
  digest text`
const ENTRY_NAMES = ENTRY_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

const EVENT_COLUMNS = `seq bigint, entry_id text, at timestamptz, type text, clerk text, http_status integer,
  detail jsonb, digest text`
const EVENT_NAMES = EVENT_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

const STATE_COLUMNS = `entry_id text, seq bigint, status text, amount_dirhams bigint, service_transaction_id text,
  serial_number text, code_last4 text, activation_date text, expiry_date text, error_code text, error_message text,
  attempts integer, needs_attention boolean, confirmed_by_duplicate boolean, resolution jsonb, updated_at timestamptz`
const STATE_NAMES = STATE_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

const Z_COLUMNS = `number integer, day integer, closed_at timestamptz, closed_by text, closed_by_id text,
  after_entry_id text, last_entry_id text, report jsonb, digest text`
const Z_NAMES = Z_COLUMNS.split(',').map((c) => c.trim().split(' ')[0])

function insertSql(table: string, columns: string, names: (string | undefined)[], key: string): string {
  const list = names.join(', ')
  return `INSERT INTO headoffice.${table} (terminal, ${list})
    SELECT $1, ${list} FROM json_to_recordset($2::json) AS r(${columns})
    ON CONFLICT (terminal, ${key}) DO NOTHING RETURNING ${key}`
}

const INSERT_ENTRIES = insertSql('entries', ENTRY_COLUMNS, ENTRY_NAMES, 'id')
const INSERT_EVENTS = insertSql('entry_events', EVENT_COLUMNS, EVENT_NAMES, 'seq')
const INSERT_Z = insertSql('z_reports', Z_COLUMNS, Z_NAMES, 'number')
// A state is the entry after event seq: the same key is the same state, so a second copy is simply skipped.
const INSERT_STATES = `INSERT INTO headoffice.entry_states (terminal, ${STATE_NAMES.join(', ')})
  SELECT $1, ${STATE_NAMES.join(', ')} FROM json_to_recordset($2::json) AS r(${STATE_COLUMNS})
  ON CONFLICT DO NOTHING`

function sessionKey(s: HeadOfficeSettings, password: string): string {
  return JSON.stringify([s.host, s.port, s.database, s.user, s.terminal, s.caFile, password.length, password])
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
  private chain: ChainCache | null = null
  private backlog = { entries: 0, events: 0, at: 0, key: '' }
  private lastReachedAt: string | null = null
  /** How many times the chain-wide figures were read: a later read began after an earlier one ended. */
  chainReads = 0
  /** One cycle at a time on the one connection (the loop, and a test or a Sync now). */
  private cycling: Promise<void> = Promise.resolve()
  private readonly log: Logger

  constructor(private readonly deps: HeadOfficeSyncDeps) {
    this.log = deps.log
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
      await this.sendBatch(session, batch)
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
        await this.sendZReports(session, zs)
        answered = true
        mark.z = (zs[zs.length - 1] as FeedZReport).number
        saveFeedMark(journal, mark)
      }
    }
    const every = this.deps.chainEveryMs ?? 15_000
    // A new refusal here changes what "since the report" means: the figures are read again at once.
    const chain = this.chain
    if (
      !chain ||
      this.deps.now() - chain.at >= every ||
      chain.day !== this.today() ||
      this.readBeforeReport(chain)
    ) {
      await this.readChain(session)
      answered = true
    }
    if (answered) this.lastReachedAt = new Date(this.deps.now()).toISOString()
    this.state = lastFeedSeq(journal) > mark.seq ? 'syncing' : 'up-to-date'
  }

  private today(): number {
    return businessDay(this.deps.now())
  }

  /**
   * The instant other terminals' use is counted from: the service's latest daily-limit report to this account
   * (here, or at another terminal as last read; the one answered last, as desk/limits.ts chooses), from when
   * its refused entry was journaled, less the clocks' margin; null when it reported none today.
   */
  private reportSince(day: number, elsewhere: SharedLimitReport | null): string | null {
    const here = this.deps.reportedLimit?.(day) ?? null
    const latest =
      here === null
        ? elsewhere
        : elsewhere === null || Date.parse(elsewhere.at) <= Date.parse(here.at)
          ? here
          : elsewhere
    return latest === null
      ? null
      : new Date(Date.parse(latest.countedFrom) - CHAIN_CLOCK_MARGIN_MS).toISOString()
  }

  /** The other terminals' last report to this desk's account in figures read on day. */
  private sharedReport(c: Pick<ChainCache, 'reports'>): SharedLimitReport | null {
    const account = this.deps.serviceAccount?.() ?? null
    return account === null ? null : (c.reports.get(account) ?? null)
  }

  /** The figures were read before the service's last report here: what they count "since" is since an older one. */
  private readBeforeReport(c: ChainCache): boolean {
    return c.since !== this.reportSince(c.day, this.sharedReport(c))
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
      const who = await checkTerminal(client, settings.terminal)
      const deskId = feedDeskId(journal)
      await client.query(
        'INSERT INTO headoffice.terminal_claims (terminal, desk_id) VALUES ($1, $2) ON CONFLICT (terminal) DO NOTHING',
        [who.terminal, deskId],
      )
      const claim = await client.query<{ desk_id: string }>(
        'SELECT desk_id FROM headoffice.terminal_claims WHERE terminal = $1',
        [who.terminal],
      )
      if (claim.rows[0]?.desk_id !== deskId) {
        throw new StopError(
          'HEAD_OFFICE_CONFLICT',
          `The terminal "${who.terminal}" already sends from another PC's journal. Each PC needs its own terminal (ask for a new one with create-terminal).`,
          { terminal: who.terminal, reason: 'HO_CLAIMED' },
        )
      }
      const remote = await client.query<{ seq: string; z: string }>(
        `SELECT (SELECT coalesce(max(seq), 0) FROM headoffice.entry_events WHERE terminal = $1) AS seq,
                (SELECT coalesce(max(number), 0) FROM headoffice.z_reports WHERE terminal = $1) AS z`,
        [who.terminal],
      )
      const remoteSeq = Number(remote.rows[0]?.seq ?? 0)
      const remoteZ = Number(remote.rows[0]?.z ?? 0)
      const localLast = lastFeedSeq(journal)
      if (remoteSeq > localLast || remoteZ > lastZNumber(journal)) {
        throw new StopError(
          'HEAD_OFFICE_CONFLICT',
          `The head office has more of "${who.terminal}" than this journal holds (event ${remoteSeq}, this journal ${localLast}): was the journal restored from an older backup? The sync is stopped so nothing is mixed up.`,
          { terminal: who.terminal, reason: 'HO_AHEAD', remoteSeq, localSeq: localLast },
        )
      }
      if (remoteSeq > 0) {
        // The last event the head office holds must be this journal's event of that number: otherwise the
        // journal was restored or replaced, and its new events would be mixed with another history.
        const held = await client.query<{ digest: string }>(
          'SELECT digest FROM headoffice.entry_events WHERE terminal = $1 AND seq = $2',
          [who.terminal, remoteSeq],
        )
        if (held.rows[0]?.digest !== feedEventDigest(journal, remoteSeq)) {
          throw new StopError(
            'HEAD_OFFICE_CONFLICT',
            `The head office holds a different history for "${who.terminal}" than this journal (event ${remoteSeq}): was the journal restored from an older backup, or copied? The sync is stopped so neither is lost.`,
            { terminal: who.terminal, reason: 'HO_DIFFERENT', seq: remoteSeq },
          )
        }
      }
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
        z: remoteZ,
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

  private async sendBatch(session: Session, batch: FeedBatch): Promise<void> {
    const { client, terminal } = session
    await inTransaction(client, async () => {
      if (batch.entries.length > 0) {
        const rows = batch.entries.map((e) => ({
          id: e.id,
          kind: e.kind,
          mode: e.mode,
          created_at: e.createdAt,
          created_pc_at: e.createdPcAt,
          day: e.day,
          clerk: e.clerk,
          clerk_id: e.clerkId,
          service_account: e.serviceAccount,
          amount_dirhams: e.amountDirhams,
          phone: e.phone,
          first_name: e.firstName,
          denomination_id: e.denominationId,
          denomination_value_dirhams: e.denominationValueDirhams,
          external_transaction_id: e.externalTransactionId,
          request_id: e.requestId,
          digest: e.digest,
        }))
        await this.insertOnce(client, terminal, INSERT_ENTRIES, rows, 'entries', 'id', batch.entries)
      }
      const rows = batch.events.map((e) => ({
        seq: e.seq,
        entry_id: e.entryId,
        at: e.at,
        type: e.type,
        clerk: e.clerk,
        http_status: e.httpStatus,
        detail: e.detail,
        digest: e.digest,
      }))
      await this.insertOnce(client, terminal, INSERT_EVENTS, rows, 'entry_events', 'seq', batch.events)
      const states = batch.events.flatMap((e) =>
        e.state
          ? [
              {
                entry_id: e.entryId,
                seq: e.seq,
                status: e.state.status,
                amount_dirhams: e.state.amountDirhams,
                service_transaction_id: e.state.serviceTransactionId,
                serial_number: e.state.serialNumber,
                code_last4: e.state.codeLast4,
                activation_date: e.state.activationDate,
                expiry_date: e.state.expiryDate,
                error_code: e.state.errorCode,
                error_message: e.state.errorMessage,
                attempts: e.state.attempts,
                needs_attention: e.state.needsAttention,
                confirmed_by_duplicate: e.state.confirmedByDuplicate,
                resolution: e.state.resolution,
                updated_at: e.state.updatedAt,
              },
            ]
          : [],
      )
      if (states.length > 0) await client.query(INSERT_STATES, [terminal, JSON.stringify(states)])
      await this.deps.hooks?.beforeCommit?.(batch)
    })
  }

  private async sendZReports(session: Session, zs: FeedZReport[]): Promise<void> {
    const { client, terminal } = session
    await inTransaction(client, async () => {
      const rows = zs.map((z) => ({
        number: z.number,
        day: z.day,
        closed_at: z.closedAt,
        closed_by: z.closedBy,
        closed_by_id: z.closedById,
        after_entry_id: z.afterEntryId,
        last_entry_id: z.lastEntryId,
        report: z.report,
        digest: z.digest,
      }))
      await this.insertOnce(client, terminal, INSERT_Z, rows, 'z_reports', 'number', zs)
    })
  }

  /**
   * Inserts rows the head office may already hold (the statement skips those and answers the keys it
   * inserted); the rows it already had must be the very rows sent: otherwise stop, never overwrite or drop.
   */
  private async insertOnce<K extends 'id' | 'seq' | 'number'>(
    client: pg.Client,
    terminal: string,
    insert: string,
    rows: unknown[],
    table: 'entries' | 'entry_events' | 'z_reports',
    key: K,
    sent: ({ [k in K]: string | number } & { digest: string })[],
  ): Promise<void> {
    const inserted = await client.query<{ [k in K]: string | number }>(insert, [
      terminal,
      JSON.stringify(rows),
    ])
    const keys = new Set(inserted.rows.map((r) => String(r[key])))
    const skipped = sent.map((r) => [String(r[key]), r.digest] as const).filter(([k]) => !keys.has(k))
    if (skipped.length === 0) return
    const cast = key === 'id' ? 'text' : key === 'seq' ? 'bigint' : 'integer'
    const had = await client.query<{ k: string; digest: string }>(
      `SELECT ${key}::text AS k, digest FROM headoffice.${table} WHERE terminal = $1 AND ${key} = ANY($2::${cast}[])`,
      [terminal, skipped.map(([k]) => k)],
    )
    const held = new Map(had.rows.map((r) => [r.k, r.digest]))
    const different = skipped.find(([k, d]) => held.get(k) !== d)
    if (different) {
      throw new StopError(
        'HEAD_OFFICE_CONFLICT',
        `The head office holds a different record ${different[0]} for "${terminal}" than this journal: was the journal restored from an older backup, or copied? The sync is stopped so neither is lost.`,
        { terminal, table, key: different[0], reason: 'HO_DIFFERENT' },
      )
    }
  }

  private async readChain(session: Session): Promise<void> {
    const { client, terminal } = session
    // The figures are as of when the read began.
    const started = this.deps.now()
    const day = this.today()
    // A head office migrated while this desk stayed connected: asked again until it has every feature.
    if (session.schemaVersion < LIMIT_REPORTS_SCHEMA_VERSION) {
      const v = await client.query<{ v: number | null }>(
        'SELECT max(version) AS v FROM headoffice.schema_migrations',
      )
      session.schemaVersion = v.rows[0]?.v ?? session.schemaVersion
    }
    // The day's latest refusal at each other terminal's account: the service's figures, shared.
    const reports = new Map<string, SharedLimitReport>()
    if (session.schemaVersion >= LIMIT_REPORTS_SCHEMA_VERSION) {
      // Today's only (the partial index by time is read from a day and a half back), and none dated ahead of
      // this desk's clock (a terminal's clock far off would hold the estimate there, hiding the good ones).
      const rows = await client.query<{
        terminal: string
        service_account: string | null
        at: Date
        counted_from: Date
        daily_max_dirhams: string
        used_today_dirhams: string
        remaining_dirhams: string
        requested_dirhams: string
      }>(
        `SELECT DISTINCT ON (service_account) terminal, service_account, at, counted_from, daily_max_dirhams,
           used_today_dirhams, remaining_dirhams, requested_dirhams
         FROM headoffice.chain_limit_reports
         WHERE day = $1 AND terminal <> $2 AND service_account IS NOT NULL AND at BETWEEN $3 AND $4
         ORDER BY service_account, at DESC`,
        [
          day,
          terminal,
          new Date(started - 36 * 3600_000).toISOString(),
          new Date(started + 60_000).toISOString(),
        ],
      )
      for (const r of rows.rows) {
        if (r.service_account === null) continue
        reports.set(r.service_account, {
          terminal: r.terminal,
          at: r.at.toISOString(),
          countedFrom: r.counted_from.toISOString(),
          dailyMaxDirhams: Number(r.daily_max_dirhams),
          usedTodayDirhams: Number(r.used_today_dirhams),
          remainingDirhams: Number(r.remaining_dirhams),
          requestedDirhams: Number(r.requested_dirhams),
        })
      }
    }
    // Each desk's clock is the service's as read from its answers, to about a second: other terminals' use is
    // counted from a little before the refused entry was journaled, a sale in that margin counted twice (low).
    // A sale journaled earlier whose request reached the service after it counted is missed (docs say so).
    const since = this.reportSince(day, this.sharedReport({ reports }))
    // The function also answers open_since_dirhams (schema 1): left unread, since what is still open counts
    // whatever its time (desk/limits.ts).
    const use = await client.query<{
      terminal: string
      service_account: string | null
      used_dirhams: string
      open_dirhams: string
      used_since_dirhams: string
    }>(
      `SELECT terminal, service_account, used_dirhams, open_dirhams, used_since_dirhams
       FROM headoffice.chain_use_since($1, $2) WHERE terminal <> $3`,
      [day, since, terminal],
    )
    const open = await client.query<{
      terminal: string
      entry_id: string
      phone: string
      amount_dirhams: string
      created_at: Date
    }>(
      `SELECT terminal, entry_id, phone, amount_dirhams, created_at FROM headoffice.chain_open_deposits
       WHERE terminal <> $1`,
      [terminal],
    )
    // Saying this desk is here, and reading when the others last said so: a counter whose use counts in the
    // estimate but that has gone silent is named, since what it sold since cannot have arrived. How long ago
    // is measured on the head office's clock, the one that wrote the times. (A desk in training sends
    // nothing and says nothing: after 2 minutes it is named too, though it sells no live money meanwhile.)
    let heard: ChainCache['heard'] = null
    if (session.schemaVersion >= PRESENCE_SCHEMA_VERSION) {
      await client.query('SELECT headoffice.heard_from()')
      // A terminal that never said it was there (a desk of an older version, or not since the migration)
      // cannot be told silent from quiet: it is left out. One that did is heard by its word or by a record.
      const rows = await client.query<{
        terminal: string
        last_heard_at: Date | null
        age_ms: number | null
        received_age_ms: number | null
      }>(
        `SELECT terminal, last_heard_at,
           (extract(epoch FROM clock_timestamp() - last_heard_at) * 1000)::float8 AS age_ms,
           (extract(epoch FROM clock_timestamp() - last_received_at) * 1000)::float8 AS received_age_ms
         FROM headoffice.chain_terminals WHERE terminal <> $1`,
        [terminal],
      )
      heard = new Map(
        rows.rows.flatMap((r) => {
          if (!r.last_heard_at || r.age_ms === null) return []
          const ageMs = Math.min(Number(r.age_ms), Number(r.received_age_ms ?? Number.POSITIVE_INFINITY))
          return [[r.terminal, { at: r.last_heard_at.toISOString(), ageMs }] as const]
        }),
      )
    }
    this.chainReads++
    this.chain = {
      at: started,
      asOf: new Date(started).toISOString(),
      day,
      use: use.rows.map((r) => ({
        terminal: r.terminal,
        serviceAccount: r.service_account,
        usedDirhams: Number(r.used_dirhams),
        openDirhams: Number(r.open_dirhams),
        usedSinceDirhams: Number(r.used_since_dirhams),
      })),
      since,
      reports,
      openDeposits: open.rows.map((r) => ({
        terminal: r.terminal,
        entryId: r.entry_id,
        phone: r.phone,
        amountDirhams: Number(r.amount_dirhams),
        createdAt: r.created_at.toISOString(),
      })),
      heard,
    }
  }

  // ------------------------------------------------------------------------------------------ what the desk reads

  private freshChain(): ChainCache | null {
    const c = this.chain
    if (!c || this.configured() === null) return null
    if (this.deps.now() - c.at > (this.deps.chainFreshMs ?? 10 * 60_000)) return null
    return c
  }

  /**
   * Other terminals' use today of this desk's service account (deps.serviceAccount, the one the refusals are
   * read for too), from the last figures the head office gave (best effort: null when it was not reached
   * recently, the figures are of another day, or there is no live account).
   */
  otherTerminalsUse(day: number): ChainUse | null {
    const c = this.freshChain()
    const serviceAccount = this.deps.serviceAccount?.() ?? null
    if (!c || c.day !== day || serviceAccount === null) return null
    const rows = c.use.filter((u) => u.serviceAccount === serviceAccount)
    // Figures read before the service's last report here count from an earlier instant (or the whole day),
    // use the report already holds: taking them off its `remaining` would give a "left" far below the one
    // the service has just said. Until they are read again (at once, below), none is known after the report.
    const stale = this.readBeforeReport(c)
    if (stale && this.failures === 0) this.wake?.()
    const report = c.reports.get(serviceAccount) ?? null
    return {
      otherUsedDirhams: rows.reduce((t, r) => t + r.usedDirhams, 0),
      otherOpenDirhams: rows.reduce((t, r) => t + r.openDirhams, 0),
      otherUsedSinceReportDirhams: stale ? 0 : rows.reduce((t, r) => t + r.usedSinceDirhams, 0),
      reportSince: stale ? this.reportSince(day, report) : c.since,
      report,
      terminals: rows.map((r) => ({
        terminal: r.terminal,
        usedDirhams: r.usedDirhams,
        openDirhams: r.openDirhams,
        heardAt: c.heard?.get(r.terminal)?.at ?? null,
      })),
      silent: c.heard === null ? [] : rows.flatMap((r) => this.silentSince(r.terminal, c)),
      asOf: c.asOf,
    }
  }

  /** A terminal not heard from (by its word or a record) for silentAfterMs by now, with when it last said so. */
  private silentSince(terminal: string, c: ChainCache): { terminal: string; heardAt: string }[] {
    const heard = c.heard?.get(terminal)
    if (!heard) return []
    const quiet = this.deps.silentAfterMs ?? 2 * 60_000
    // Its age when the figures were read, plus the time since (figures may be up to chainFreshMs old).
    return heard.ageMs + Math.max(0, this.deps.now() - c.at) <= quiet ? [] : [{ terminal, heardAt: heard.at }]
  }

  /** An unresolved deposit to this phone at another terminal, as last read from the head office. */
  otherOpenDepositTo(phone: string): OtherOpenDeposit | null {
    const c = this.freshChain()
    const d = c?.openDeposits.find((o) => o.phone === phone)
    return c && d
      ? {
          terminal: d.terminal,
          entryId: d.entryId,
          amountDirhams: d.amountDirhams,
          createdAt: d.createdAt,
          asOf: c.asOf,
        }
      : null
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
      chainFiguresAt: this.freshChain()?.asOf ?? null,
    }
  }
}

/** One PostgreSQL transaction: committed when `work` ends, rolled back whole when it throws. */
async function inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN')
  try {
    await work()
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}

/** Checks the schema and that this role is the terminal the desk is set up as; returns who we are. */
async function checkTerminal(
  client: pg.Client,
  terminal: string,
): Promise<{ terminal: string; instance: string; schemaVersion: number }> {
  let version = 0
  try {
    const v = await client.query<{ v: number | null }>(
      'SELECT max(version) AS v FROM headoffice.schema_migrations',
    )
    version = v.rows[0]?.v ?? 0
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01' && (error as { code?: string }).code !== '3F000')
      throw error
  }
  if (version < REQUIRED_SCHEMA_VERSION) {
    throw new StopError(
      'HEAD_OFFICE_UNAVAILABLE',
      `The head office database has no schema for this desk yet (version ${version}, needs ${REQUIRED_SCHEMA_VERSION}): run npm run headoffice -- migrate.`,
      { reason: 'HO_SCHEMA_OLD', schemaVersion: version },
    )
  }
  const who = await client.query<{ terminal: string | null; instance: string }>(
    'SELECT headoffice.my_terminal() AS terminal, (SELECT id::text FROM headoffice.instance) AS instance',
  )
  const mine = who.rows[0]?.terminal ?? null
  if (mine === null) {
    throw new StopError(
      'HEAD_OFFICE_UNAVAILABLE',
      'This role is not registered as a terminal at the head office.',
      {
        reason: 'HO_NOT_A_TERMINAL',
      },
    )
  }
  if (mine !== terminal) {
    throw new StopError(
      'HEAD_OFFICE_UNAVAILABLE',
      `This role belongs to the terminal "${mine}", not "${terminal}": correct the terminal name or the role.`,
      { reason: 'HO_WRONG_TERMINAL', registered: mine },
    )
  }
  return { terminal: mine, instance: who.rows[0]?.instance ?? '', schemaVersion: version }
}

/** Tries a connection as the desk would, without touching the journal: the Settings screen's Test. */
export async function testHeadOffice(
  settings: Omit<HeadOfficeSettings, 'enabled'>,
  password: string,
  connectTimeoutMs: number,
): Promise<HeadOfficeTest> {
  let client: pg.Client | null = null
  try {
    client = await newClient(clientConfig(settings, password, { connectTimeoutMs, queryTimeoutMs: 15_000 }))
    client.on('error', () => undefined)
    await client.connect()
    const who = await checkTerminal(client, settings.terminal)
    const info = await client.query<{ v: string; ssl: boolean | null }>(
      `SELECT current_setting('server_version') AS v,
              (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS ssl`,
    )
    return {
      ok: true,
      terminal: who.terminal,
      tls: info.rows[0]?.ssl === true,
      schemaVersion: who.schemaVersion,
      serverVersion: info.rows[0]?.v ?? '',
    }
  } catch (error) {
    return { ok: false, error: toAppErrorData(error instanceof AppError ? error : headOfficeError(error)) }
  } finally {
    await client?.end().catch(() => undefined)
  }
}
