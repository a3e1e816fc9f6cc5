import type { Logger } from '../log'
import type { ServiceClock } from '../reseller/clock'
import { type ConnectionSettings, ServiceHttp } from '../reseller/http'
import { type Credentials, TokenManager } from '../reseller/token-manager'

/** One service (the training sandbox or the live one): its HTTP edge, token, clock and reachability. */
export class ServiceSession {
  readonly http: ServiceHttp
  readonly tokens: TokenManager
  online: boolean | null = null

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

  /** Whether there is an account to sign in with (a live password, the training sandbox's demo reseller). */
  hasCredentials(): boolean {
    return this.credentials() !== null
  }

  get baseUrl(): string {
    return this.http.settings.baseUrl
  }

  close(): Promise<void> {
    return this.http.close()
  }
}
