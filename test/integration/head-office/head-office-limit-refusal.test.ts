/**
 * The service's daily-limit refusals with several counters on one account and a head office:
 * - right after a refusal, the desk's "left" is the service's own `remaining`, not that figure less the other
 *   counters' use the service had already counted; the chain's figures are read again at once for the new
 *   report, not at their next 15-second read;
 * - a refusal at one counter reaches the others (head office schema 3), which estimate from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { CHAIN_CLOCK_MARGIN_MS } from '../../../src/shared/head-office'
import { AHMED, deskSeed, MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'
import {
  depositTo,
  joinHeadOffice,
  QUICK_SYNC,
  settle,
  startChain,
  type TestChain,
  type TestHeadOffice,
  waitSynced,
} from '../../helpers/head-office'

let chain: TestChain
let ho: TestHeadOffice
let sandbox: Sandbox
let a: TestDesk
let b: TestDesk
let c: TestDesk

/** B reads the chain's figures once a minute: only something other than the clock makes it read sooner. */
const SLOW_CHAIN = { ...QUICK_SYNC, chainEveryMs: 60_000 }

beforeAll(async () => {
  chain = await startChain({
    seed: deskSeed({
      resellers: [
        {
          username: 'demo',
          password: 'demo-pass',
          daily_max_amount: 3000,
          allowed_ips: ['127.0.0.1', '::1'],
        },
      ],
    }),
  })
  ;({ ho, sandbox } = chain)
  a = await startTestDesk({ sandbox, deps: { headOfficeSync: QUICK_SYNC } })
  b = await startTestDesk({ sandbox, deps: { headOfficeSync: SLOW_CHAIN } })
  c = await startTestDesk({ sandbox, deps: { headOfficeSync: QUICK_SYNC } })
  await joinHeadOffice(a, ho, await ho.terminal('Counter A'))
})

/**
 * The service's clock moved on past the clocks' margin (CHAIN_CLOCK_MARGIN_MS, 5 s) and two seconds more, as
 * 7 s of waiting did: each desk takes the service's time from the Date header of its next answer, so what it
 * journals from then on is that much later than everything before. A desk that kept its old time would
 * journal a refusal inside the margin and count the sales before it again: the figures below would differ.
 * Two seconds, not half of one: each desk reads the service's time from a header of whole seconds, so two desks'
 * times of one instant may differ by up to a second (ServiceClock); with half a second, a quick run (the sales
 * and the refusal within half a second) put the refusal's "since" on or before the other desk's sales about
 * half the time, and the test failed where the desk was right to count them.
 */
let clockAheadMs = 0
function pastTheClocksMargin(): void {
  clockAheadMs += CHAIN_CLOCK_MARGIN_MS + 2000
  sandbox.controls.setClockOffset(clockAheadMs)
}

afterAll(async () => {
  await a?.close()
  await b?.close()
  await c?.close()
  await chain?.close()
})

describe("a daily-limit refusal at one counter, with another counter's sales already counted", () => {
  it("says the service's own figure at once, and reads the chain's again for the new report", async () => {
    // A sells; B joins after, so B's one read of the chain counts A's whole day (no report yet at B).
    await depositTo(a, MOHAMED, 20_000)
    await a.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    await waitSynced(a)
    await joinHeadOffice(b, ho, await ho.terminal('Counter B'))
    await waitSynced(b)
    const before = await b.call('getDailyLimit')
    const aUsed = before.chain?.otherUsedDirhams ?? 0
    expect(aUsed).toBe(120_000)
    expect(before.chain?.otherUsedSinceReportDirhams).toBe(aUsed)
    // Every sale of A is more than the clocks' margin (5 s) before the report to come: none counts after it.
    // The service's clock moves on past it (B learns it from the lookup's answer, before it journals).
    pastTheClocksMargin()
    const reads = b.desk.headOffice.sync.chainReads

    const refused = await depositTo(b, AHMED, 5_000_000)
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'DAILY_LIMIT_EXCEEDED' } })
    const now = await b.call('getDailyLimit')
    const remaining = now.reported?.remainingDirhams
    expect(remaining).toBe(3_000_000 - aUsed)
    // The top bar's "Left ≈" and the panel's "remaining" say the same, whether or not B has read again yet.
    expect(now.basis).toBe('reported')
    expect(now.estimatedRemainingDirhams).toBe(remaining)
    expect(now.chain?.otherUsedDirhams).toBe(aUsed)

    // B reads the chain's figures again for the new report, long before its minute is up.
    const deadline = Date.now() + 10_000
    while (b.desk.headOffice.sync.chainReads === reads) {
      if (Date.now() > deadline) throw new Error('B did not read the chain figures again after the refusal')
      await new Promise((r) => setTimeout(r, 20))
    }
    const after = await b.call('getDailyLimit')
    // Counted from a little before the refused deposit was journaled (before its request left), not from the
    // answer, which may come late.
    const journaled = Date.parse((refused as { createdAt: string }).createdAt)
    expect(after.chain?.reportSince).toBe(new Date(journaled - 5000).toISOString())
    expect(after.chain?.otherUsedSinceReportDirhams).toBe(0)
    expect(after.estimatedRemainingDirhams).toBe(remaining)
  })

  it('reaches the other counters, which estimate from it and from what was used since', async () => {
    // B was refused in the test before; C has no refusal of its own and no agreed limit.
    const refusedAtB = (await b.call('getDailyLimit')).reported
    expect(refusedAtB).not.toBeNull()
    const entries = await b.call('listJournal', { limit: 10 })
    const refusedEntry = entries.entries.find((e) => e.status === 'failed')
    const events = (await b.call('getEntry', { entryId: refusedEntry?.id ?? '' })).events
    // The refused attempt's event keeps the service's figures: that is what travels to the head office.
    expect(events.find((e) => e.type === 'answered')?.detail).toEqual({
      code: 'DAILY_LIMIT_EXCEEDED',
      limit: {
        dailyMaxDirhams: refusedAtB?.dailyMaxDirhams,
        usedTodayDirhams: refusedAtB?.usedTodayDirhams,
        remainingDirhams: refusedAtB?.remainingDirhams,
        requestedDirhams: refusedAtB?.requestedDirhams,
      },
    })
    await joinHeadOffice(c, ho, await ho.terminal('Counter C'))
    await settle(b, c)
    const first = await c.call('getDailyLimit')
    expect(first.basis).toBe('reported')
    expect(first.reportedElsewhere).toBe('Counter B')
    expect(first.reported).toEqual(refusedAtB)
    const remaining = refusedAtB?.remainingDirhams ?? 0
    expect(first.estimatedRemainingDirhams).toBe(remaining)

    // C's own sale counts at once; A's once it has reached the head office and C has read it.
    await c.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    expect((await c.call('getDailyLimit')).estimatedRemainingDirhams).toBe(remaining - 100_000)
    await depositTo(a, MOHAMED, 20_000)
    await settle(a, c)
    expect((await c.call('getDailyLimit')).estimatedRemainingDirhams).toBe(remaining - 120_000)
    // Use within the clocks' margin (5 s) before a report is counted again after it, erring low: past it.
    pastTheClocksMargin()

    // A later refusal, at A: C estimates from that one, whose figures already hold every sale before it.
    const refusedAtA = await depositTo(a, AHMED, 5_000_000)
    expect(refusedAtA).toMatchObject({ status: 'failed', error: { code: 'DAILY_LIMIT_EXCEEDED' } })
    await settle(a, c)
    const later = await c.call('getDailyLimit')
    expect(later.reportedElsewhere).toBe('Counter A')
    expect(later.reported?.remainingDirhams).toBe(remaining - 120_000)
    expect(later.estimatedRemainingDirhams).toBe(remaining - 120_000)
    // The head office holds each refusal once, by the terminal it was said to.
    const seen = await ho.query<{ terminal: string }>(
      'SELECT terminal FROM headoffice.chain_limit_reports ORDER BY at',
    )
    expect(seen.map((r) => r.terminal)).toEqual(['Counter B', 'Counter A'])
  })
})
