import type { Logger } from '../log'
import { normalizeBaseUrl, type ProxyAddress, parseProxyUrl } from '../reseller/address'
import type { Credentials } from '../reseller/token-manager'
import { LiveProxy } from '../settings/live-proxy'
import type { SecretStore } from '../settings/secrets'
import type { SettingsStore } from '../settings/settings'

export const LIVE_PASSWORD_SECRET = 'live-password'

/**
 * The live service's account on this PC: address, username and proxy address in settings; the password and
 * the proxy's credentials in the secret store (read once at start, kept in main's memory, never sent to the
 * renderer).
 */
export class LiveAccount {
  readonly proxy: LiveProxy
  private password: string | null = null
  /** Whether the secret store kept the password (it may not, where there is no encryption). */
  passwordSaved = false

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly log: Logger,
  ) {
    this.proxy = new LiveProxy(settings, secrets, log.child('live'))
  }

  /** Reads the stored password and proxy credentials, if live is configured; a store that cannot be read
   * means none. */
  async load(): Promise<void> {
    if (!this.settings.get().live) return
    this.password = await this.secrets.get(LIVE_PASSWORD_SECRET).catch(() => null)
    this.passwordSaved = this.password !== null
    await this.proxy.load()
  }

  credentials(): Credentials | null {
    const live = this.settings.get().live
    return live && this.password !== null ? { username: live.username, password: this.password } : null
  }

  /** Keeps a configuration proven to work (a token was obtained with it). */
  async save(config: { baseUrl: string; username: string; proxy: ProxyAddress | null; password: string }) {
    this.settings.update({
      live: { baseUrl: config.baseUrl, username: config.username, proxyUrl: config.proxy?.url ?? null },
    })
    await this.proxy.keep(config.proxy?.credentials ?? null)
    this.password = config.password
    this.passwordSaved = await this.secrets
      .set(LIVE_PASSWORD_SECRET, config.password)
      .catch((error: unknown) => {
        this.log.warn('the password could not be saved', { error })
        return false
      })
  }

  /**
   * The stored password for a connection test, only when the test is of the very service, username and proxy
   * it is stored for: never sent to an address or proxy typed in.
   */
  passwordFor(target: {
    baseUrl: string
    username: string
    proxyUrl?: string | null | undefined
  }): string | null {
    const live = this.settings.get().live
    try {
      const same =
        live !== null &&
        target.username === live.username &&
        normalizeBaseUrl(target.baseUrl) === live.baseUrl &&
        (parseProxyUrl(target.proxyUrl)?.url ?? null) === live.proxyUrl
      return same ? this.password : null
    } catch {
      return null
    }
  }
}
