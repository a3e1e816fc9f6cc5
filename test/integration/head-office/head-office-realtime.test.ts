/**
 * The chain in real time, two desks on one account against a real PostgreSQL (docs/head-office.md, "In real
 * time"):
 * - what counter A records reaches counter B by push: A sends it at once, the head office tells B, B reads the
 *   figures again (both desks poll and read the figures only once a minute here: nothing else could bring it);
 * - after an outage the desk says "reconnecting", drops the old error the moment the server answers, and sends
 *   its backlog within seconds (tries every few seconds, never a minute);
 * - a frozen server (SIGSTOP: it answers nothing and refuses nothing) is named as not answering within
 *   seconds, holds up neither a sale nor the app's exit, and is caught up with after SIGCONT without loss or
 *   repeat, even frozen between a batch's rows and its COMMIT.
 * The figures are printed; the assertions are on the behaviour, with waits far longer than the figures.
 */
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FeedBatch } from '../../../src/main/journal/head-office-feed'
import type { Sandbox } from '../../../src/sandbox/index'
import { businessDay } from '../../../src/shared/day'
import { SALE, startTestDesk, type TestDesk } from '../../helpers/desk'
import {
  joinHeadOffice,
  startChain,
  statusWhen,
  type TestChain,
  type TestHeadOffice,
  waitSynced,
} from '../../helpers/head-office'
import { expectSameHistory } from '../../helpers/history'
import {
  customers,
  figures,
  limitRefusalKnownAtOther,
  openDepositKnownAtOther,
  realtimeSeed,
  until,
} from '../../helpers/realtime'

const TRIES = 20
const people = customers(2 * TRIES)

let chain: TestChain
let ho: TestHeadOffice
let sandbox: Sandbox

beforeAll(async () => {
  chain = await startChain({ seed: realtimeSeed(people.length) })
  ;({ ho, sandbox } = chain)
})

afterAll(async () => {
  await chain?.close()
})

/** Only a push can bring news within the tests' waits: the desks look by themselves once a minute. */
const NO_POLLING = { pollMs: 60_000, chainEveryMs: 60_000 }

async function sell(desk: TestDesk, vouchers: number): Promise<void> {
  for (let i = 0; i < vouchers; i++)
    await desk.call('generateVoucher', [SALE.five, SALE.thirty, SALE.hundred][i % 3])
}

describe('push: what counter A records is known at counter B at once', () => {
  let a: TestDesk
  let b: TestDesk

  beforeAll(async () => {
    // A's unresolved deposits stay so: its own retries in the background would be another counter's noise.
    a = await startTestDesk({ sandbox, deps: { headOfficeSync: NO_POLLING, recoverySchedule: [600_000] } })
    b = await startTestDesk({ sandbox, deps: { headOfficeSync: NO_POLLING } })
    await joinHeadOffice(a, ho, await ho.terminal('Counter A'))
    await joinHeadOffice(b, ho, await ho.terminal('Counter B'))
    await waitSynced(a)
    await waitSynced(b)
  })

  afterAll(async () => {
    sandbox.controls.setFaults([])
    await a?.close()
    await b?.close()
  })

  it("an unresolved deposit at A stops a deposit to that phone at B, long before B's own read", async () => {
    // The service takes each deposit and its answer is lost: at A it stays unresolved.
    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
    const samples: number[] = []
    for (const who of people.slice(0, TRIES)) samples.push(await openDepositKnownAtOther(a, b, who, 30_000))
    console.log(figures('Open deposit at A known at B', samples))
    const last = people[TRIES - 1] as { phone: string; name: string }
    // As the clerk at B sees it: the lookup names A's deposit, and main refuses one to that phone.
    expect((await b.call('lookupCustomer', { phone: last.phone })).openDepositElsewhere).toMatchObject({
      terminal: 'Counter A',
      amountDirhams: 1_000,
    })
    const refused = await b.rejection('deposit', {
      phone: last.phone,
      amountDirhams: 1_000,
      confirmedFirstName: last.name,
    })
    expect(refused).toMatchObject({ code: 'UNRESOLVED_DEPOSIT', details: { terminal: 'Counter A' } })
  }, 120_000)

  it("a daily-limit refusal at A reaches B's estimate, long before B's own read", async () => {
    sandbox.controls.setFaults([])
    const samples: number[] = []
    for (const who of people.slice(TRIES)) samples.push(await limitRefusalKnownAtOther(a, b, who, 30_000))
    console.log(figures("Daily-limit refusal at A in B's estimate", samples))
    const atA = (await a.call('getDailyLimit')).reported
    const atB = await b.call('getDailyLimit')
    expect(atB).toMatchObject({ basis: 'reported', reportedElsewhere: 'Counter A' })
    expect(atB.reported).toEqual(atA)
    expect(atB.day).toBe(businessDay(Date.now()))
  }, 120_000)
})

describe('back at once after an outage', () => {
  let desk: TestDesk
  /** Holds the first batch after the outage in its transaction: the server has answered, nothing is sent yet. */
  let hold: { reached: () => void; release: Promise<void> } | null = null

  beforeAll(async () => {
    desk = await startTestDesk({
      sandbox,
      deps: {
        // The app's own waits after failures (no test schedule).
        headOfficeSync: {
          hooks: {
            beforeCommit: async (_batch: FeedBatch) => {
              const h = hold
              if (!h) return
              hold = null
              h.reached()
              await h.release
            },
          },
        },
      },
    })
    await joinHeadOffice(desk, ho, await ho.terminal('Outage'))
    await waitSynced(desk)
  })

  afterAll(async () => {
    await desk?.close()
  })

  it('says reconnecting, drops the old error the moment the server answers, and sends the backlog at once', async () => {
    await ho.cluster.stop('fast')
    const down = await statusWhen(desk, (s) => s.state === 'reconnecting', 30_000)
    expect(down.error?.code).toBe('HEAD_OFFICE_UNAVAILABLE')
    // Selling goes on; the backlog grows.
    await sell(desk, 30)
    expect((await desk.call('getHeadOfficeStatus')).entriesBehind).toBe(30)
    let reached = () => {}
    const answered = new Promise<void>((resolve) => {
      reached = resolve
    })
    let release = () => {}
    hold = {
      reached,
      release: new Promise<void>((resolve) => {
        release = resolve
      }),
    }
    await ho.cluster.start()
    const back = performance.now()
    await answered
    const sending = (performance.now() - back) / 1000
    // The server answered: the error is gone at once, while the backlog is still on its way.
    const meanwhile = await desk.call('getHeadOfficeStatus')
    expect(meanwhile).toMatchObject({ state: 'syncing', error: null, entriesBehind: 30 })
    release()
    await waitSynced(desk, 60_000)
    const seconds = (performance.now() - back) / 1000
    console.log(
      `Backlog after the head office was back: sending after ${sending.toFixed(1)} s, all of it there after ${seconds.toFixed(1)} s`,
    )
    await ho.reconnect()
    await expectSameHistory(ho, desk, 'Outage')
  }, 120_000)
})

describe('a frozen head office (SIGSTOP: no answer, no refusal)', () => {
  let idle: TestDesk
  let busy: TestDesk
  let leaving: TestDesk
  let left = false
  let freezeOnBatch = 0
  let batches = 0
  let frozenAt = 0

  beforeAll(async () => {
    idle = await startTestDesk({ sandbox })
    // Connected and asking nothing when the server freezes: its goodbye on closing would never be answered.
    leaving = await startTestDesk({
      sandbox,
      deps: { headOfficeSync: { pollMs: 600_000, chainEveryMs: 600_000, aliveEveryMs: 600_000 } },
    })
    busy = await startTestDesk({
      sandbox,
      deps: {
        headOfficeSync: {
          batchSize: 50,
          hooks: {
            beforeCommit: (_batch: FeedBatch) => {
              // Frozen after the batch's rows were written, before its COMMIT.
              if (++batches === freezeOnBatch) {
                ho.cluster.freeze()
                frozenAt = performance.now()
              }
            },
          },
        },
      },
    })
    await joinHeadOffice(idle, ho, await ho.terminal('Idle while frozen'))
    await joinHeadOffice(leaving, ho, await ho.terminal('Leaving while frozen'))
    await waitSynced(idle)
    await waitSynced(leaving)
  })

  afterAll(async () => {
    ho.cluster.thaw()
    await idle?.close()
    await busy?.close()
    if (!left) await leaving?.close()
  })

  it('is named within seconds, holds up no sale nor the exit, and is caught up with after SIGCONT', async () => {
    const t = await ho.terminal('Frozen mid-batch')
    await joinHeadOffice(busy, ho, t, { enabled: false })
    await sell(busy, 60)
    freezeOnBatch = 2
    await joinHeadOffice(busy, ho, t)
    await until(() => frozenAt > 0, 30_000, 'the server frozen under the second batch')
    try {
      // A desk closing now, connected and idle (a goodbye to this server is never answered), does not wait.
      const closing = performance.now()
      const closed = await Promise.race([
        leaving.close().then(() => {
          left = true
          return true
        }),
        new Promise<boolean>((r) => setTimeout(r, 15_000, false)),
      ])
      expect(closed).toBe(true)
      const closeSeconds = (performance.now() - closing) / 1000
      // Sales go on, at once.
      await sell(busy, 5)
      // Named: the desk waiting on its COMMIT, and the one asking nothing (it asks whether the head office
      // still answers, every few seconds).
      const named = async (desk: TestDesk) => {
        await statusWhen(
          desk,
          (s) => s.state === 'reconnecting' && s.error?.details?.reason === 'HO_NO_ANSWER',
          30_000,
        )
        return (performance.now() - frozenAt) / 1000
      }
      const [busySeconds, idleSeconds] = await Promise.all([named(busy), named(idle)])
      await sell(idle, 5)
      console.log(
        `Frozen head office named "not answering" after ${busySeconds.toFixed(1)} s (a desk waiting on its COMMIT), ${idleSeconds.toFixed(1)} s (an idle desk); a desk closed in ${closeSeconds.toFixed(1)} s`,
      )
    } finally {
      ho.cluster.thaw()
    }
    // Back: everything arrives, once, in order, whether or not the frozen COMMIT went through.
    await waitSynced(busy, 60_000)
    await waitSynced(idle, 60_000)
    await ho.reconnect()
    expect(await expectSameHistory(ho, busy, 'Frozen mid-batch')).toBeGreaterThan(150)
    await expectSameHistory(ho, idle, 'Idle while frozen')
  }, 180_000)
})
