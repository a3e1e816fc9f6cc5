import { describe, expect, it } from 'vitest'
import { RECONNECT_MS, REFUSED_MS, retryDelay } from '../../../src/main/head-office/backoff'

describe('the head office sync after failures', () => {
  it('tries again within a few seconds however long the head office has been unreachable', () => {
    const waits = [1, 2, 3, 10, 100, 10_000].map((failures) =>
      retryDelay(RECONNECT_MS, failures, () => 0.999),
    )
    expect(waits.every((w) => w <= 5000)).toBe(true)
    // Soon after the first failure, then a little more patient.
    expect(retryDelay(RECONNECT_MS, 1, () => 0.5)).toBe(1000)
    expect(retryDelay(RECONNECT_MS, 50, () => 0.5)).toBe(4000)
  })

  it('spreads desks that lost the head office together, within a quarter either way', () => {
    const spread = [0, 0.25, 0.5, 0.75, 0.999].map((r) => retryDelay(RECONNECT_MS, 3, () => r))
    expect(new Set(spread).size).toBe(spread.length)
    expect(Math.min(...spread)).toBe(3000)
    expect(Math.max(...spread)).toBeLessThan(5000)
  })

  it('is patient with a head office that refuses these settings: a person must act, up to a minute', () => {
    expect(retryDelay(REFUSED_MS, 100, () => 0.5)).toBe(60_000)
  })
})
