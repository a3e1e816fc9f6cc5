import { AppError } from '../../shared/errors'
import type { Mode } from '../../shared/types'
import type { Logger } from '../log'
import { normalizeBaseUrl, type ProxyAddress } from '../reseller/address'
import { ServiceClock } from '../reseller/clock'
import { type ConnectionSettings, USER_AGENT } from '../reseller/http'
import type { Credentials } from '../reseller/token-manager'
import type { SettingsStore, StoredSettings } from '../settings/settings'
import { refreshCatalog } from './catalog'
import type { LiveAccount } from './live-account'
import type { ModeRegistry } from './modes'
import { ServiceSession } from './service-session'
import type { TrainingLifecycle } from './training-lifecycle'
import type { Workspace } from './workspace'

export interface SessionFactoryDeps {
  settings: SettingsStore
  /** The live account's address, proxy and password (settings and the secret store). */
  live: LiveAccount
  training: TrainingLifecycle
  /** The workspaces whose sessions a new configuration replaces. */
  modes: ModeRegistry
  pcNow: () => number
  log: Logger
  /** The app's version, named in every service call's User-Agent ('' when the host does not say). */
  appVersion?: string
}

/** Where a mode's service is: its address and the proxy to reach it through. */
export interface ServiceAddress {
  baseUrl: string
  proxy: ProxyAddress | null
}

/**
 * The service sessions of the desk, made from the settings (address, proxy, timeouts, token lifetime) and the
 * secrets (the live password, the proxy's credentials; the training sandbox's demo reseller): a mode's session,
 * a probe of a typed configuration, the live one taking over from a probe, and new HTTP edges when the
 * timeouts or the proxy change.
 */
export class SessionFactory {
  constructor(private readonly deps: SessionFactoryDeps) {}

  /** Where a mode's service is: the training sandbox (started first), or the live service configured. */
  async addressOf(mode: Mode): Promise<ServiceAddress> {
    if (mode === 'training') return { baseUrl: (await this.deps.training.ensure()).baseUrl, proxy: null }
    const live = this.deps.settings.get().live
    if (!live) throw new AppError('NOT_CONFIGURED', 'The live service is not configured on this PC.')
    return { baseUrl: live.baseUrl, proxy: this.deps.live.proxy.current() }
  }

  /** A new session with a mode's service, with a clock of its own. */
  forMode(mode: Mode, address: ServiceAddress): ServiceSession {
    return this.session(
      address.baseUrl,
      address.proxy,
      this.credentialsFor(mode),
      new ServiceClock(this.deps.pcNow),
      mode,
    )
  }

  /** A session with a service that touches no workspace: proof that an address and credentials work. */
  async probe(
    baseUrl: string,
    credentials: Credentials,
    proxy: ProxyAddress | null,
  ): Promise<ServiceSession> {
    const session = this.session(
      normalizeBaseUrl(baseUrl),
      proxy,
      () => credentials,
      new ServiceClock(this.deps.pcNow),
      'live',
    )
    try {
      await session.tokens.getToken()
      return session
    } catch (error) {
      await session.close()
      throw error
    }
  }

  /** The live service now answers with a new configuration: its session (proven by a probe) takes over. */
  adoptLive(session: ServiceSession): void {
    const existing = this.deps.modes.get('live')
    if (!existing) {
      this.deps.modes.add('live', session)
      return
    }
    const old = existing.session
    existing.session = session
    existing.lookups.clear()
    void old.close()
    // Possibly another service now: its list of denominations, not the one kept from before.
    void refreshCatalog(existing, this.accountOf(existing)).catch((error: unknown) =>
      this.deps.log.warn('denominations not refreshed', { error }),
    )
  }

  /** Timeouts or proxy changed: new HTTP edges for the open services (their clocks are kept). */
  rebuildAll(): void {
    for (const ws of this.deps.modes.values()) {
      const old = ws.session
      const { proxyUrl, proxyCredentials } = old.http.settings
      ws.session = this.session(
        old.baseUrl,
        proxyUrl === null ? null : { url: proxyUrl, credentials: proxyCredentials ?? null },
        this.credentialsFor(ws.mode),
        old.clock,
        ws.mode,
      )
      void old.close()
    }
  }

  /** Which service account a workspace sends to: the address and the username (the training sandbox's
   * address changes with every start, so training is named as such). */
  accountOf(ws: Workspace, settings: StoredSettings = this.deps.settings.get()): string {
    if (ws.mode === 'training') return `training|${this.deps.training.current()?.credentials.username ?? ''}`
    return `${ws.session.baseUrl}|${settings.live?.username ?? ''}`
  }

  private credentialsFor(mode: Mode): () => Credentials | null {
    return mode === 'training'
      ? () => this.deps.training.current()?.credentials ?? null
      : () => this.deps.live.credentials()
  }

  private session(
    baseUrl: string,
    proxy: ProxyAddress | null,
    credentials: () => Credentials | null,
    clock: ServiceClock,
    logName: Mode,
  ): ServiceSession {
    const s = this.deps.settings.get()
    const connection: ConnectionSettings = {
      baseUrl,
      proxyUrl: proxy?.url ?? null,
      proxyCredentials: proxy?.credentials ?? null,
      connectTimeoutMs: s.connectTimeoutMs,
      answerTimeoutMs: s.answerTimeoutMs,
      // `ResellerDesk/0.1.0`: the app and its version, as the host tells it.
      ...(this.deps.appVersion ? { userAgent: `${USER_AGENT}/${this.deps.appVersion}` } : {}),
    }
    return new ServiceSession(
      connection,
      credentials,
      () => this.deps.settings.get().tokenLifetimeHours * 3600_000,
      clock,
      this.deps.log.child(logName),
    )
  }
}
