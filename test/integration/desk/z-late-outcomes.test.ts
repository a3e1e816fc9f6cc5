import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../../src/shared/reports'
import type { JournalEntry } from '../../../src/shared/types'
import { AHMED, SALE, startTestDesk, type TestDesk } from '../../helpers/desk'
import { MANAGER, type Window, windowOf } from '../../helpers/manager'

/** A 5 LYD sale, sold again whatever is open: the manager here knows of the vouchers left unknown. */
const FIVE_AGAIN = { ...SALE.five, confirmOpenVoucher: true }

/**
 * An entry a Z closes with no outcome (the answer was lost) and that is settled afterwards: its outcome is
 * carried by the next X and Z, once, so the money of every entry is in exactly one Z. Against the real desk
 * core and sandbox, as the manager's window calls it.
 */
let td: TestDesk
let manager: Window
/** The PC's wall clock, moved on to the next day by a test. */
let wallOffsetMs = 0

beforeAll(async () => {
  td = await startTestDesk({ deps: { pcNow: () => Date.now() + wallOffsetMs } })
  manager = windowOf(td, 'window-manager')
  await manager.call('createManager', MANAGER)
})

afterAll(async () => {
  await td?.close()
})

async function unknownVoucher(action: 'drop-after-commit' | 'drop-before-commit'): Promise<JournalEntry> {
  td.sandbox.controls.setFaults([{ method: 'POST', path: '/vouchers/generate', action, times: 1 }])
  const entry = await manager.call('generateVoucher', FIVE_AGAIN)
  expect(entry.status).toBe('unknown')
  return entry
}

/** A deposit whose answer was lost, first sent long enough ago that only a person settles it now. */
async function unknownDeposit(amountDirhams: number): Promise<JournalEntry> {
  td.sandbox.controls.setFaults([{ method: 'POST', path: '/deposit', action: 'drop-before-commit' }])
  try {
    await manager.call('lookupCustomer', { phone: AHMED.phone })
    const entry = await manager.call('deposit', {
      phone: AHMED.phone,
      amountDirhams,
      confirmedFirstName: AHMED.name,
    })
    expect(entry.status).toBe('unknown')
    const ws = td.desk.workspace()
    const db = new Database(ws.journal.path)
    db.prepare('UPDATE entries SET first_sent_at = ? WHERE id = ?').run(
      new Date(ws.session.clock.now() - 20 * 60_000).toISOString(),
      entry.id,
    )
    db.close()
    return entry
  } finally {
    td.sandbox.controls.clearFaults()
  }
}

const tally = (entries: JournalEntry[]) => ({
  count: entries.length,
  dirhams: entries.reduce((s, e) => s + e.amountDirhams, 0),
})
const none = { count: 0, dirhams: 0 }
const kind = (r: Report, k: 'voucher' | 'deposit') => r.late?.byKind.find((t) => t.kind === k)

describe('outcomes known after their Z', () => {
  let sold: JournalEntry
  let issuedLater: JournalEntry
  /** What the provider made for it (its answer was lost). */
  let issuedVoucher: { code: string; serial_number: unknown } | undefined
  let failedLater: JournalEntry
  let stillOpen: JournalEntry
  let z1: Report
  let z2: Report

  it('a Z closes entries without an outcome as open, with nothing earlier to carry', async () => {
    sold = await manager.call('generateVoucher', FIVE_AGAIN)
    issuedLater = await unknownVoucher('drop-after-commit')
    issuedVoucher = td.sandbox.controls.ledger().vouchers.at(-1)
    failedLater = await unknownDeposit(2_500)
    stillOpen = await unknownVoucher('drop-before-commit')
    z1 = await manager.call('closeDay')
    expect(z1.sales).toEqual(tally([sold]))
    expect(z1.byKind.find((k) => k.kind === 'voucher')?.open).toEqual(tally([issuedLater, stillOpen]))
    expect(z1.byKind.find((k) => k.kind === 'deposit')?.open).toEqual(tally([failedLater]))
    expect(z1.late).toEqual({
      byKind: [
        { kind: 'voucher', done: none, failed: none },
        { kind: 'deposit', done: none, failed: none },
      ],
      moved: none,
      failed: none,
      settled: { total: 0, entries: [] },
      stillOpen: none,
    })
  })

  it('the X after it shows what was settled since, and what is still open, though the day has nothing new', async () => {
    const voucher = issuedVoucher
    expect(voucher).toBeDefined()
    await manager.call('resolveEntry', {
      entryId: issuedLater.id,
      outcome: 'issued',
      code: voucher?.code,
      serialNumber: `${voucher?.serial_number}`,
      note: 'Provider portal shows the voucher',
    })
    await manager.call('resolveEntry', {
      entryId: failedLater.id,
      outcome: 'not-made',
      note: 'Cash handed back',
    })

    const x = await manager.call('getXReport')
    expect(x.entryCount).toBe(0)
    expect(x.sales).toEqual(none)
    expect(x.late?.moved).toEqual(tally([issuedLater]))
    expect(x.late?.failed).toEqual(tally([failedLater]))
    expect(kind(x, 'voucher')).toEqual({ kind: 'voucher', done: tally([issuedLater]), failed: none })
    expect(kind(x, 'deposit')).toEqual({ kind: 'deposit', done: none, failed: tally([failedLater]) })
    expect(x.late?.stillOpen).toEqual(tally([stillOpen]))
    expect(x.late?.settled.total).toBe(2)
    expect(x.late?.settled.entries.map((e) => [e.id, e.status])).toEqual(
      [
        [issuedLater.id, 'issued'],
        [failedLater.id, 'failed'],
      ].sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : 1)),
    )
    // The codes never travel in a report: the last 4 digits at most.
    expect(JSON.stringify(x)).not.toContain(voucher?.code)
  })

  it('the next Z carries them, though nothing was sold since (it was refused before), and keeps them', async () => {
    z2 = await manager.call('closeDay')
    expect(z2.z).toMatchObject({ number: 2, part: 2 })
    expect(z2.entryCount).toBe(0)
    expect(z2.late?.moved).toEqual(tally([issuedLater]))
    expect(z2.late?.settled.total).toBe(2)
    expect(z2.late?.stillOpen).toEqual(tally([stillOpen]))
    expect(await manager.call('getZReport', { number: 2 })).toEqual(z2)
    const listed = (await manager.call('listZReports')).reports
    expect(listed.map((z) => [z.number, z.sales, z.lateMoved])).toEqual([
      [2, none, tally([issuedLater])],
      [1, tally([sold]), none],
    ])
    // The first Z is as it was closed: the two then open, as open.
    expect(await manager.call('getZReport', { number: 1 })).toEqual(z1)
  })

  it('carries each outcome once: after that Z nothing is left to carry, and a third Z is refused', async () => {
    const x = await manager.call('getXReport')
    expect(x.late?.settled.total).toBe(0)
    expect(x.late?.moved).toEqual(none)
    expect(x.late?.stillOpen).toEqual(tally([stillOpen]))
    expect((await manager.rejection('closeDay')).code).toBe('ALREADY_CLOSED')
  })

  it('an entry still open at the second Z is carried by the Z after its outcome', async () => {
    await manager.call('resolveEntry', {
      entryId: stillOpen.id,
      outcome: 'not-issued',
      note: 'Not in portal',
    })
    const z3 = await manager.call('closeDay')
    expect(z3.z).toMatchObject({ number: 3, part: 3 })
    expect(kind(z3, 'voucher')).toEqual({ kind: 'voucher', done: none, failed: tally([stillOpen]) })
    expect(z3.late?.moved).toEqual(none)
    expect(z3.late?.stillOpen).toEqual(none)
    expect(z3.late?.settled.entries.map((e) => e.id)).toEqual([stillOpen.id])
    expect((await manager.rejection('closeDay')).code).toBe('ALREADY_CLOSED')
  })

  it('a sale in flight when the Z closes is closed open, and its answer is carried by the next Z', async () => {
    td.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'delay', delay_ms: 250, times: 1 },
    ])
    const selling = manager.call('generateVoucher', FIVE_AGAIN)
    const journal = td.desk.workspace().journal
    await expect.poll(() => journal.countOpen('pending')).toBe(1)
    const closed = await manager.call('closeDay')
    expect(closed.byKind.find((k) => k.kind === 'voucher')?.open.count).toBe(1)
    const sold = await selling
    expect(sold.status).toBe('issued')
    const next = await manager.call('closeDay')
    expect(next.entryCount).toBe(0)
    expect(next.late?.moved).toEqual(tally([sold]))
    expect(next.late?.settled.entries.map((e) => e.id)).toEqual([sold.id])
  })

  it('the Z of the next day carries an outcome found after the last Z of the day before', async () => {
    const lost = await unknownVoucher('drop-after-commit')
    const voucher = td.sandbox.controls.ledger().vouchers.at(-1)
    const today = await manager.call('closeDay')
    wallOffsetMs = 24 * 60 * 60_000
    await manager.call('resolveEntry', {
      entryId: lost.id,
      outcome: 'issued',
      code: voucher?.code,
      serialNumber: `${voucher?.serial_number}`,
      note: 'Provider portal shows the voucher',
    })
    const tomorrow = await manager.call('closeDay')
    expect(tomorrow.from).toBeGreaterThan(today.from)
    expect(tomorrow.z).toMatchObject({ number: (today.z?.number ?? 0) + 1, part: 1 })
    expect(tomorrow.late?.moved).toEqual(tally([lost]))
    expect(tomorrow.late?.settled.entries.map((e) => [e.id, e.day, e.status])).toEqual([
      [lost.id, today.from, 'issued'],
    ])
  })
})
