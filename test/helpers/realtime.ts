/**
 * The chain in real time, measured the way a clerk would notice it: how long after counter A does something
 * counter B knows it (an unresolved deposit to a phone, a daily-limit refusal), how long after the head office
 * is back the backlog is there, how long a frozen head office goes unnamed. Shared by the integration test
 * (which asserts the behaviour and prints the figures) and `npm run bench -- head-office-realtime` (the app's
 * own settings).
 */
import { performance } from 'node:perf_hooks'
import { businessDay } from '../../src/shared/day'
import { DEMO, deskSeed, type TestDesk } from './desk'

/** Customers of the sandbox, one phone per try (a phone with an open deposit stays open for the rest). */
export function customers(n: number): { phone: string; name: string }[] {
  return Array.from({ length: n }, (_, i) => ({
    phone: `09130${String(i + 1).padStart(5, '0')}`,
    name: `Customer${i + 1}`,
  }))
}

/** The desks' seed with `n` more customers, and a daily limit the tries can be refused by. */
export function realtimeSeed(n: number) {
  const seed = deskSeed({
    resellers: [{ ...DEMO, daily_max_amount: 3000, allowed_ips: ['127.0.0.1', '::1'] }],
  })
  return {
    ...seed,
    users: [
      ...(seed.users ?? []),
      ...customers(n).map((c) => ({ phone: c.phone, first_name: c.name, status: 'active' as const })),
    ],
  }
}

/** Waits until `check` holds, looking every few milliseconds; throws with `what` after timeoutMs. */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 2))
  }
}

/**
 * Milliseconds from the moment A asks for a deposit (whose answer the service loses: it stays unresolved) to
 * the moment B's figures hold it, so B's lookup of that phone stops the deposit.
 */
export async function openDepositKnownAtOther(
  a: TestDesk,
  b: TestDesk,
  who: { phone: string; name: string },
  timeoutMs: number,
): Promise<number> {
  await a.call('lookupCustomer', { phone: who.phone })
  const started = performance.now()
  const deposit = a.call('deposit', {
    phone: who.phone,
    amountDirhams: 1_000,
    confirmedFirstName: who.name,
    confirmRepeat: true,
  })
  const sync = b.desk.headOffice.sync
  await until(() => sync.otherOpenDepositTo(who.phone) !== null, timeoutMs, `B learns of ${who.phone}`)
  const ms = performance.now() - started
  const outcome = (await deposit) as { status: string }
  if (outcome.status !== 'unknown') throw new Error(`the deposit was to stay unresolved: ${outcome.status}`)
  return ms
}

/**
 * Milliseconds from the moment A asks for more than the day's limit leaves (the service refuses, with its
 * figures) to the moment B's estimate starts from that refusal.
 */
export async function limitRefusalKnownAtOther(
  a: TestDesk,
  b: TestDesk,
  who: { phone: string; name: string },
  timeoutMs: number,
): Promise<number> {
  const day = businessDay(Date.now())
  const sync = b.desk.headOffice.sync
  const before = sync.otherTerminalsUse(day)?.report?.at ?? null
  await a.call('lookupCustomer', { phone: who.phone })
  const started = performance.now()
  const refused = a.call('deposit', {
    phone: who.phone,
    // 5,000 LYD: more than the day's 3,000 LYD.
    amountDirhams: 5_000_000,
    confirmedFirstName: who.name,
    confirmRepeat: true,
  })
  await until(
    () => {
      const report = sync.otherTerminalsUse(day)?.report
      return report !== undefined && report !== null && report.at !== before
    },
    timeoutMs,
    "B's estimate starts from A's refusal",
  )
  const ms = performance.now() - started
  const outcome = (await refused) as { status: string; error?: { code: string } }
  if (outcome.error?.code !== 'DAILY_LIMIT_EXCEEDED')
    throw new Error(`not refused: ${JSON.stringify(outcome)}`)
  return ms
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** "label: median 120 ms, p95 310 ms, max 402 ms (20 tries)". */
export function figures(label: string, samples: readonly number[]): string {
  const f = (v: number) => `${Math.round(v)} ms`
  return `${label}: median ${f(percentile(samples, 50))}, p95 ${f(percentile(samples, 95))}, max ${f(Math.max(...samples))} (${samples.length} tries)`
}
