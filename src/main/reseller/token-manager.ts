import { AppError } from '../../shared/errors'
import type { Logger } from '../log'
import { type IssuedToken, requestToken } from './client'
import type { ServiceClock } from './clock'
import type { ServiceHttp } from './http'
import { requestFate, ServiceError } from './outcomes'

/** The service refuses more than one calendar month; 28 days is always within it. */
export const MAX_TOKEN_LIFETIME_MS = 28 * 24 * 3600_000

export interface Credentials {
  username: string
  password: string
}

interface HeldToken {
  token: string
  /** When we stop using it, in service time: the earlier of what we asked for and what the service says. */
  expiresAtMs: number
  lifetimeMs: number
}

/**
 * Holds the bearer token, in the main process only. Requests expires_at from the service's clock (the Date
 * header), refreshes ahead of expiry, lets one refresh run however many callers wait for it, and on a 401
 * refreshes once — only if the failing token is still the current one — then retries the call once.
 */
export class TokenManager {
  private held: HeldToken | null = null
  private refreshing: Promise<HeldToken> | null = null
  private requests = 0

  constructor(
    private readonly http: ServiceHttp,
    private readonly credentials: () => Credentials | null,
    private readonly clock: ServiceClock,
    private readonly lifetimeMs: () => number,
    private readonly log: Logger,
  ) {}

  /** POST /token calls made: for the benchmark's "token requests per 1000 operations". */
  get tokenRequests(): number {
    return this.requests
  }

  get expiresAt(): string | null {
    return this.held ? new Date(this.held.expiresAtMs).toISOString() : null
  }

  private needsRefresh(held: HeldToken | null): boolean {
    if (!held) return true
    const margin = Math.max(60_000, 0.2 * held.lifetimeMs)
    return held.expiresAtMs - this.clock.now() < margin
  }

  /**
   * The token held now if it needs no refresh, without waiting: a money call that has one in hand can mark
   * its request as leaving in the same commit as its intent, since nothing then stands before the POST.
   */
  ready(): string | null {
    return this.held && !this.needsRefresh(this.held) ? this.held.token : null
  }

  async getToken(): Promise<string> {
    if (!this.needsRefresh(this.held) && this.held) return this.held.token
    return (await this.refresh()).token
  }

  /** Single flight: concurrent callers share one POST /token. */
  private refresh(): Promise<HeldToken> {
    if (!this.refreshing) {
      this.refreshing = this.obtain()
        .then((held) => {
          this.held = held
          return held
        })
        .finally(() => {
          this.refreshing = null
        })
    }
    return this.refreshing
  }

  private async obtain(): Promise<HeldToken> {
    const credentials = this.credentials()
    if (!credentials) throw new AppError('NOT_CONFIGURED', 'No service credentials are configured.')
    const lifetimeMs = Math.min(Math.max(this.lifetimeMs(), 60_000), MAX_TOKEN_LIFETIME_MS)
    if (this.clock.offsetMs === null) await this.learnServiceTime()
    try {
      return await this.ask(credentials, lifetimeMs)
    } catch (error) {
      // The expiry refused by the service's clock (in the past, or over a month ahead): a clock moved since it
      // was learned (the PC's set right by Windows, say). That refusal's Date header has just taught the
      // clock; a token request moves no money, so it is asked once more with the service's time.
      if (!expiryRefused(error)) throw error
      this.log.warn('the token expiry was refused by the service clock; asking again with its time', {
        offsetMs: this.clock.offsetMs,
      })
      return this.ask(credentials, lifetimeMs)
    }
  }

  /**
   * expires_at must be the service's time plus the lifetime, and the PC clock may be days off. Any answer
   * carries the service's Date header, so before the first token one unauthenticated request (answered 401)
   * teaches the clock.
   */
  private async learnServiceTime(): Promise<void> {
    try {
      await this.http.send({ method: 'GET', path: '/denominations', money: false })
    } catch (error) {
      if (requestFate(error).fate === 'not-sent') throw error
      this.log.warn('the service time could not be learned; using the PC clock', { error })
    }
  }

  private async ask(credentials: Credentials, lifetimeMs: number): Promise<HeldToken> {
    const wanted = this.clock.now() + lifetimeMs
    this.requests++
    const issued: IssuedToken = await requestToken(
      this.http,
      credentials,
      new Date(wanted).toISOString(),
      () => this.clock.now(),
    )
    const expiresAtMs = Math.min(wanted, issued.expiresAtMs ?? wanted)
    this.log.info('token obtained', { expiresAt: new Date(expiresAtMs).toISOString() })
    return { token: issued.token, expiresAtMs, lifetimeMs: Math.max(60_000, expiresAtMs - this.clock.now()) }
  }

  /**
   * Runs a call with the current token, or with `inHand` (what ready() gave just before): that token is used
   * as given, never checked or replaced by a refresh first — the caller has journaled its POST as leaving with
   * it (a deposit's intent), so no token request may come between. A 401 means the token was refused and
   * nothing was done, so after one refresh the call is safely repeated once; a second 401 is final. A 403
   * never refreshes.
   */
  async withToken<T>(call: (token: string) => Promise<T>, inHand?: string): Promise<T> {
    const token = inHand ?? (await this.getToken())
    try {
      return await call(token)
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'INVALID_CREDENTIALS') throw error
      if (this.held?.token === token) {
        this.held = null
      }
      const fresh = await this.getToken()
      return await call(fresh)
    }
  }
}

/** A POST /token refused (422) for its expires_at alone. */
function expiryRefused(error: unknown): boolean {
  if (!(error instanceof ServiceError) || error.code !== 'VALIDATION') return false
  const fields = (error.details as { fields?: Record<string, unknown> } | undefined)?.fields
  return fields !== undefined && Object.keys(fields).length === 1 && 'expires_at' in fields
}
