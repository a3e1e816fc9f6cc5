import type { ServiceClock } from './clock'
import type { FaultBook } from './faults'
import type { RateLimiter } from './rate-limit'
import type { SandboxStore } from './store'

/** Where the reseller area lives on the server, as in production. */
export const RESELLER_BASE = '/api/v1/reseller'
export const CONTROL_BASE = '/__control'

/** Everything the routes share: the stored state plus what only lives in memory. */
export interface SandboxState {
  store: SandboxStore
  clock: ServiceClock
  faults: FaultBook
  rateLimiter: RateLimiter
  /** POST /token requests received since start (or the last reset), whatever the answer. */
  tokenRequests: number
  /** Waits used by fault rules; resolves early once the server is closing. */
  sleep(ms: number): Promise<void>
  closing: boolean
}

/** The path relative to the reseller base, or null for a request outside it. */
export function resellerPath(url: string): string | null {
  const path = url.split('?', 1)[0] ?? ''
  if (path === RESELLER_BASE) return '/'
  return path.startsWith(`${RESELLER_BASE}/`) ? path.slice(RESELLER_BASE.length) : null
}
