import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdGenerator } from '../../../src/main/ids'
import { Journal } from '../../../src/main/journal/journal'
import { computeReport, computeReportStepwise } from '../../../src/main/reports/compute'
import { addDays, dayToIsoDate } from '../../../src/shared/day'

/** A journal of 100 days with every kind, outcome and a few clerks, summed by hand to check the reports. */
const dir = mkdtempSync(join(tmpdir(), 'reports-'))
let journal: Journal
const FIRST = 20260801
const DAYS = 100
const rows: {
  day: number
  kind: string
  status: string
  clerk: string | null
  amount: number
  flagged: number
}[] = []

beforeAll(() => {
  journal = Journal.open(join(dir, 'journal.sqlite'))
  let now = Date.parse('2026-08-01T08:00:00Z')
  const newId = createIdGenerator(() => now)
  // Rows written straight into the file (a connection of the test's own), to sum them by hand.
  const db = new Database(journal.path)
  const insert = db.prepare(
    `INSERT INTO entries (id, kind, status, mode, created_at, created_pc_at, updated_at, day, clerk, amount_dirhams,
       phone, denomination_id, external_transaction_id, voucher_code, serial_number, needs_attention)
     VALUES (?, ?, ?, 'live', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const clerks = ['سالم', 'Huda', null]
  const statuses = {
    voucher: ['issued', 'issued', 'failed', 'unknown'],
    deposit: ['confirmed', 'confirmed', 'failed', 'unknown'],
  }
  db.transaction(() => {
    for (let d = 0; d < DAYS; d++) {
      const day = addDays(FIRST, d)
      for (let i = 0; i < 7; i++) {
        now += 60_000
        const kind = i % 2 === 0 ? 'voucher' : 'deposit'
        const status = (statuses[kind] as string[])[(d + i) % 4] as string
        const amount = kind === 'voucher' ? ([5_000, 10_000, 30_000][i % 3] as number) : 1_000 + d * 10 + i
        const clerk = clerks[(d + i) % 3] ?? null
        const flagged = status === 'unknown' ? 1 : 0
        const at = new Date(now).toISOString()
        const issued = status === 'issued'
        insert.run(
          newId(),
          kind,
          status,
          at,
          at,
          at,
          day,
          clerk,
          amount,
          kind === 'deposit' ? '0912345678' : null,
          kind === 'voucher' ? 1 : null,
          kind === 'deposit' ? newId() : null,
          issued ? `5${d}${i}000000000` : null,
          issued ? `7${d}${i}0000` : null,
          flagged,
        )
        rows.push({ day, kind, status, clerk, amount, flagged })
      }
    }
  })()
  db.close()
})

afterAll(() => {
  journal?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Days since 1970 of a YYYYMMDD day, so two days subtract. */
const dayNumber = (day: number) => Date.parse(dayToIsoDate(day)) / 86_400_000
const meta = { type: 'range' as const, mode: 'live' as const, generatedAt: '', generatedBy: null, z: null }
const done = (s: string) => s === 'issued' || s === 'confirmed'

describe('reports', () => {
  it('add up to the journal: sales, by kind and outcome, by value, by clerk, failures and attention', () => {
    const from = addDays(FIRST, 10)
    const to = addDays(FIRST, 70)
    const within = rows.filter((r) => r.day >= from && r.day <= to)
    const report = computeReport(journal, { from, to }, meta)
    const sum = (list: typeof rows) => ({
      count: list.length,
      dirhams: list.reduce((s, r) => s + r.amount, 0),
    })
    expect(report.entryCount).toBe(within.length)
    expect(report.sales).toEqual(sum(within.filter((r) => done(r.status))))
    for (const kind of ['voucher', 'deposit'] as const) {
      const k = report.byKind.find((x) => x.kind === kind)
      const of = within.filter((r) => r.kind === kind)
      expect(k?.done).toEqual(sum(of.filter((r) => done(r.status))))
      expect(k?.failed).toEqual(sum(of.filter((r) => r.status === 'failed')))
      expect(k?.open).toEqual(sum(of.filter((r) => r.status === 'unknown')))
    }
    for (const v of report.byDenomination) {
      expect(v).toEqual({
        valueDirhams: v.valueDirhams,
        ...sum(
          within.filter((r) => r.kind === 'voucher' && r.status === 'issued' && r.amount === v.valueDirhams),
        ),
      })
    }
    for (const c of report.byClerk) {
      expect(c.total).toEqual(sum(within.filter((r) => done(r.status) && r.clerk === c.clerk)))
    }
    expect(report.failed.total).toBe(within.filter((r) => r.status === 'failed').length)
    expect(report.attention.total).toBe(within.filter((r) => r.flagged === 1).length)
    expect(report.failed.entries).toHaveLength(Math.min(200, report.failed.total))
  })

  it('are the same when a long period is read in steps', async () => {
    const scope = { from: FIRST, to: addDays(FIRST, DAYS - 1) }
    expect(await computeReportStepwise(journal, scope, meta)).toEqual(computeReport(journal, scope, meta))
  })

  it('read a long period in shorter steps where steps are slow, so a busy year never holds a sale up', async () => {
    const scope = { from: FIRST, to: addDays(FIRST, DAYS - 1) }
    /** The days each step read, with a clock on which every step takes `stepMs`. */
    const steps = async (stepMs: number) => {
      const spans: number[] = []
      let clock = 0
      const source = {
        reportGroups: (part: { from: number; to: number }) => {
          spans.push(dayNumber(part.to) - dayNumber(part.from) + 1)
          clock += stepMs
          return journal.reportGroups(part)
        },
        reportEntries: journal.reportEntries.bind(journal),
      }
      const report = await computeReportStepwise(source, scope, meta, () => clock)
      expect(report).toEqual(computeReport(journal, scope, meta))
      return spans
    }
    // A busy outlet: a week took 100 ms, so each step after it reads a single day.
    const busy = await steps(100)
    expect(busy.slice(0, 3)).toEqual([7, 1, 1])
    expect(busy).toHaveLength(DAYS - 6)
    // A quiet one: every step took 1 ms, so steps double up to a month (never more than twice the last).
    expect(await steps(1)).toEqual([7, 14, 28, 31, 20])
    // A clock that says nothing useful (0 or less) keeps the step as it is rather than guessing.
    expect(await steps(0)).toEqual([...Array.from({ length: 14 }, () => 7), 2])
  })
})
