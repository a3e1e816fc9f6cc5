const WINDOW_MS = 60_000

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

/**
 * At most `limit` requests per reseller in any rolling 60 seconds of the service clock (0 = no limit).
 * Refused requests are not counted, so a client that waits Retry-After seconds gets through.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(private limit: number) {}

  setLimit(perMinute: number): void {
    this.limit = perMinute
  }

  perMinute(): number {
    return this.limit
  }

  clear(): void {
    this.hits.clear()
  }

  take(reseller: string, now: number): RateDecision {
    if (this.limit <= 0) return { ok: true }
    const recent = (this.hits.get(reseller) ?? []).filter((t) => t > now - WINDOW_MS)
    if (recent.length >= this.limit) {
      this.hits.set(reseller, recent)
      // The oldest counted request leaves the window first; only then is there room again.
      const freedAt = (recent[recent.length - this.limit] ?? now) + WINDOW_MS
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) }
    }
    recent.push(now)
    this.hits.set(reseller, recent)
    return { ok: true }
  }
}
