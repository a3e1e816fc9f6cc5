/**
 * The chain-wide figures the counter uses, read from the head office's views (row-level security lets a
 * terminal see only figures of the others) and kept in memory, so the counter's look-ups never wait on the
 * head office: other terminals' use of this desk's service account today, their daily-limit refusals, their
 * unresolved deposits, and when each was last heard from.
 */
import { businessDay } from '../../shared/day'
import {
  CHAIN_CLOCK_MARGIN_MS,
  type ChainUse,
  type OtherOpenDeposit,
  type SharedLimitReport,
} from '../../shared/head-office'
import { LIMIT_REPORTS_SCHEMA_VERSION, PRESENCE_SCHEMA_VERSION } from './handshake'
import type { Session } from './session'

export interface ChainReaderDeps {
  /** Service-corrected now (ms). */
  now: () => number
  /** The head office is set up and on, with a live journal: figures are used only then. */
  configured: () => boolean
  /** The figures were read before the service's last report here: the sync should read them again soon. */
  onStale: () => void
  /** How old figures may be and still be used at the counter. */
  chainFreshMs?: number
  /** After how long without word from another terminal it is named as silent beside the estimate. */
  silentAfterMs?: number
  /**
   * How often the desk says it is there (heard_from, a write at the head office): with every read on the
   * clock, not with every read a notice brings, which may come many times a second on a busy chain.
   */
  sayHeardEveryMs?: number
  reportedLimit?: (day: number) => { at: string; countedFrom: string } | null
  serviceAccount?: () => string | null
}

export interface ChainCache {
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

export class ChainReader {
  private cache: ChainCache | null = null
  /** How many times the figures were read: a later read began after an earlier one ended. */
  reads = 0
  /** When this desk last said it was there (the figures' clock). */
  private saidHeardAt = Number.NEGATIVE_INFINITY

  constructor(private readonly deps: ChainReaderDeps) {}

  private today(): number {
    return businessDay(this.deps.now())
  }

  /**
   * Whether the figures should be read now: never read, older than `everyMs`, of another day, or read before
   * the service's last report here (a new refusal changes what "since the report" means).
   */
  due(everyMs: number): boolean {
    const c = this.cache
    return !c || this.deps.now() - c.at >= everyMs || c.day !== this.today() || this.readBeforeReport(c)
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
  readBeforeReport(c: ChainCache): boolean {
    return c.since !== this.reportSince(c.day, this.sharedReport(c))
  }

  /** Reads the figures now (their time is when the read began). */
  async read(session: Session): Promise<void> {
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
      if (started - this.saidHeardAt >= (this.deps.sayHeardEveryMs ?? 15_000)) {
        await client.query('SELECT headoffice.heard_from()')
        this.saidHeardAt = started
      }
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
    this.reads++
    this.cache = {
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

  /** The figures, while they are recent enough to be used at the counter. */
  fresh(): ChainCache | null {
    const c = this.cache
    if (!c || !this.deps.configured()) return null
    if (this.deps.now() - c.at > (this.deps.chainFreshMs ?? 10 * 60_000)) return null
    return c
  }

  /**
   * Other terminals' use today of this desk's service account (deps.serviceAccount, the one the refusals are
   * read for too), from the last figures the head office gave (best effort: null when it was not reached
   * recently, the figures are of another day, or there is no live account).
   */
  otherTerminalsUse(day: number): ChainUse | null {
    const c = this.fresh()
    const serviceAccount = this.deps.serviceAccount?.() ?? null
    if (!c || c.day !== day || serviceAccount === null) return null
    const rows = c.use.filter((u) => u.serviceAccount === serviceAccount)
    // Figures read before the service's last report here count from an earlier instant (or the whole day),
    // use the report already holds: taking them off its `remaining` would give a "left" far below the one
    // the service has just said. Until they are read again (at once, below), none is known after the report.
    const stale = this.readBeforeReport(c)
    if (stale) this.deps.onStale()
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
    const c = this.fresh()
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
}
