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

/** One service (the training sandbox or the live one): its HTTP edge, token, clock and reachability. */
export class ServiceSession {
  readonly http: ServiceHttp
  readonly tokens: TokenManager
  /** Reached (true), not reached and checked (false), or not known: not asked yet, or being checked (null). */
  online: boolean | null = null
  #probe: AbortController | null = null
  #lastProbeAt = Number.NEGATIVE_INFINITY
  /** Answers the service has given, counted: a check that fails after one of them got through says nothing. */
  #answers = 0
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
        this.#answers++
        this.online = true
      } else this.#checkUnanswered()
    })
    this.tokens = new TokenManager(this.http, credentials, clock, tokenLifetimeMs, log.child('token'))
  }

  /**
   * A call went unanswered (a reset connection, a timeout, a refused connection). One dropped connection says
   * little — a relay's reset, a kept connection the server had just closed — and a clerk told "Service
   * offline" after it is usually told something untrue. So the service is asked at once, with the harmless
   * question of the probe below (no token, no money), and the desk says offline only when that goes
   * unanswered too, within CHECK_WAIT_MS. Meanwhile the status is "checking" (null): the failure is known,
   * the service's state is not. A desk already offline stays so; its periodic probe says when it is back.
   */
  #checkUnanswered(): void {
    if (this.#closed || this.online === false || this.#probe) return
    this.online = null
    const answersBefore = this.#answers
    this.#ask(CHECK_WAIT_MS).then(
      () => undefined,
      () => {
        if (!this.#closed && this.#answers === answersBefore) this.online = false
      },
    )
  }

  /**
   * The question whether the service is reached: a GET of the denominations without a token. Any answer (its
   * 401 too) proves the service is reached and marks it so (through the HTTP edge); it moves no money and asks
   * for no token. One at a time; `waitMs` bounds it beyond the connection's own timeouts.
   */
  #ask(waitMs?: number): Promise<unknown> {
    const probe = new AbortController()
    this.#probe = probe
    this.#lastProbeAt = performance.now()
    const timer = waitMs === undefined ? undefined : setTimeout(() => probe.abort(), waitMs)
    return this.http
      .send({ method: 'GET', path: '/denominations', money: false, quiet: true, signal: probe.signal })
      .finally(() => {
        clearTimeout(timer)
        if (this.#probe === probe) this.#probe = null
      })
  }

  /**
   * While the service is marked unreachable, asks it now and then whether it is back: otherwise the status
   * stayed at "offline" until the clerk's next request, however long the service had been answering again.
   * Its failure says nothing new. Called with each status request (the screens ask every few seconds), so a
   * desk nobody looks at asks nothing.
   */
  probeIfOffline(): void {
    if (this.online !== false || this.#probe || performance.now() - this.#lastProbeAt < PROBE_EVERY_MS) return
    this.#ask().catch(() => undefined)
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
    this.#probe?.abort()
    return this.http.close()
  }
}
