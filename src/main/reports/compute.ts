import type Database from 'better-sqlite3'
import type { EntryKind, EntryStatus, Mode } from '../../shared/contract'
import { addDays } from '../../shared/day'
import {
  type ClerkTotals,
  type KindTotals,
  REPORT_LIST_LIMIT,
  type Report,
  type ReportEntry,
  type Tally,
  type ZInfo,
} from '../../shared/manager'

/** Which entries a report covers: business days, and for X and Z an id range within the day. */
export interface ReportScope {
  from: number
  to: number
  /** Only entries with a greater id (ids are time-ordered): after the day's previous Z. */
  afterId?: string
  /** Only entries up to this id: what a Z closed. */
  upToId?: string
}

export interface ReportMeta {
  type: Report['type']
  mode: Mode
  generatedAt: string
  generatedBy: string | null
  z: ZInfo | null
}

/** Days a long period is read in, handing the event loop back in between (the desk keeps answering). */
const CHUNK_DAYS = 31

const zero = (): Tally => ({ count: 0, dirhams: 0 })
const add = (t: Tally, n: number, dirhams: number): Tally => ({
  count: t.count + n,
  dirhams: t.dirhams + dirhams,
})

function where(scope: ReportScope): { sql: string; params: unknown[] } {
  const clauses = ['day BETWEEN ? AND ?']
  const params: unknown[] = [scope.from, scope.to]
  if (scope.afterId !== undefined) {
    clauses.push('id > ?')
    params.push(scope.afterId)
  }
  if (scope.upToId !== undefined) {
    clauses.push('id <= ?')
    params.push(scope.upToId)
  }
  return { sql: clauses.join(' AND '), params }
}

interface EntryListRow {
  id: string
  created_at: string
  day: number
  kind: EntryKind
  status: EntryStatus
  amount_dirhams: number
  clerk: string | null
  phone: string | null
  first_name: string | null
  serial_number: string | null
  code_last4: string | null
  service_transaction_id: string | null
  external_transaction_id: string | null
  error_code: string | null
  needs_attention: number
}

const LIST_COLUMNS = `id, created_at, day, kind, status, amount_dirhams, clerk, phone, first_name, serial_number,
  code_last4, service_transaction_id, external_transaction_id, error_code, needs_attention`

export function toReportEntry(r: EntryListRow): ReportEntry {
  return {
    id: r.id,
    createdAt: r.created_at,
    day: r.day,
    kind: r.kind,
    status: r.status,
    amountDirhams: r.amount_dirhams,
    clerk: r.clerk,
    phone: r.phone,
    firstName: r.first_name,
    serialNumber: r.serial_number,
    codeLast4: r.code_last4,
    serviceTransactionId: r.service_transaction_id,
    externalTransactionId: r.external_transaction_id,
    errorCode: r.error_code,
    needsAttention: r.needs_attention === 1,
  }
}

/** One group of the period's entries: everything a report adds up comes from these. */
export interface Group {
  kind: EntryKind
  status: EntryStatus
  clerk: string | null
  flagged: number
  /** An issued voucher's value; null for everything else. */
  value: number | null
  n: number
  dirhams: number
}

function groups(db: Database.Database, scope: ReportScope): Group[] {
  const w = where(scope)
  return db
    .prepare(
      `SELECT kind, status, clerk, needs_attention AS flagged,
         CASE WHEN kind = 'voucher' AND status = 'issued' THEN amount_dirhams END AS value,
         count(*) AS n, coalesce(sum(amount_dirhams), 0) AS dirhams
       FROM entries WHERE ${w.sql} GROUP BY kind, status, clerk, flagged, value`,
    )
    .all(...w.params) as Group[]
}

const FAILED = "status = 'failed'"
const ATTENTION = "(needs_attention = 1 OR status IN ('pending', 'unknown'))"

function firstEntries(
  db: Database.Database,
  scope: ReportScope,
  condition: string,
  limit: number,
): ReportEntry[] {
  if (limit <= 0) return []
  const w = where(scope)
  const rows = db
    .prepare(`SELECT ${LIST_COLUMNS} FROM entries WHERE ${w.sql} AND ${condition} ORDER BY day, id LIMIT ?`)
    .all(...w.params, limit) as EntryListRow[]
  return rows.map(toReportEntry)
}

const isDone = (status: EntryStatus) => status === 'issued' || status === 'confirmed'
const isOpen = (status: EntryStatus) => status === 'pending' || status === 'unknown'

/** Adds up the groups: by kind and outcome, by voucher value, by clerk, and the sizes of the two lists. */
function summarise(all: Group[]) {
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
    if (g.flagged === 1 || isOpen(g.status)) attention += g.n
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
  all: Group[],
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
  }
}

/**
 * A report's figures from the journal in one grouped pass over the day index: the money that moved (issued
 * vouchers, confirmed deposits) by kind, by voucher value and by clerk; failures; what still needs a person.
 * Voucher codes never appear (the last 4 digits at most). For a day (X, Z, a daily report).
 */
export function computeReport(db: Database.Database, scope: ReportScope, meta: ReportMeta): Report {
  return assemble(
    scope,
    meta,
    groups(db, scope),
    firstEntries(db, scope, FAILED, REPORT_LIST_LIMIT),
    firstEntries(db, scope, ATTENTION, REPORT_LIST_LIMIT),
  )
}

/**
 * The same report for a long period, read a month at a time with the event loop handed back in between, so
 * a year's report never holds up a sale. Lists stop reading once they have their first entries.
 */
export async function computeReportStepwise(
  db: Database.Database,
  scope: ReportScope,
  meta: ReportMeta,
): Promise<Report> {
  const all: Group[] = []
  const failedEntries: ReportEntry[] = []
  const attentionEntries: ReportEntry[] = []
  for (let from = scope.from; from <= scope.to; from = addDays(from, CHUNK_DAYS)) {
    const part = { ...scope, from, to: Math.min(scope.to, addDays(from, CHUNK_DAYS - 1)) }
    all.push(...groups(db, part))
    failedEntries.push(...firstEntries(db, part, FAILED, REPORT_LIST_LIMIT - failedEntries.length))
    attentionEntries.push(...firstEntries(db, part, ATTENTION, REPORT_LIST_LIMIT - attentionEntries.length))
    await new Promise((resolve) => setImmediate(resolve))
  }
  return assemble(scope, meta, all, failedEntries, attentionEntries)
}
