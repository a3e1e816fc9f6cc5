import type { ActiveFaultRule, FaultRule } from './faults'
import { normalizeServicePhone } from './phone'
import { denominationsSchema, type SandboxSeed } from './seed'
import type { SandboxState } from './state'
import type { Ledger, ResellerPatch } from './store'

/** What tests (and the app's training mode) may do to the service beyond the reseller interface. */
export interface SandboxControls {
  /** Every voucher and deposit held, and the POST /token requests received whatever their answer. */
  ledger(): Ledger
  /** Replaces the fault rules; throws on a malformed rule. */
  setFaults(rules: FaultRule[]): void
  clearFaults(): void
  /** The rules in force, with what remains of their `times`. */
  faults(): ActiveFaultRule[]
  /** The service clock becomes real time + offsetMs (token expiry, the day, the Date header). */
  setClockOffset(offsetMs: number): void
  /** The service's clock, epoch ms. */
  now(): number
  setUserStatus(phone: string, status: 'active' | 'inactive'): void
  upsertUser(user: { phone: string; first_name: string; status: string }): void
  updateReseller(username: string, patch: ResellerPatch): void
  /** 0 = no limit. */
  setRateLimit(perMinute: number): void
  /**
   * Replaces the denominations on offer, as the provider may at any time (values in LYD, ids unique); throws on
   * a malformed list. Back to the seed's at the next start or reset.
   */
  setDenominations(items: { id: number; name: string; value: number }[]): void
  /** Back to the state just after start: no tokens, vouchers, deposits or faults; seed users, resellers, rate. */
  reset(): void
}

function servicePhone(phone: string): string {
  const normalized = normalizeServicePhone(phone)
  if (!normalized) throw new Error(`Not a Libyan mobile number: ${phone}`)
  return normalized
}

export function createControls(state: SandboxState, seed: SandboxSeed): SandboxControls {
  return {
    ledger: () => state.store.ledger(state.tokenRequests),
    setFaults: (rules) => state.faults.set(rules),
    clearFaults: () => state.faults.clear(),
    faults: () => state.faults.list(),
    setClockOffset: (offsetMs) => {
      if (!Number.isFinite(offsetMs)) throw new Error(`Not a clock offset: ${offsetMs}`)
      state.clock.setOffset(Math.trunc(offsetMs))
    },
    now: () => state.clock.now(),
    setUserStatus: (phone, status) => state.store.setUserStatus(servicePhone(phone), status),
    upsertUser: (user) => {
      if (!user.first_name || !user.status) throw new Error('A user needs a first_name and a status')
      state.store.upsertUser({
        phone: servicePhone(user.phone),
        first_name: user.first_name,
        status: user.status,
      })
    },
    updateReseller: (username, patch) => state.store.updateReseller(username, patch),
    setRateLimit: (perMinute) => {
      if (!Number.isInteger(perMinute) || perMinute < 0) throw new Error(`Not a rate limit: ${perMinute}`)
      state.rateLimiter.setLimit(perMinute)
    },
    setDenominations: (items) => state.store.setDenominations(denominationsSchema.parse(items)),
    reset: () => {
      state.store.reset()
      state.faults.clear()
      state.clock.setOffset(0)
      state.rateLimiter.setLimit(seed.rate_limit_per_minute)
      state.rateLimiter.clear()
      state.tokenRequests = 0
    },
  }
}
