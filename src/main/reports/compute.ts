import { addDays } from '../../shared/day'
import {
  type ClerkTotals,
  type KindTotals,
  type LateOutcomes,
  REPORT_LIST_LIMIT,
  type Report,
  type ReportEntry,
  type Tally,
  type ZInfo,
} from '../../shared/reports'
import type { EntryKind, EntryStatus, Mode } from '../../shared/types'
import { isOpenStatus } from '../../shared/types'
import type { EntryRecord } from '../journal/entry-rows'
import { codeLast4 } from '../journal/entry-view'
import type { LateGroup, ReportGroup, ReportScope, ReportSource } from '../journal/reports'

export type { ReportScope } from '../journal/reports'

export interface ReportMeta {
  type: Report['type']
  mode: Mode
  generatedAt: string
  generatedBy: string | null
  z: ZInfo | null
}

/**
 * A long period is read a few days at a time, handing the event loop back in between so the desk keeps
 * answering. How many days a step reads follows how long the last step took, aiming at STEP_MS (see
 * nextStepDays): a quiet outlet's month is one quick step, a busy one's week several (a fixed month was
 * ~100 ms on a generated year of ~2,700 entries a day, and would be ~400 ms at 10,000 a day). A single day is
 * never split.
 */
const STEP_MS = 25
const FIRST_STEP_DAYS = 7
const MAX_STEP_DAYS = 31

const zero = (): Tally => ({ count: 0, dirhams: 0 })
const add = (t: Tally, n: number, dirhams: number): Tally => ({
  count: t.count + n,
  dirhams: t.dirhams + dirhams,
})

/** One entry as reports list it: no voucher code (the last 4 digits at most). */
export function toReportEntry(e: EntryRecord): ReportEntry {
  return {
    id: e.id,
    receiptNo: e.receiptNo,
    createdAt: e.createdAt,
    day: e.day,
    kind: e.kind,
    status: e.status,
    amountDirhams: e.amountDirhams,
    clerk: e.clerk,
    phone: e.phone,
    firstName: e.firstName,
    serialNumber: e.serialNumber,
    codeLast4: codeLast4(e.voucherCode),
    serviceTransactionId: e.serviceTransactionId,
    externalTransactionId: e.externalTransactionId,
    errorCode: e.error?.code ?? null,
    needsAttention: e.needsAttention,
    confirmedByDuplicate: e.confirmedByDuplicate,
  }
}

function listed(source: ReportSource, scope: ReportScope, list: 'failed' | 'attention', limit: number) {
  return source.reportEntries(scope, list, limit).map(toReportEntry)
}

const isDone = (status: EntryStatus) => status === 'issued' || status === 'confirmed'

/** Adds up the groups: by kind and outcome, by voucher value, by clerk, and the sizes of the two lists. */
function summarise(all: ReportGroup[]) {
  const byKind = new Map<EntryKind, KindTotals>(
    (['voucher', 'deposit'] as const).map((kind) => [
      kind,
      { kind, done: zero(), failed: zero(), open: zero() },
    ]),
  )
  const values = new Map<number, Tally>()
  const clerks = new Map<string | null, ClerkTotals>()
  let entryCount = 0
  let failed = 0
  let attention = 0
  for (const g of all) {
    entryCount += g.n
    const kind = byKind.get(g.kind)
    if (!kind) continue
    const bucket = isDone(g.status) ? 'done' : g.status === 'failed' ? 'failed' : 'open'
    kind[bucket] = add(kind[bucket], g.n, g.dirhams)
    if (g.status === 'failed') failed += g.n
    if (g.flagged === 1 || isOpenStatus(g.status)) attention += g.n
    if (g.value !== null) values.set(g.value, add(values.get(g.value) ?? zero(), g.n, g.dirhams))
    if (isDone(g.status)) {
      const c = clerks.get(g.clerk) ?? { clerk: g.clerk, vouchers: zero(), deposits: zero(), total: zero() }
      const part = g.kind === 'voucher' ? 'vouchers' : 'deposits'
      c[part] = add(c[part], g.n, g.dirhams)
      c.total = add(c.total, g.n, g.dirhams)
      clerks.set(g.clerk, c)
    }
  }
  const kinds = [...byKind.values()]
  return {
    entryCount,
    kinds,
    sales: kinds.reduce((t, k) => add(t, k.done.count, k.done.dirhams), zero()),
    byDenomination: [...values.entries()]
      .sort(([a], [b]) => a - b)
      .map(([valueDirhams, t]) => ({ valueDirhams, count: t.count, dirhams: t.dirhams })),
    byClerk: [...clerks.values()].sort((a, b) => (a.clerk ?? '').localeCompare(b.clerk ?? '')),
    failed,
    attention,
  }
}

export function assemble(
  scope: ReportScope,
  meta: ReportMeta,
  all: ReportGroup[],
  failedEntries: ReportEntry[],
  attentionEntries: ReportEntry[],
): Report {
  const s = summarise(all)
  return {
    ...meta,
    from: scope.from,
    to: scope.to,
    entryCount: s.entryCount,
    sales: s.sales,
    byKind: s.kinds,
    byDenomination: s.byDenomination,
    byClerk: s.byClerk,
    failed: { total: s.failed, entries: failedEntries },
    attention: { total: s.attention, entries: attentionEntries },
    late: null,
  }
}

/** Where an X or Z reads what earlier Zs closed open: the journal. */
export interface LateSource {
  lateGroups(): LateGroup[]
  lateEntries(limit: number): EntryRecord[]
}

/**
 * What earlier Z reports closed with no outcome: those settled since (what the next Z carries), by kind,
 * with the money that moved and the first of them by name; and how many are still open.
 */
export function computeLate(source: LateSource): LateOutcomes {
  const byKind = new Map<EntryKind, LateOutcomes['byKind'][number]>(
    (['voucher', 'deposit'] as const).map((kind) => [kind, { kind, done: zero(), failed: zero() }]),
  )
  let settled = 0
  let stillOpen = zero()
  for (const g of source.lateGroups()) {
    const kind = byKind.get(g.kind)
    if (!kind) continue
    if (g.settled === null) {
      stillOpen = add(stillOpen, g.n, g.dirhams)
      continue
    }
    settled += g.n
    const bucket = isDone(g.settled) ? 'done' : 'failed'
    kind[bucket] = add(kind[bucket], g.n, g.dirhams)
  }
  const kinds = [...byKind.values()]
  return {
    byKind: kinds,
    moved: kinds.reduce((t, k) => add(t, k.done.count, k.done.dirhams), zero()),
    failed: kinds.reduce((t, k) => add(t, k.failed.count, k.failed.dirhams), zero()),
    settled: {
      total: settled,
      entries: settled > 0 ? source.lateEntries(REPORT_LIST_LIMIT).map(toReportEntry) : [],
    },
    stillOpen,
  }
}

/**
 * A report's figures from the journal in one grouped pass over the day index: the money that moved (issued
 * vouchers, confirmed deposits) by kind, by voucher value and by clerk; failures; what still needs a person.
 * Voucher codes never appear (the last 4 digits at most). For a day (X, Z, a daily report).
 */
export function computeReport(source: ReportSource, scope: ReportScope, meta: ReportMeta): Report {
  return assemble(
    scope,
    meta,
    source.reportGroups(scope),
    listed(source, scope, 'failed', REPORT_LIST_LIMIT),
    listed(source, scope, 'attention', REPORT_LIST_LIMIT),
  )
}

/**
 * Days the next step reads: as many as would take STEP_MS at the last step's pace, at most twice as many as
 * the last step (a quiet week, a holiday, must not make the next step a busy month), 1 to MAX_STEP_DAYS.
 */
function nextStepDays(days: number, tookMs: number): number {
  const took = Number.isFinite(tookMs) && tookMs > 0 ? tookMs : STEP_MS
  return Math.max(1, Math.min(MAX_STEP_DAYS, 2 * days, Math.floor((days * STEP_MS) / took)))
}

/**
 * The same report for a long period, read a few days at a time (see STEP_MS) with the event loop handed back
 * in between, so a year's report never holds up a sale. Lists stop reading once they have their first
 * entries. `now` is a clock in milliseconds (tests give their own).
 */
export async function computeReportStepwise(
  source: ReportSource,
  scope: ReportScope,
  meta: ReportMeta,
  now: () => number = () => performance.now(),
): Promise<Report> {
  const all: ReportGroup[] = []
  const failedEntries: ReportEntry[] = []
  const attentionEntries: ReportEntry[] = []
  let days = FIRST_STEP_DAYS
  for (let from = scope.from; from <= scope.to; ) {
    const part = { ...scope, from, to: Math.min(scope.to, addDays(from, days - 1)) }
    const started = now()
    all.push(...source.reportGroups(part))
    failedEntries.push(...listed(source, part, 'failed', REPORT_LIST_LIMIT - failedEntries.length))
    attentionEntries.push(...listed(source, part, 'attention', REPORT_LIST_LIMIT - attentionEntries.length))
    const took = now() - started
    from = addDays(part.to, 1)
    days = nextStepDays(days, took)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return assemble(scope, meta, all, failedEntries, attentionEntries)
}
