/**
 * The chain in real time, with the app's own head office settings (journal polled every 2 s besides what it
 * records, figures read every 15 s besides the head office's notices, back-off and timeouts as shipped), two
 * desks on one account against a throwaway PostgreSQL on 127.0.0.1 (fsync on, as a real head office):
 * - push: how long after counter A asks for a deposit whose answer is lost (it stays unresolved), or one the
 *   service refuses for the daily limit, counter B knows it — 20 tries each, on a quiet chain (a try every
 *   2 s) and back to back;
 * - back at once: how long after PostgreSQL is back the desk's backlog is all there, after outages of
 *   5, 20 and 45 s (the back-off used to grow to a minute);
 * - frozen: how long after SIGSTOP (no answer, no refusal) the desk says the head office is not answering:
 *   an idle desk (5 tries) and one waiting on a batch's COMMIT.
 */
import { performance } from 'node:perf_hooks'
import type { FeedBatch } from '../src/main/journal/head-office-feed'
import { type Sandbox, startSandbox } from '../src/sandbox/index'
import type { HeadOfficeStatus } from '../src/shared/head-office'
import { startTestDesk, type TestDesk } from '../test/helpers/desk'
import { joinHeadOffice, startHeadOffice, type TestHeadOffice, waitSynced } from '../test/helpers/head-office'
import {
  customers,
  figures,
  limitRefusalKnownAtOther,
  openDepositKnownAtOther,
  percentile,
  realtimeSeed,
  until,
} from '../test/helpers/realtime'

const TRIES = 20
const people = customers(4 * TRIES)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function statusWhen(desk: TestDesk, done: (s: HeadOfficeStatus) => boolean): Promise<void> {
  const deadline = performance.now() + 120_000
  while (!done(await desk.call('getHeadOfficeStatus'))) {
    if (performance.now() > deadline) throw new Error('the status did not come')
    await sleep(10)
  }
}

const notAnswering = (s: HeadOfficeStatus) =>
  s.state === 'reconnecting' && s.error?.details?.reason === 'HO_NO_ANSWER'

async function push(sandbox: Sandbox, ho: TestHeadOffice): Promise<void> {
  const a = await startTestDesk({ sandbox, deps: { recoverySchedule: [600_000] } })
  const b = await startTestDesk({ sandbox })
  try {
    await joinHeadOffice(a, ho, await ho.terminal('Counter A'))
    await joinHeadOffice(b, ho, await ho.terminal('Counter B'))
    await waitSynced(a)
    await waitSynced(b)
    let next = 0
    const who = () => people[next++] as { phone: string; name: string }
    for (const pace of ['quiet', 'busy'] as const) {
      sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
      const open: number[] = []
      for (let i = 0; i < TRIES; i++) {
        if (pace === 'quiet') await sleep(2000)
        open.push(await openDepositKnownAtOther(a, b, who(), 60_000))
      }
      sandbox.controls.setFaults([])
      const limit: number[] = []
      for (let i = 0; i < TRIES; i++) {
        if (pace === 'quiet') await sleep(2000)
        limit.push(await limitRefusalKnownAtOther(a, b, who(), 60_000))
      }
      const how = pace === 'quiet' ? 'a try every 2 s' : 'back to back'
      console.log(figures(`  open deposit at A known at B (${how})`, open))
      console.log(figures(`  daily-limit refusal at A in B's estimate (${how})`, limit))
    }
  } finally {
    sandbox.controls.setFaults([])
    await a.close()
    await b.close()
  }
}

async function backAtOnce(sandbox: Sandbox, ho: TestHeadOffice): Promise<void> {
  const desk = await startTestDesk({ sandbox })
  try {
    await joinHeadOffice(desk, ho, await ho.terminal('Outage'))
    await waitSynced(desk)
    for (const outage of [5, 20, 45]) {
      await ho.cluster.stop('fast')
      for (let i = 0; i < 20; i++)
        await desk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
      await sleep(outage * 1000)
      await ho.cluster.start()
      const back = performance.now()
      await waitSynced(desk, 120_000)
      console.log(
        `  after ${outage} s down: backlog (20 sales) all at the head office ${((performance.now() - back) / 1000).toFixed(1)} s after it was back`,
      )
      await ho.reconnect()
    }
  } finally {
    await desk.close()
  }
}

async function frozen(sandbox: Sandbox, ho: TestHeadOffice): Promise<void> {
  let freezeOnBatch = 0
  let batches = 0
  let frozenAt = 0
  const idle = await startTestDesk({ sandbox })
  const busy = await startTestDesk({
    sandbox,
    deps: {
      headOfficeSync: {
        batchSize: 50,
        hooks: {
          beforeCommit: (_batch: FeedBatch) => {
            if (++batches === freezeOnBatch) {
              ho.cluster.freeze()
              frozenAt = performance.now()
            }
          },
        },
      },
    },
  })
  try {
    await joinHeadOffice(idle, ho, await ho.terminal('Idle'))
    await waitSynced(idle)
    const samples: number[] = []
    for (let i = 0; i < 5; i++) {
      // Frozen at any moment of the desk's 3 s between questions.
      await sleep(1000 + Math.random() * 3000)
      ho.cluster.freeze()
      const at = performance.now()
      try {
        await statusWhen(idle, notAnswering)
        samples.push(performance.now() - at)
      } finally {
        ho.cluster.thaw()
      }
      await waitSynced(idle, 120_000)
    }
    console.log(
      `  an idle desk: median ${(percentile(samples, 50) / 1000).toFixed(1)} s, max ${(Math.max(...samples) / 1000).toFixed(1)} s (${samples.length} tries)`,
    )
    const t = await ho.terminal('Busy')
    await joinHeadOffice(busy, ho, t, { enabled: false })
    for (let i = 0; i < 60; i++)
      await busy.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    freezeOnBatch = 2
    await joinHeadOffice(busy, ho, t)
    await until(() => frozenAt > 0, 60_000, 'frozen under a batch')
    try {
      await statusWhen(busy, notAnswering)
      console.log(
        `  a desk waiting on a batch's COMMIT: ${((performance.now() - frozenAt) / 1000).toFixed(1)} s`,
      )
    } finally {
      ho.cluster.thaw()
    }
    await waitSynced(busy, 120_000)
  } finally {
    ho.cluster.thaw()
    await idle.close()
    await busy.close()
  }
}

async function main(): Promise<void> {
  const ho = await startHeadOffice({ durable: true })
  const sandbox = await startSandbox({ seed: realtimeSeed(people.length) })
  try {
    console.log(`PostgreSQL on 127.0.0.1:${ho.cluster.port} (fsync on); the app's own head office settings\n`)
    console.log('Push (the head office tells the other desks; the goal is p95 under 1 s):')
    await push(sandbox, ho)
    console.log('\nBack at once (the goal is the backlog there within 10 s of the server being back):')
    await backAtOnce(sandbox, ho)
    console.log('\nA frozen head office named "not answering" (SIGSTOP; the goal is within 15 s):')
    await frozen(sandbox, ho)
  } catch (error) {
    console.error('head office real-time bench failed:', error)
    process.exitCode = 1
  } finally {
    ho.cluster.thaw()
    await sandbox.close()
    await ho.close()
  }
}

await main()
