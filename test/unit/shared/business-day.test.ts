import { describe, expect, it } from 'vitest'
import { businessDay, isoDateInZone } from '../../../src/shared/day'

/**
 * The business day is asked for several times per money record, so its last answer is kept per minute and
 * time zone. These pin down that the kept answer is never the wrong date.
 */
describe('the business day of an instant', () => {
  it('turns at midnight in Tripoli (UTC+2), to the millisecond, whatever was asked just before', () => {
    const lastMs = Date.UTC(2026, 10, 26, 21, 59, 59, 999)
    expect(businessDay(lastMs - 30_000)).toBe(20261126)
    expect(businessDay(lastMs)).toBe(20261126)
    expect(businessDay(lastMs + 1)).toBe(20261127)
    expect(businessDay(lastMs)).toBe(20261126)
  })

  it('keeps each time zone apart when they are asked in turn for the same minute', () => {
    const at = Date.UTC(2026, 10, 26, 23, 10)
    expect(isoDateInZone(at, 'Africa/Tripoli')).toBe('2026-11-27')
    expect(isoDateInZone(at, 'America/New_York')).toBe('2026-11-26')
    expect(isoDateInZone(at, 'Africa/Tripoli')).toBe('2026-11-27')
    expect(isoDateInZone(at, 'Asia/Kolkata')).toBe('2026-11-27')
    expect(isoDateInZone(at, 'America/New_York')).toBe('2026-11-26')
  })

  it('is exact before 1980, when some zones were offset by seconds (Monrovia: −0:44:30 until 1972)', () => {
    // 00:44:29 and 00:44:31 UTC are one UTC minute, but either side of local midnight in Monrovia.
    expect(isoDateInZone(Date.UTC(1971, 5, 1, 0, 44, 29), 'Africa/Monrovia')).toBe('1971-05-31')
    expect(isoDateInZone(Date.UTC(1971, 5, 1, 0, 44, 31), 'Africa/Monrovia')).toBe('1971-06-01')
    expect(isoDateInZone(Date.UTC(1971, 5, 1, 0, 44, 29), 'Africa/Monrovia')).toBe('1971-05-31')
  })
})
