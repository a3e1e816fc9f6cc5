import type { Logger } from '../log'
import type { ServiceClock } from '../reseller/clock'
import { type ConnectionSettings, ServiceHttp } from '../reseller/http'
import { type Credentials, TokenManager } from '../reseller/token-manager'

/** How often a desk that has lost the service asks whether it is back, while the status is looked at. */
export const PROBE_EVERY_MS = 15_000

/**
 * How long the question after a failed call waits for the service before the desk says it is offline (the
 * connection's own timeouts end it sooner when they are shorter).
 */
export const CHECK_WAIT_MS = 5_000

/**
 * How long an online desk goes without an answer from the service before the status, looked at, asks whether
 * it is still there: a desk nobody sells from said "Online" however long the service had been down.
 */
export const QUIET_CHECK_AFTER_MS = 30_000

/** One service (the training sandbox or the live one): its HTTP edge, token, clock and reachability. */
export class ServiceSession {
  readonly http: ServiceHttp
  readonly tokens: TokenManager
  /** Reached (true), not reached and checked (false), or not known: not asked yet, or being checked (null). */
  online: boolean | null = null
  /** The question out, if any: a check after a failed call (bounded) or the offline desk's periodic probe. */
  #question: { abort: AbortController; check: boolean } | null = null
  #lastProbeAt = Number.NEGATIVE_INFINITY
  /** When the service last answered anything (performance.now()); the session's start before any answer. */
  #lastAnsweredAt = performance.now()
  /**
   * When the service last answered and when a call last went unanswered, as marks of one counter: which came
   * last decides what a check that goes unanswered means.
   */
  #marks = 0
  #lastAnswer = 0
  #lastFailure = 0
  #closed = false

  constructor(
    connection: ConnectionSettings,
    private readonly credentials: () => Credentials | null,
    tokenLifetimeMs: () => number,
    readonly clock: ServiceClock,
    log: Logger,
  ) {
    this.http = new ServiceHttp(connection, clock, log.child('http'), (reachable) => {
      if (reachable) {
        this.#lastAnswer = ++this.#marks
        this.#lastAnsweredAt = performance.now()
        this.online = true
      } else this.#unanswered()
    })
    this.tokens = new TokenManager(this.http, credentials, clock, tokenLifetimeMs, log.child('token'))
  }

  /**
   * A call went unanswered (a reset connection, a timeout, a refused connection). One dropped connection says
   * little — a relay's reset, a kept connection the server had just closed — and a clerk told "Service
   * offline" after it is usually told something untrue. So the service is asked at once, with the harmless
   * question of the probe below (no token, no money), and the desk says offline only when that goes
   * unanswered too, within CHECK_WAIT_MS, and no answer came after the last failed call. Meanwhile the status
   * is "checking" (null): the failure is known, the service's state is not. A desk already offline stays so;
   * its periodic probe says when it is back. A failure while a check is out waits for that check (it is asked
   * after the failure, or its own answer is news); a failure while the periodic probe is out (an offline desk
   * a call got through to since) replaces the probe, which has no bound of its own, by a bounded check.
   */
  #unanswered(): void {
    this.#lastFailure = ++this.#marks
    if (this.#closed || this.online === false) return
    this.online = null
    if (this.#question?.check) return
    this.#question?.abort.abort()
    this.#ask(CHECK_WAIT_MS).then(
      () => undefined,
      () => {
        if (!this.#closed && this.#lastFailure > this.#lastAnswer) this.online = false
      },
    )
  }

  /**
   * The question whether the service is reached: a GET of the denominations without a token. Any answer (its
   * 401 too) proves the service is reached and marks it so (through the HTTP edge); it moves no money and asks
   * for no token. One at a time; `waitMs` (a check) bounds it beyond the connection's own timeouts.
   */
  #ask(waitMs?: number): Promise<unknown> {
    const question = { abort: new AbortController(), check: waitMs !== undefined }
    this.#question = question
    this.#lastProbeAt = performance.now()
    const timer = waitMs === undefined ? undefined : setTimeout(() => question.abort.abort(), waitMs)
    return this.http
      .send({
        method: 'GET',
        path: '/denominations',
        money: false,
        quiet: true,
        signal: question.abort.signal,
      })
      .finally(() => {
        clearTimeout(timer)
        if (this.#question === question) this.#question = null
      })
  }

  /**
   * Asks the service, now and then, what the status alone cannot know. While it is marked unreachable: whether
   * it is back (otherwise the status stayed at "offline" until the clerk's next request, however long the
   * service had been answering again); that question's failure says nothing new. While it is marked reached
   * but nothing has answered for QUIET_CHECK_AFTER_MS: whether it is still there (otherwise "online" stayed,
   * however long the service had been down); that question unanswered, and nothing answered since, counts as
   * an unanswered call — "checking", then the bounded check above decides. Called with each status request
   * (the screens ask every few seconds), so a desk nobody looks at asks nothing.
   */
  probeIfDue(): void {
    if (this.#closed || this.#question) return
    const now = performance.now()
    if (this.online === false) {
      if (now - this.#lastProbeAt < PROBE_EVERY_MS) return
      this.#ask().catch(() => undefined)
    } else if (this.online === true) {
      if (now - Math.max(this.#lastAnsweredAt, this.#lastProbeAt) < QUIET_CHECK_AFTER_MS) return
      const asked = this.#marks
      this.#ask(CHECK_WAIT_MS).catch(() => {
        if (!this.#closed && this.#lastAnswer <= asked) this.#unanswered()
      })
    }
  }

  /** Whether there is an account to sign in with (a live password, the training sandbox's demo reseller). */
  hasCredentials(): boolean {
    return this.credentials() !== null
  }

  get baseUrl(): string {
    return this.http.settings.baseUrl
  }

  close(): Promise<void> {
    // A question of the desk's own is not waited for (a service that does not answer would hold the quit).
    this.#closed = true
    this.#question?.abort.abort()
    return this.http.close()
  }
}
