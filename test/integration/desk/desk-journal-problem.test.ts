import { afterEach, describe, expect, it } from 'vitest'
import { DESK_CALLS, DESK_METHODS, type DeskMethod } from '../../../src/shared/contract'
import { MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

let t: TestDesk | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** A valid input for every call the contract marks as a money call. */
const MONEY_CALL_INPUTS: Partial<Record<DeskMethod, unknown>> = {
  generateVoucher: { denominationId: 1, valueDirhams: 5_000 },
  deposit: { phone: MOHAMED.phone, amountDirhams: 1000, confirmedFirstName: MOHAMED.name },
  retryDeposit: { entryId: 'e1' },
  recoverNow: {},
  resolveEntry: { entryId: 'e1', outcome: 'not-made', note: 'Checked with the provider' },
  annotateEntry: { entryId: 'e1', note: 'Checked with the provider' },
  closeDay: {},
}

describe('a journal that cannot promise to keep money records', () => {
  it('refuses every money call with JOURNAL_UNAVAILABLE, and stays readable', async () => {
    t = await startTestDesk()
    const sold = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    const journal = t.desk.workspace().journal
    ;(journal.health as { problem: string | null }).problem = 'The journal failed its integrity check.'
    const money = DESK_METHODS.filter((m) => DESK_CALLS[m].money)
    expect(money.length).toBeGreaterThan(0)
    for (const method of money) {
      expect(MONEY_CALL_INPUTS, `a sample input for ${method}`).toHaveProperty(method)
      expect((await t.rejection(method, MONEY_CALL_INPUTS[method])).code, method).toBe('JOURNAL_UNAVAILABLE')
    }
    expect((await t.call('getStatus')).journalProblem).toMatch(/integrity/)
    expect((await t.call('getEntry', { entryId: sold.id })).entry.status).toBe('issued')
    expect((await t.call('listJournal', {})).entries.map((e) => e.id)).toEqual([sold.id])
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(1)
  })
})
