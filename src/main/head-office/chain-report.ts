/**
 * A manager's report over the whole chain, read from the head office: the same figures as a report of this
 * PC (by kind and outcome, by voucher value, by clerk), for every terminal together and for each one, from
 * the chain-wide figures a terminal's role may read. Live entries only: training never reaches the head office.
 */
import type { HeadOfficeSettings } from '../../shared/head-office'
import type { Report, TerminalTotals } from '../../shared/reports'
import type { ReportGroup as Group } from '../journal/reports'
import { assemble, type ReportMeta } from '../reports/compute'
import { clientConfig, headOfficeError, newClient } from './connection'

interface GroupRow {
  terminal: string
  kind: Group['kind']
  status: Group['status']
  clerk: string | null
  flagged: number
  value: string | null
  n: string
  dirhams: string
}

export async function chainReport(
  connection: { settings: Omit<HeadOfficeSettings, 'enabled'>; password: string; connectTimeoutMs: number },
  range: { from: number; to: number },
  meta: ReportMeta,
): Promise<Report> {
  const client = await newClient(
    clientConfig(connection.settings, connection.password, {
      connectTimeoutMs: connection.connectTimeoutMs,
      queryTimeoutMs: 120_000,
      applicationName: 'reseller-desk report',
    }),
  )
  client.on('error', () => undefined)
  let groups: GroupRow[]
  let terminals: { terminal: string; last_received_at: Date | null }[]
  try {
    await client.connect()
    // One snapshot: the totals and the terminals' "as of" agree.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    groups = (
      await client.query<GroupRow>(
        `SELECT terminal, kind, status, clerk, flagged, value, sum(n)::bigint AS n, sum(dirhams)::bigint AS dirhams
         FROM headoffice.chain_report_groups WHERE day BETWEEN $1 AND $2
         GROUP BY terminal, kind, status, clerk, flagged, value`,
        [range.from, range.to],
      )
    ).rows
    terminals = (
      await client.query<{ terminal: string; last_received_at: Date | null }>(
        'SELECT terminal, last_received_at FROM headoffice.chain_terminals ORDER BY terminal',
      )
    ).rows
    await client.query('COMMIT')
  } catch (error) {
    throw headOfficeError(error)
  } finally {
    await client.end().catch(() => undefined)
  }
  const toGroup = (r: GroupRow, clerk: string | null): Group => ({
    kind: r.kind,
    status: r.status,
    clerk,
    flagged: r.flagged,
    value: r.value === null ? null : Number(r.value),
    n: Number(r.n),
    dirhams: Number(r.dirhams),
  })
  const scope = { from: range.from, to: range.to }
  // Clerks are people of one terminal: named with it, so two terminals' "Sara" stay apart.
  const overall = assemble(
    scope,
    meta,
    groups.map((g) => toGroup(g, `${g.terminal} · ${g.clerk ?? '—'}`)),
    [],
    [],
  )
  const perTerminal: TerminalTotals[] = terminals.map((t) => {
    const own = assemble(
      scope,
      meta,
      groups.filter((g) => g.terminal === t.terminal).map((g) => toGroup(g, g.clerk)),
      [],
      [],
    )
    const kind = (k: 'voucher' | 'deposit') =>
      own.byKind.find((b) => b.kind === k)?.done ?? { count: 0, dirhams: 0 }
    return {
      terminal: t.terminal,
      entryCount: own.entryCount,
      sales: own.sales,
      vouchers: kind('voucher'),
      deposits: kind('deposit'),
      failed: own.failed.total,
      attention: own.attention.total,
      lastReceivedAt: t.last_received_at?.toISOString() ?? null,
    }
  })
  return { ...overall, chain: { terminals: perTerminal } }
}
