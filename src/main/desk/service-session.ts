import type { Logger } from '../log'
import type { ServiceClock } from '../reseller/clock'
import { type ConnectionSettings, ServiceHttp } from '../reseller/http'
import { type Credentials, TokenManager } from '../reseller/token-manager'

/** How often a desk that has lost the service asks whether it is back, while the status is looked at. */
export const PROBE_EVERY_MS = 15_000

/** One service (the training sandbox or the live one): its HTTP edge, token, clock and reachability. */
export class ServiceSession {
  readonly http: ServiceHttp
  readonly tokens: TokenManager
  online: boolean | null = null
  #probe: AbortController | null = null
  #lastProbeAt = Number.NEGATIVE_INFINITY

  constructor(
    connection: ConnectionSettings,
    private readonly credentials: () => Credentials | null,
    tokenLifetimeMs: () => number,
    readonly clock: ServiceClock,
    log: Logger,
  ) {
    this.http = new ServiceHttp(connection, clock, log.child('http'), (reachable) => {
      this.online = reachable
    })
    this.tokens = new TokenManager(this.http, credentials, clock, tokenLifetimeMs, log.child('token'))
  }

  /**
   * While the service is marked unreachable, asks it now and then whether it is back: otherwise one slow
   * answer left the status at "offline" until the clerk's next request, however long the service had been
   * answering again. The question is a GET of the denominations without a token: any answer (its 401 too)
   * proves the service is reached; it moves no money and asks for no token. Called with each status request
   * (the screens ask every few seconds), so a desk nobody looks at asks nothing.
   */
  probeIfOffline(): void {
    const now = performance.now()
    if (this.online !== false || this.#probe || now - this.#lastProbeAt < PROBE_EVERY_MS) return
    const probe = new AbortController()
    this.#probe = probe
    this.#lastProbeAt = now
    this.http
      .send({ method: 'GET', path: '/denominations', money: false, quiet: true, signal: probe.signal })
      .catch(() => undefined)
      .finally(() => {
        if (this.#probe === probe) this.#probe = null
      })
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
    this.#probe?.abort()
    return this.http.close()
  }
}
