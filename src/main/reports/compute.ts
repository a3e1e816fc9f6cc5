import type Database from 'better-sqlite3'
import type { EntryKind, EntryStatus, Mode } from '../../shared/contract'
import {
  type ClerkTotals,
  type KindTotals,
  REPORT_LIST_LIMIT,
  type Report,
  type ReportEntry,
  type ReportList,
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

const zero = (): Tally => ({ count: 0, dirhams: 0 })

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

const LIST_COLUMNS = `id, created_at, day, kind, status, amount_dirhams, clerk, phone, first_name, serial_number, code_last4,
  service_transaction_id, external_transaction_id, error_code, needs_attention`

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

function list(db: Database.Database, scope: ReportScope, condition: string): ReportList {
  const w = where(scope)
  const total = (
    db.prepare(`SELECT count(*) AS n FROM entries WHERE ${w.sql} AND ${condition}`).get(...w.params) as {
      n: number
    }
  ).n
  const rows = db
    .prepare(`SELECT ${LIST_COLUMNS} FROM entries WHERE ${w.sql} AND ${condition} ORDER BY day, id LIMIT ?`)
    .all(...w.params, REPORT_LIST_LIMIT) as EntryListRow[]
  return { total, entries: rows.map(toReportEntry) }
}

/**
 * A report's figures from the journal, in a few grouped queries over the day index: the money that moved
 * (issued vouchers, confirmed deposits) by kind, by voucher value and by clerk; failures; and what still needs
 * a person. Voucher codes never appear (the last 4 digits at most).
 */
export function computeReport(db: Database.Database, scope: ReportScope, meta: ReportMeta): Report {
  const w = where(scope)
  const byKind = new Map<EntryKind, KindTotals>(
    (['voucher', 'deposit'] as const).map((kind) => [
      kind,
      { kind, done: zero(), failed: zero(), open: zero() },
    ]),
  )
  const kindRows = db
    .prepare(
      `SELECT kind,
         CASE WHEN status IN ('issued', 'confirmed') THEN 'done' WHEN status = 'failed' THEN 'failed' ELSE 'open' END
           AS bucket,
         count(*) AS n, coalesce(sum(amount_dirhams), 0) AS dirhams
       FROM entries WHERE ${w.sql} GROUP BY kind, bucket`,
    )
    .all(...w.params) as { kind: EntryKind; bucket: 'done' | 'failed' | 'open'; n: number; dirhams: number }[]
  let entryCount = 0
  for (const r of kindRows) {
    const totals = byKind.get(r.kind)
    if (totals) totals[r.bucket] = { count: r.n, dirhams: r.dirhams }
    entryCount += r.n
  }
  const kinds = [...byKind.values()]
  const sales = kinds.reduce(
    (t, k) => ({ count: t.count + k.done.count, dirhams: t.dirhams + k.done.dirhams }),
    zero(),
  )

  const byDenomination = (
    db
      .prepare(
        `SELECT amount_dirhams AS value, count(*) AS n, sum(amount_dirhams) AS dirhams
         FROM entries WHERE ${w.sql} AND kind = 'voucher' AND status = 'issued'
         GROUP BY amount_dirhams ORDER BY amount_dirhams`,
      )
      .all(...w.params) as { value: number; n: number; dirhams: number }[]
  ).map((r) => ({ valueDirhams: r.value, count: r.n, dirhams: r.dirhams }))

  const clerks = new Map<string | null, ClerkTotals>()
  const clerkRows = db
    .prepare(
      `SELECT clerk, kind, count(*) AS n, sum(amount_dirhams) AS dirhams
       FROM entries WHERE ${w.sql} AND status IN ('issued', 'confirmed')
       GROUP BY clerk, kind ORDER BY clerk`,
    )
    .all(...w.params) as { clerk: string | null; kind: EntryKind; n: number; dirhams: number }[]
  for (const r of clerkRows) {
    let totals = clerks.get(r.clerk)
    if (!totals) {
      totals = { clerk: r.clerk, vouchers: zero(), deposits: zero(), total: zero() }
      clerks.set(r.clerk, totals)
    }
    totals[r.kind === 'voucher' ? 'vouchers' : 'deposits'] = { count: r.n, dirhams: r.dirhams }
    totals.total = { count: totals.total.count + r.n, dirhams: totals.total.dirhams + r.dirhams }
  }

  return {
    ...meta,
    from: scope.from,
    to: scope.to,
    entryCount,
    sales,
    byKind: kinds,
    byDenomination,
    byClerk: [...clerks.values()],
    failed: list(db, scope, "status = 'failed'"),
    attention: list(db, scope, "(needs_attention = 1 OR status IN ('pending', 'unknown'))"),
  }
}
