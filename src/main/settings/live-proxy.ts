import type { Logger } from '../log'
import {
  type ProxyAddress,
  type ProxyCredentials,
  parseProxyUrl,
  withoutCredentials,
} from '../reseller/address'
import type { SecretStore } from './secrets'
import type { SettingsStore } from './settings'

/** The live proxy's username and password (JSON) in the secret store, beside the password. */
export const PROXY_CREDENTIALS_SECRET = 'proxy-credentials'

/**
 * The live service's proxy: its address in settings, its username and password in the secret store beside
 * the live password — never in settings, so never in what the page, diagnostics or the log are given.
 */
export class LiveProxy {
  private credentials: ProxyCredentials | null = null

  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly log: Logger,
  ) {}

  /** The live proxy with its credentials, or null for none. */
  current(): ProxyAddress | null {
    const url = this.settings.get().live?.proxyUrl ?? null
    return url === null ? null : { url: withoutCredentials(url), credentials: this.credentials }
  }

  hasCredentials(): boolean {
    return (this.current()?.credentials ?? null) !== null
  }

  /**
   * A proxy as a call types it. When it gives no credentials and names the live proxy's own address, the kept
   * ones go with it: they go only to the proxy they were saved for, never to another address. With `forget`
   * (a manager removing them while keeping the address) they do not.
   */
  forTyped(text: string | null | undefined, forget = false): ProxyAddress | null {
    const typed = parseProxyUrl(text)
    if (forget) return typed
    const live = this.current()
    if (typed && typed.credentials === null && live !== null && typed.url === live.url) return live
    return typed
  }

  /**
   * At start: the credentials from the secret store, or from settings where an older version kept the whole
   * `http://user:pass@host` address — then they move to the secret store and settings keep the address only.
   */
  async load(): Promise<void> {
    const live = this.settings.get().live
    if (live === null || live.proxyUrl === null) {
      this.credentials = null
      return
    }
    let kept: ProxyAddress | null = null
    try {
      kept = parseProxyUrl(live.proxyUrl)
    } catch {
      kept = null
    }
    const address = kept?.url ?? withoutCredentials(live.proxyUrl)
    if (address !== live.proxyUrl) this.settings.update({ live: { ...live, proxyUrl: address } })
    if (kept?.credentials) {
      const saved = await this.save(kept.credentials)
      if (saved) this.log.info('the proxy credentials moved from settings to the secret store')
      return
    }
    const text = await this.secrets.get(PROXY_CREDENTIALS_SECRET).catch(() => null)
    const stored = text === null ? null : credentialsFrom(text)
    // Kept for another address (the address changed, and forgetting them could not be written): never sent.
    if (stored !== null && stored.address !== null && stored.address !== address) {
      this.log.warn('the kept proxy credentials belong to another proxy address; they are not used')
      await this.keep(null)
      return
    }
    this.credentials = stored === null ? null : { username: stored.username, password: stored.password }
  }

  /** Keeps (or, with null, forgets) the live proxy's credentials, in memory and in the secret store. */
  async keep(credentials: ProxyCredentials | null): Promise<void> {
    if (credentials !== null) {
      await this.save(credentials)
      return
    }
    this.credentials = null
    await this.secrets
      .delete(PROXY_CREDENTIALS_SECRET)
      .catch((error: unknown) => this.log.warn('the old proxy credentials could not be removed', { error }))
  }

  /** Keeps them with the address they are for (settings already hold it), so they never go to another. */
  private async save(credentials: ProxyCredentials): Promise<boolean> {
    this.credentials = credentials
    const address = this.settings.get().live?.proxyUrl ?? null
    const saved = await this.secrets
      .set(
        PROXY_CREDENTIALS_SECRET,
        JSON.stringify({ username: credentials.username, password: credentials.password, address }),
      )
      .catch(() => false)
    if (!saved)
      this.log.warn('the proxy credentials cannot be kept on this PC; they last until the app closes')
    return saved
  }
}

/**
 * The credentials as the secret store keeps them, with the proxy address they were saved for (null when an
 * earlier version kept them without it); null for anything else.
 */
function credentialsFrom(text: string): (ProxyCredentials & { address: string | null }) | null {
  try {
    const value = JSON.parse(text) as (Partial<ProxyCredentials> & { address?: unknown }) | null
    return typeof value?.username === 'string' && typeof value.password === 'string'
      ? {
          username: value.username,
          password: value.password,
          address: typeof value.address === 'string' ? withoutCredentials(value.address) : null,
        }
      : null
  } catch {
    return null
  }
}
