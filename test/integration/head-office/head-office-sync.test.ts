/**
 * Two desks (two data folders) selling and depositing into one head office on a real PostgreSQL, through
 * the same background sync the app runs.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedTerminal } from '../../../src/head-office/admin'
import type { Sandbox } from '../../../src/sandbox/index'
import { businessDay } from '../../../src/shared/day'
import { formatLyd } from '../../../src/shared/money'
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
import { readJournal } from '../../helpers/journal-file'

let chain: TestChain
let ho: TestHeadOffice
let sandbox: Sandbox
let a: TestDesk
let b: TestDesk
let terminalA: CreatedTerminal

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
  a = await startTestDesk({
    sandbox,
    deps: {
      headOfficeSync: QUICK_SYNC,
      diagnostics: { chooseSavePath: async () => null, logLines: () => [], versions: () => ({}) },
    },
  })
  b = await startTestDesk({ sandbox, deps: { headOfficeSync: QUICK_SYNC } })
  terminalA = await ho.terminal('Counter A')
  await joinHeadOffice(a, ho, terminalA)
  await joinHeadOffice(b, ho, await ho.terminal('Counter B'))
})

afterAll(async () => {
  await a?.close()
  await b?.close()
  await chain?.close()
})

function localTotals(desk: TestDesk) {
  const { journal } = desk.desk.workspace()
  return readJournal(journal, (db) =>
    db
      .prepare(
        `SELECT count(*) AS n,
           coalesce(sum(CASE WHEN status IN ('issued', 'confirmed') THEN amount_dirhams END), 0) AS used,
           count(CASE WHEN status = 'issued' THEN 1 END) AS issued,
           count(CASE WHEN status = 'confirmed' THEN 1 END) AS confirmed
         FROM entries WHERE mode = 'live'`,
      )
      .get(),
  ) as { n: number; used: number; issued: number; confirmed: number }
}

describe('two desks, one head office', () => {
  it("PostgreSQL's totals equal the sum of both journals, per terminal and overall", async () => {
    for (let i = 0; i < 5; i++)
      await a.call(
        'generateVoucher',
        i % 2 ? { denominationId: 4, valueDirhams: 30_000 } : { denominationId: 1, valueDirhams: 5_000 },
      )
    await depositTo(a, MOHAMED, 12_500)
    await depositTo(a, AHMED, 7_000)
    await depositTo(a, MOHAMED, 1_250)
    // B deposits to the same phones once the head office has A's deposits as confirmed.
    await settle(a, b)
    for (let i = 0; i < 4; i++) await b.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    await depositTo(b, AHMED, 40_000)
    await depositTo(b, MOHAMED, 3_000)
    await waitSynced(a)
    await waitSynced(b)

    const rows = await ho.query<{
      terminal: string
      n: string
      used: string
      issued: string
      confirmed: string
    }>(
      `SELECT terminal, count(*) AS n,
         coalesce(sum(amount_dirhams) FILTER (WHERE status IN ('issued', 'confirmed')), 0) AS used,
         count(*) FILTER (WHERE status = 'issued') AS issued,
         count(*) FILTER (WHERE status = 'confirmed') AS confirmed
       FROM headoffice.entry_current GROUP BY terminal ORDER BY terminal`,
    )
    const la = localTotals(a)
    const lb = localTotals(b)
    expect(la).toMatchObject({ n: 8, issued: 5, confirmed: 3, used: 5 * 0 + 3 * 5000 + 2 * 30000 + 20_750 })
    expect(rows).toEqual([
      {
        terminal: 'Counter A',
        n: String(la.n),
        used: String(la.used),
        issued: String(la.issued),
        confirmed: String(la.confirmed),
      },
      {
        terminal: 'Counter B',
        n: String(lb.n),
        used: String(lb.used),
        issued: String(lb.issued),
        confirmed: String(lb.confirmed),
      },
    ])
    const overall = await ho.query<{ used: string }>(
      "SELECT sum(amount_dirhams) AS used FROM headoffice.entry_current WHERE status IN ('issued', 'confirmed')",
    )
    expect(Number(overall[0]?.used)).toBe(la.used + lb.used)
  })

  it("every journal event is at the head office once, in the desk's order, and no voucher code is", async () => {
    for (const [desk, terminal] of [
      [a, 'Counter A'],
      [b, 'Counter B'],
    ] as const) {
      const local = readJournal(desk.desk.workspace().journal, (db) =>
        db.prepare('SELECT id, entry_id, type FROM entry_events ORDER BY id').all(),
      ) as { id: number; entry_id: string; type: string }[]
      const remote = await ho.query<{ seq: string; entry_id: string; type: string }>(
        'SELECT seq, entry_id, type FROM headoffice.entry_events WHERE terminal = $1 ORDER BY seq',
        [terminal],
      )
      expect(remote.map((r) => [Number(r.seq), r.entry_id, r.type])).toEqual(
        local.map((l) => [l.id, l.entry_id, l.type]),
      )
      const codes = readJournal(desk.desk.workspace().journal, (db) =>
        db.prepare('SELECT voucher_code FROM entries WHERE voucher_code IS NOT NULL').all(),
      ) as { voucher_code: string }[]
      const dump = JSON.stringify(
        await ho.query('SELECT * FROM headoffice.entry_events WHERE terminal = $1', [terminal]),
      )
      for (const { voucher_code } of codes) expect(dump).not.toContain(voucher_code)
    }
  })

  it("the terminal's secret stays in main: not in what the screen gets, the settings file or diagnostics", async () => {
    const secret = terminalA.password
    expect(secret.length).toBeGreaterThan(10)
    expect(JSON.stringify(await a.call('getHeadOffice'))).not.toContain(secret)
    expect(JSON.stringify(await a.call('getSettings'))).not.toContain(secret)
    expect(readFileSync(join(a.dir, 'settings.json'), 'utf8')).not.toContain(secret)
    const saved = await a.call('saveDiagnostics', {
      path: join(mkdtempSync(join(tmpdir(), 'diag-')), 'd.json'),
    })
    const diagnostics = readFileSync(saved?.path ?? '', 'utf8')
    expect(diagnostics).toContain('Counter A')
    expect(diagnostics).not.toContain(secret)
  })

  it('numbers each counter’s live receipts with its own code, and the head office keeps each number', async () => {
    expect(terminalA.receiptCode).toBe('A')
    const codes = await ho.query<{ terminal: string; receipt_code: string }>(
      'SELECT name AS terminal, receipt_code FROM headoffice.terminals ORDER BY name',
    )
    expect(codes).toEqual([
      { terminal: 'Counter A', receipt_code: 'A' },
      { terminal: 'Counter B', receipt_code: 'B' },
    ])
    // Both desks have been in touch with the head office (the first test waited for it): their codes are known.
    const sold = [
      await a.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 }),
      await b.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 }),
    ]
    const mmdd = String(businessDay(Date.now())).slice(4)
    expect(sold[0]?.receiptNo).toMatch(new RegExp(`^A-${mmdd}-\\d{4}$`))
    expect(sold[1]?.receiptNo).toMatch(new RegExp(`^B-${mmdd}-\\d{4}$`))
    await waitSynced(a)
    await waitSynced(b)
    const kept = await ho.query<{ id: string; receipt_no: string }>(
      'SELECT id, receipt_no FROM headoffice.entries WHERE id = ANY($1::text[]) ORDER BY terminal',
      [sold.map((e) => e.id)],
    )
    expect(kept).toEqual(sold.map((e) => ({ id: e.id, receipt_no: e.receiptNo })))
    // A code given never changes: the receipts printed carry it.
    await expect(
      ho.query("UPDATE headoffice.terminals SET receipt_code = 'KA' WHERE name = 'Counter A'"),
    ).rejects.toThrow(/receipt code never changes/)
  })

  it('training entries never reach the head office', async () => {
    const before = await ho.query<{ n: string }>('SELECT count(*) AS n FROM headoffice.entries')
    await a.call('useTraining')
    await a.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    await depositTo(a, AHMED, 99_000)
    await a.call('useLive')
    await waitSynced(a)
    const after = await ho.query<{ n: string; training: string }>(
      "SELECT count(*) AS n, count(*) FILTER (WHERE mode = 'training') AS training FROM headoffice.entries",
    )
    expect(after[0]).toEqual({ n: before[0]?.n, training: '0' })
  })

  it("from the agreed limit, the estimate takes off every terminal's use of the account today", async () => {
    // Before any refusal of the day (the next test's refusal at B would reach A: its estimate would start there).
    await a.call('updateSettings', { agreedDailyLimitDirhams: 2_500_000 })
    await settle(b, a)
    const limit = await a.call('getDailyLimit')
    expect(limit.basis).toBe('agreed')
    const mine = localTotals(a)
    const theirs = localTotals(b)
    expect(limit.chain?.otherUsedDirhams).toBe(theirs.used)
    expect(limit.estimatedRemainingDirhams).toBe(2_500_000 - mine.used - theirs.used - limit.unknownDirhams)
    // The same desk in training counts nothing of the chain.
    await a.call('useTraining')
    expect((await a.call('getDailyLimit')).chain).toBeUndefined()
    await a.call('useLive')
  })

  it("the daily-limit estimate counts the other terminal's use of the same account today", async () => {
    const day = businessDay(Date.now())
    // B asks for more than is left: the service reports the limit (1,000,000 dirhams a day in this seed).
    sandbox.controls.setFaults([])
    const refused = await depositTo(b, AHMED, 5_000_000)
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'DAILY_LIMIT_EXCEEDED' } })
    const reported = await b.call('getDailyLimit')
    expect(reported.reported).not.toBeNull()
    const remaining = reported.reported?.remainingDirhams ?? 0
    // A sells after B's report: B's estimate must know.
    await a.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    await depositTo(a, MOHAMED, 2_000)
    await settle(a, b)
    const limit = await b.call('getDailyLimit')
    expect(limit.day).toBe(day)
    // Counted from a few seconds before the report (desks' clocks agree to about a second): at least what A
    // sold after it, exactly what A's journal holds since then.
    const since = new Date(Date.parse(reported.reported?.at ?? '') - 5000).toISOString()
    const soldSince = (
      readJournal(a.desk.workspace().journal, (db) =>
        db
          .prepare(
            `SELECT coalesce(sum(amount_dirhams), 0) AS n FROM entries
             WHERE status IN ('issued', 'confirmed') AND day = ? AND created_at > ?`,
          )
          .get(day, since),
      ) as { n: number }
    ).n
    expect(soldSince).toBeGreaterThanOrEqual(102_000)
    expect(limit.chain?.otherUsedSinceReportDirhams).toBe(soldSince)
    expect(limit.chain?.otherUsedDirhams).toBe(localTotals(a).used)
    expect(limit.chain?.terminals.map((t) => t.terminal)).toEqual(['Counter A'])
    expect(limit.estimatedRemainingDirhams).toBe(remaining - soldSince)
  })

  it('names beside the estimate a counter the head office has not heard from, and since when', async () => {
    await settle(a, b)
    const heard = (await a.call('getDailyLimit')).chain
    expect(heard?.silent).toEqual([])
    const lastHeard = heard?.terminals.find((t) => t.terminal === 'Counter B')?.heardAt ?? null
    expect(lastHeard).not.toBeNull()
    // B's line to the head office goes down (its sync stops): B keeps selling, nothing of it arrives.
    await b.desk.headOffice.sync.stop()
    try {
      await depositTo(b, MOHAMED, 1_234)
      let silent = (await a.call('getDailyLimit')).chain?.silent ?? []
      for (let i = 0; i < 200 && silent.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 25))
        silent = (await a.call('getDailyLimit')).chain?.silent ?? []
      }
      expect(silent).toHaveLength(1)
      expect(silent[0]?.terminal).toBe('Counter B')
      // Since when: its last word, at or after what A had read before.
      expect(Date.parse(silent[0]?.heardAt ?? '')).toBeGreaterThanOrEqual(Date.parse(lastHeard ?? ''))
    } finally {
      b.desk.headOffice.sync.start()
    }
    await waitSynced(b)
    await settle(b, a)
    expect((await a.call('getDailyLimit')).chain?.silent).toEqual([])
  })

  it('a deposit to a phone with an unresolved deposit at the other terminal is refused there, until it resolves', async () => {
    // A's deposit leaves but its answer is lost: unknown, and re-sends keep failing for now.
    sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
    const open = await depositTo(a, AHMED, 5_000)
    expect(open).toMatchObject({ status: 'unknown' })
    await settle(a, b)
    const lookup = await b.call('lookupCustomer', { phone: AHMED.phone })
    expect(lookup.openDepositElsewhere).toMatchObject({
      terminal: 'Counter A',
      entryId: (open as { id: string }).id,
      amountDirhams: 5_000,
    })
    const refused = await b.rejection('deposit', {
      phone: AHMED.phone,
      amountDirhams: 1_000,
      confirmedFirstName: AHMED.name,
    })
    expect(refused.code).toBe('UNRESOLVED_DEPOSIT')
    expect(refused.details).toMatchObject({ elsewhere: true, terminal: 'Counter A' })
    expect(refused.message).toContain('Counter A')
    // A re-sends with its own reference: confirmed. Once the head office knows, B may deposit.
    sandbox.controls.setFaults([])
    // A background re-send that left before the fault was cleared may still come back unknown: ask again.
    let resolved = await a.call('retryDeposit', { entryId: (open as { id: string }).id })
    for (let i = 0; i < 20 && resolved.status !== 'confirmed'; i++) {
      await new Promise((r) => setTimeout(r, 100))
      resolved = await a.call('retryDeposit', { entryId: (open as { id: string }).id })
    }
    expect(resolved.status).toBe('confirmed')
    await settle(a, b)
    expect((await b.call('lookupCustomer', { phone: AHMED.phone })).openDepositElsewhere).toBeUndefined()
    expect(await depositTo(b, AHMED, 1_000)).toMatchObject({ status: 'confirmed' })
  })

  it('a chain report and its export give every terminal with its own figures, equal to its journal', async () => {
    await settle(a, b)
    await settle(b, a)
    const day = businessDay(Date.now())
    const report = await a.call('getReport', { from: day, to: day, scope: 'chain' })
    const la = localTotals(a)
    const lb = localTotals(b)
    expect(report.mode).toBe('live')
    expect(report.sales.dirhams).toBe(la.used + lb.used)
    expect(report.chain?.terminals.map((t) => [t.terminal, t.sales.dirhams, t.entryCount])).toEqual([
      ['Counter A', la.used, la.n],
      ['Counter B', lb.used, lb.n],
    ])
    expect(report.chain?.terminals.every((t) => t.lastReceivedAt !== null)).toBe(true)
    // Figures only: no phone, name or code of another terminal's customers.
    expect(report.failed.entries).toEqual([])
    expect(report.attention.entries).toEqual([])
    expect(report.byClerk.map((c) => c.clerk)).toEqual(['Counter A · Test Clerk', 'Counter B · Test Clerk'])
    // This PC's own report is unchanged by the chain.
    const own = await a.call('getReport', { from: day, to: day })
    expect(own.chain).toBeUndefined()
    expect(own.sales.dirhams).toBe(la.used)

    const path = join(mkdtempSync(join(tmpdir(), 'chain-export-')), 'chain.csv')
    const job = await a.call('exportReport', {
      format: 'csv',
      from: day,
      to: day,
      scope: 'chain',
      path,
      language: 'en',
    })
    expect(job).not.toBeNull()
    for (
      let i = 0;
      i < 100 && (await a.call('getExportProgress', { jobId: job?.jobId ?? '' })).state === 'running';
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20))
    }
    const csv = readFileSync(path, 'utf8')
    expect(csv).toContain(`By terminal,Counter A — Total,${la.issued + la.confirmed},${formatLyd(la.used)}`)
    expect(csv).toContain(`By terminal,Counter B — Total,${lb.issued + lb.confirmed},${formatLyd(lb.used)}`)
    expect(csv).not.toContain(MOHAMED.phone.slice(1))
  })

  it('does not name a counter that has never said it is there (a desk of an older version): it cannot tell', async () => {
    const account = (
      readJournal(a.desk.workspace().journal, (db) =>
        db.prepare('SELECT service_account FROM entries WHERE service_account IS NOT NULL LIMIT 1').get(),
      ) as { service_account: string }
    ).service_account
    await ho.terminal('Old counter')
    // What an older desk sends: its entries, never a word of presence. The counter was made, and its entry
    // journaled and received longer ago than a counter may stay quiet (QUICK_SYNC.silentAfterMs), as if that
    // long had passed since.
    const quietMs = QUICK_SYNC.silentAfterMs + 100
    const then = new Date(Date.now() - quietMs).toISOString()
    await ho.query(
      `UPDATE headoffice.terminals SET created_at = clock_timestamp() - $1 * interval '1 millisecond'
       WHERE name = 'Old counter'`,
      [quietMs],
    )
    await ho.query(
      `INSERT INTO headoffice.entries (terminal, id, kind, mode, created_at, created_pc_at, day, service_account,
         amount_dirhams, digest, received_at)
       VALUES ('Old counter', 'old-1', 'voucher', 'live', $1, $1, $2, $3, 5000, 'x',
         clock_timestamp() - $4 * interval '1 millisecond')`,
      [then, businessDay(Date.now()), account, quietMs],
    )
    await settle(b, a)
    const chain = (await a.call('getDailyLimit')).chain
    expect(chain?.terminals.find((t) => t.terminal === 'Old counter')).toMatchObject({ heardAt: null })
    expect(chain?.silent).toEqual([])
  })

  it('without a head office, a chain report is refused with a clear reason', async () => {
    const alone = await startTestDesk({ sandbox })
    try {
      const day = businessDay(Date.now())
      expect(await alone.rejection('getReport', { from: day, to: day, scope: 'chain' })).toMatchObject({
        code: 'NOT_CONFIGURED',
      })
    } finally {
      await alone.close()
    }
  })
})
