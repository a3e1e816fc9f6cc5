import { describe, expect, it } from 'vitest'
import { estimateRemaining, type LimitUse } from '../../src/main/desk/limits'

const use = (usedDirhams: number, openDirhams = 0): LimitUse => ({ usedDirhams, openDirhams })
const report = (remainingDirhams: number) => ({
  dailyMaxDirhams: 5_000_000,
  usedTodayDirhams: 5_000_000 - remainingDirhams,
  remainingDirhams,
  requestedDirhams: 100_000,
  at: '2026-11-26T10:00:00.000Z',
})

describe('the daily-limit estimate', () => {
  it('knows nothing until a limit is agreed or the service has refused once', () => {
    expect(estimateRemaining({ agreedDirhams: null, today: use(70_000), lastReport: null })).toEqual({
      basis: null,
      estimatedRemainingDirhams: null,
    })
  })

  it('starts from the agreed limit from the first sale, counting open outcomes as used', () => {
    expect(
      estimateRemaining({ agreedDirhams: 5_000_000, today: use(100_000, 30_000), lastReport: null }),
    ).toEqual({ basis: 'agreed', estimatedRemainingDirhams: 4_870_000 })
  })

  it('takes the service’s last refusal over the agreed limit, minus what was used after it', () => {
    expect(
      estimateRemaining({
        agreedDirhams: 9_000_000,
        today: use(4_000_000),
        lastReport: { report: report(954_500), useSince: use(5_000, 1_000) },
      }),
    ).toEqual({ basis: 'reported', estimatedRemainingDirhams: 948_500 })
  })

  it('never goes below nothing', () => {
    expect(estimateRemaining({ agreedDirhams: 50_000, today: use(60_000), lastReport: null })).toEqual({
      basis: 'agreed',
      estimatedRemainingDirhams: 0,
    })
    expect(
      estimateRemaining({
        agreedDirhams: null,
        today: use(0),
        lastReport: { report: report(0), useSince: use(5) },
      }).estimatedRemainingDirhams,
    ).toBe(0)
  })
})
