/**
 * The power-cut soak, short (npm run soak:power-cut runs it at length): two rounds of every moment a cut
 * aims at (soak.ts says what holds after each). The disk is the lazy file system (lazy-fs.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { CUT_MOMENTS, describeSoak, runPowerCutSoak } from './soak'

const CUTS = 2 * CUT_MOMENTS.length

describe('a desk whose power is cut at random moments of its work', () => {
  it(`${CUTS} cuts: no receipt lost, nothing credited twice, every voucher issued or flagged, every file old or new, every database intact, back in live mode`, {
    timeout: 300_000,
  }, async () => {
    const result = await runPowerCutSoak({ cuts: CUTS })
    console.log(describeSoak(result))
    expect(result.violations).toEqual([])
    const f = result.figures
    expect(f.cuts).toBe(CUTS)
    expect(f.restartsInLive).toBe(CUTS)
    expect(f.startsInOtherMode).toBe(0)
    // The cuts took unsynced work away, and most landed in the action they aimed at (the rest just after it).
    expect(f.filesUndone).toBeGreaterThan(0)
    expect(f.namesUndone).toBeGreaterThan(0)
    expect(f.landedMidAction).toBeGreaterThan(CUTS / 2)
    // Money moved, and what a cut may leave open was left open at some of them.
    expect(f.credits).toBeGreaterThan(CUTS)
    expect(f.vouchersCreated).toBeGreaterThan(0)
    expect(f.pendingDepositsAtCut + f.pendingVouchersAtCut).toBeGreaterThan(0)
  })
})
