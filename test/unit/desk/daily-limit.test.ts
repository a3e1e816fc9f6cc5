import { describe, expect, it } from 'vitest'
import { estimateRemaining, type LimitUse } from '../../../src/main/desk/limits'
import { refusalFiguresOf } from '../../../src/shared/limit-refusal'

const use = (usedDirhams: number, openDirhams = 0): LimitUse => ({ usedDirhams, openDirhams })
const report = (remainingDirhams: number) => ({
  dailyMaxDirhams: 5_000_000,
  usedTodayDirhams: 5_000_000 - remainingDirhams,
  remainingDirhams,
  requestedDirhams: 100_000,
  at: '2026-11-26T10:00:00.000Z',
})

describe('the daily-limit estimate', () => {
  it('knows nothing until a limit is agreed or the service has refused once, and still says what was used and is open', () => {
    expect(estimateRemaining({ agreedDirhams: null, today: use(70_000, 5_000), lastReport: null })).toEqual({
      basis: null,
      estimatedRemainingDirhams: null,
      figures: { limitDirhams: null, usedDirhams: 70_000, openDirhams: 5_000, leftDirhams: null },
    })
  })

  it('starts from the agreed limit from the first sale, counting open outcomes as open, never as used', () => {
    expect(
      estimateRemaining({ agreedDirhams: 5_000_000, today: use(100_000, 30_000), lastReport: null }),
    ).toEqual({
      basis: 'agreed',
      estimatedRemainingDirhams: 4_870_000,
      figures: { limitDirhams: 5_000_000, usedDirhams: 100_000, openDirhams: 30_000, leftDirhams: 4_870_000 },
    })
  })

  it('takes the service’s last refusal over the agreed limit: its used figure plus what moved since is used', () => {
    expect(
      estimateRemaining({
        agreedDirhams: 9_000_000,
        today: use(4_000_000),
        lastReport: { report: report(954_500), useSince: use(5_000, 1_000) },
      }),
    ).toEqual({
      basis: 'reported',
      estimatedRemainingDirhams: 948_500,
      figures: {
        limitDirhams: 5_000_000,
        usedDirhams: 4_045_500 + 5_000,
        openDirhams: 1_000,
        leftDirhams: 948_500,
      },
    })
  })

  it('gives used + open + left = the limit whatever the day held, while anything is left', () => {
    for (const [used, open, remaining, since] of [
      [0, 0, 300_000, 0],
      [220_000, 20_000, 60_000, 0],
      [100_000, 15_000, 200_000, 30_000],
      [4_999, 1, 5_000_000, 1],
    ] as const) {
      const agreed = estimateRemaining({ agreedDirhams: 300_000, today: use(used, open), lastReport: null })
      const f = agreed.figures
      expect(f.usedDirhams + f.openDirhams + (f.leftDirhams ?? Number.NaN)).toBe(f.limitDirhams)
      const reported = estimateRemaining({
        agreedDirhams: null,
        today: use(used, open),
        lastReport: { report: report(remaining), useSince: use(since, open) },
      }).figures
      expect(reported.usedDirhams + reported.openDirhams + (reported.leftDirhams ?? Number.NaN)).toBe(
        reported.limitDirhams,
      )
    }
  })

  it('never goes below nothing', () => {
    expect(estimateRemaining({ agreedDirhams: 50_000, today: use(60_000), lastReport: null })).toMatchObject({
      basis: 'agreed',
      estimatedRemainingDirhams: 0,
      figures: { leftDirhams: 0 },
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

describe("a daily-limit refusal's figures (shared/limit-refusal.ts, read by main and the renderer)", () => {
  const figures = {
    dailyMaxDirhams: 5_000_000,
    usedTodayDirhams: 4_990_500,
    remainingDirhams: 9_500,
    requestedDirhams: 10_000,
  }

  it('are the four figures of a DAILY_LIMIT_EXCEEDED error, whatever else its details hold', () => {
    expect(
      refusalFiguresOf({
        code: 'DAILY_LIMIT_EXCEEDED',
        details: { ...figures, outcome: 'rejected', httpStatus: 422 },
      }),
    ).toEqual(figures)
  })

  it('are none for a refusal without all four (the service gave its message only), or for another error', () => {
    const { requestedDirhams: _r, ...three } = figures
    expect(refusalFiguresOf({ code: 'DAILY_LIMIT_EXCEEDED', details: three })).toBeNull()
    expect(
      refusalFiguresOf({ code: 'DAILY_LIMIT_EXCEEDED', details: { ...figures, remainingDirhams: '9.5' } }),
    ).toBeNull()
    expect(refusalFiguresOf({ code: 'DAILY_LIMIT_EXCEEDED' })).toBeNull()
    expect(refusalFiguresOf({ code: 'VALIDATION', details: figures })).toBeNull()
    expect(refusalFiguresOf(null)).toBeNull()
  })
})
