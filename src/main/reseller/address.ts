import { AppError } from '../../shared/errors'

/**
 * The service's addresses as a person types them: the base URL (https, or http only on this machine), and a
 * proxy's address split from its credentials, so what settings, diagnostics and the log keep never holds a
 * password.
 */

export interface ProxyCredentials {
  username: string
  password: string
}

/** A proxy as typed (`http://user:pass@host:port`): its address without credentials, and the credentials. */
export interface ProxyAddress {
  url: string
  credentials: ProxyCredentials | null
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/** The service address: https, or http only on this machine (the training sandbox). No trailing slash. */
export function normalizeBaseUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new AppError('BAD_INPUT', 'baseUrl: not a web address (https://host/api/v1/reseller).', {
      field: 'baseUrl',
      reason: 'ADDRESS_NOT_VALID',
    })
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new AppError('BAD_INPUT', 'baseUrl: the service must be reached over https.', {
      field: 'baseUrl',
      reason: 'ADDRESS_NOT_HTTPS',
    })
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new AppError('BAD_INPUT', 'baseUrl: no credentials, query or fragment in the address.', {
      field: 'baseUrl',
      reason: 'ADDRESS_EXTRAS',
    })
  }
  return url.toString().replace(/\/+$/, '')
}

/** A proxy address as typed, split into the address (what settings keep) and its credentials (secrets). */
export function parseProxyUrl(text: string | null | undefined): ProxyAddress | null {
  if (text === null || text === undefined || text.trim() === '') return null
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new AppError('BAD_INPUT', 'proxyUrl: not a proxy address (http://host:port).', {
      field: 'proxyUrl',
      reason: 'PROXY_NOT_VALID',
    })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('BAD_INPUT', 'proxyUrl: the proxy must be an http:// or https:// address.', {
      field: 'proxyUrl',
      reason: 'PROXY_NOT_VALID',
    })
  }
  if (url.search || url.hash) {
    throw new AppError('BAD_INPUT', 'proxyUrl: no query or fragment in the proxy address.', {
      field: 'proxyUrl',
      reason: 'PROXY_NOT_VALID',
    })
  }
  let credentials: ProxyCredentials | null = null
  if (url.username || url.password) {
    try {
      credentials = {
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      }
    } catch {
      throw new AppError('BAD_INPUT', 'proxyUrl: the username or password is not properly escaped.')
    }
    url.username = ''
    url.password = ''
  }
  return { url: url.toString().replace(/\/+$/, ''), credentials }
}

/** An address with any `user:pass@` removed, for anything shown or written (settings, diagnostics). */
export function withoutCredentials(address: string): string {
  return address.replace(/^([A-Za-z][\w+.-]*:\/\/)[^/?#]*@/, '$1')
}
