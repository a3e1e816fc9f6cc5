import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../src/sandbox/index'
import { DEMO, deskSeed, SALE, startTestDesk, type TestDesk } from '../../helpers/desk'
import { TOKEN_UNANSWERED_ONCE, tokenRefusedOnce } from '../../helpers/faults'

let t: TestDesk
afterEach(async () => {
  await t?.close()
})

describe('selling a voucher', () => {
  it('journals the sale and shows the full code only in the result', async () => {
    t = await startTestDesk()
    const list = await t.call('listDenominations', {})
    expect(list.items.map((d) => d.valueDirhams)).toEqual([5000, 30000, 100000])
    expect(list.stale).toBe(false)

    const entry = await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    expect(entry.status).toBe('issued')
    expect(entry.amountDirhams).toBe(30_000)
    expect(entry.voucher?.code).toMatch(/^\d{15}$/)
    expect(entry.voucher?.serialNumber).toMatch(/^\d{11}$/)
    expect(entry.clerk).toBe('Test Clerk')

    const ledger = t.sandbox.controls.ledger()
    expect(ledger.vouchers).toHaveLength(1)
    expect(ledger.vouchers[0]?.code).toBe(entry.voucher?.code)

    const page = await t.call('listJournal', {})
    expect(page.entries).toHaveLength(1)
    const listed = page.entries[0]?.voucher?.code ?? ''
    expect(listed).toBe(`***********${entry.voucher?.code.slice(-4)}`)
  })

  it('records a definite rejection as failed and an unanswered one as unknown, never retrying', async () => {
    t = await startTestDesk()
    t.sandbox.controls.setFaults([
      {
        method: 'POST',
        path: '/vouchers/generate',
        action: 'respond',
        status: 422,
        body: { message: 'Validation failed.', errors: { denomination_id: ['bad'] } },
        times: 1,
      },
    ])
    const failed = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(failed.status).toBe('failed')
    expect(failed.error?.code).toBe('VALIDATION')
    expect(failed.needsAttention).toBe(false)

    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const unknown = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(unknown.status).toBe('unknown')
    expect(unknown.needsAttention).toBe(true)
    expect(unknown.error?.code).toBe('OUTCOME_UNKNOWN')
    await t.desk.recovery.pass()
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(1)
    expect((await t.call('getStatus')).needsAttention).toBe(1)
    const retry = await t.rejection('retryDeposit', { entryId: unknown.id })
    expect(retry.code).toBe('NOT_RETRYABLE')
  })

  it('a 401, then no answer for a new token: failed and said so, not "the service answered with an error"', async () => {
    t = await startTestDesk()
    // The start's denomination refresh gets the token: let it land, so the sale goes with it.
    await t.desk.workspace().catalog.refreshing
    t.sandbox.controls.setFaults([tokenRefusedOnce('/vouchers/generate'), TOKEN_UNANSWERED_ONCE])
    const failed = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(failed).toMatchObject({
      status: 'failed',
      needsAttention: false,
      error: { code: 'NOT_SENT', details: { reason: 'TOKEN_NO_ANSWER' } },
    })
    const events = (await t.call('getEntry', { entryId: failed.id })).events
    expect(events.map((e) => [e.type, e.httpStatus, e.detail?.access])).toEqual([
      ['created', undefined, undefined],
      ['sent', undefined, undefined],
      ['answered', 401, 'TOKEN_NO_ANSWER'],
    ])
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(0)
  })

  it('returns the same entry for a repeated requestId instead of buying twice', async () => {
    t = await startTestDesk()
    const [a, b] = await Promise.all([
      t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'click-1' }),
      t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'click-1' }),
    ])
    expect(a.id).toBe(b.id)
    const c = await t.call('generateVoucher', {
      denominationId: 1,
      valueDirhams: 5_000,
      requestId: 'click-1',
    })
    expect(c.id).toBe(a.id)
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(1)
    expect(
      (
        await t.rejection('generateVoucher', {
          denominationId: 4,
          valueDirhams: 30_000,
          requestId: 'click-1',
        })
      ).code,
    ).toBe('BAD_INPUT')
  })
})

describe('what the clerk confirms is what is sold', () => {
  const FIVE = SALE.five

  it('sends nothing when the value confirmed is not the list’s for that id, and says what it is now', async () => {
    t = await startTestDesk()
    await t.call('listDenominations', {})
    const refused = await t.rejection('generateVoucher', { denominationId: 1, valueDirhams: 15_000 })
    expect(refused.code).toBe('DENOMINATION_CHANGED')
    expect(refused.details).toMatchObject({
      denominationId: 1,
      confirmedDirhams: 15_000,
      currentDirhams: 5_000,
    })
    const gone = await t.rejection('generateVoucher', { denominationId: 2, valueDirhams: 10_000 })
    expect(gone.code).toBe('DENOMINATION_CHANGED')
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(0)
    expect((await t.call('listJournal', {})).entries).toHaveLength(0)
  })

  it('never sells from a list kept for another service: the live service’s own list is fetched first', async () => {
    const live = await startSandbox({
      seed: deskSeed({
        resellers: [{ username: 'shop', password: 'shop-pass', daily_max_amount: 5000 }],
        denominations: [
          { id: 1, name: '15 LYD', value: 15 },
          { id: 2, name: '25 LYD', value: 25 },
        ],
      }),
    })
    try {
      t = await startTestDesk()
      const training = await t.call('listDenominations', {})
      const status = await t.call('configureService', {
        baseUrl: live.baseUrl,
        username: 'shop',
        password: 'shop-pass',
      })
      // The status names another list: the Sell screen puts away the training one.
      expect(status.catalogDigest).not.toBe(training.digest)
      // Training's 5 LYD under id 1 is live's 15 LYD: confirming 5 sells nothing.
      expect((await t.rejection('generateVoucher', FIVE)).code).toBe('DENOMINATION_CHANGED')
      expect(live.controls.ledger().vouchers).toHaveLength(0)
      const list = await t.call('listDenominations', {})
      expect(list).toMatchObject({ mode: 'live', digest: (await t.call('getStatus')).catalogDigest })
      expect(list.items.map((d) => d.valueDirhams)).toEqual([15_000, 25_000])
      expect(
        (await t.call('generateVoucher', { denominationId: 1, valueDirhams: 15_000 })).amountDirhams,
      ).toBe(15_000)
    } finally {
      await t.close()
      await live.close()
    }
  })

  it('flags a voucher the service issued at another value, says both, and fetches the list again', async () => {
    t = await startTestDesk()
    const before = await t.call('listDenominations', {})
    // The provider changes its list after the desk fetched it: id 1 is now 15 LYD.
    t.sandbox.controls.setDenominations([
      { id: 1, name: '15 LYD', value: 15 },
      { id: 4, name: '30 LYD', value: 30 },
    ])
    const sold = await t.call('generateVoucher', FIVE)
    expect(sold).toMatchObject({
      status: 'issued',
      amountDirhams: 15_000,
      confirmedValueDirhams: 5_000,
      needsAttention: true,
    })
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(1)
    expect((await t.call('getStatus')).needsAttention).toBe(1)
    const detail = await t.call('getEntry', { entryId: sold.id })
    expect(detail.events.find((e) => e.type === 'answered')?.detail).toMatchObject({
      otherValue: { confirmedDirhams: 5_000, issuedDirhams: 15_000 },
    })
    // The list is fetched again: the status names the new one, and 5 LYD is no longer offered.
    await expect.poll(async () => (await t.call('getStatus')).catalogDigest).not.toBe(before.digest)
    expect((await t.call('listDenominations', {})).items.map((d) => d.valueDirhams)).toEqual([15_000, 30_000])
    expect((await t.rejection('generateVoucher', FIVE)).code).toBe('DENOMINATION_CHANGED')
  })

  it('fetches a list some minutes old again when the Sell screen asks, without making it wait', async () => {
    t = await startTestDesk()
    const before = await t.call('listDenominations', {})
    t.sandbox.controls.setDenominations([{ id: 1, name: '15 LYD', value: 15 }])
    // Six minutes later by the service's clock (the desk follows its Date header).
    t.sandbox.controls.setClockOffset(6 * 60_000)
    await t.call('getDailyLimit')
    await t.call('lookupCustomer', { phone: '0912345678' })
    expect((await t.call('listDenominations', {})).digest).toBe(before.digest)
    await expect.poll(async () => (await t.call('getStatus')).catalogDigest).not.toBe(before.digest)
    expect((await t.rejection('generateVoucher', FIVE)).code).toBe('DENOMINATION_CHANGED')
  })

  it('asks before selling a value whose voucher today has no known outcome, naming it', async () => {
    t = await startTestDesk()
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    const unknown = await t.call('generateVoucher', FIVE)
    expect(unknown.status).toBe('unknown')
    const asked = await t.rejection('generateVoucher', FIVE)
    expect(asked.code).toBe('OPEN_VOUCHER_NEEDS_CONFIRMATION')
    expect(asked.details).toMatchObject({
      entryId: unknown.id,
      at: unknown.createdAt,
      clerk: 'Test Clerk',
      valueDirhams: 5_000,
    })
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(1)
    // Another value is not asked about; the same value is sold once the clerk says so.
    expect((await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })).status).toBe(
      'issued',
    )
    expect((await t.call('generateVoucher', { ...FIVE, confirmOpenVoucher: true })).status).toBe('issued')
    expect(t.sandbox.controls.ledger().vouchers).toHaveLength(3)
  })
})

describe('the daily limit’s figures', () => {
  it('add up to the limit with a voucher of unknown outcome open, before and after a refusal', async () => {
    t = await startTestDesk({
      seed: deskSeed({ resellers: [{ ...DEMO, daily_max_amount: 300, allowed_ips: ['127.0.0.1', '::1'] }] }),
    })
    await t.call('updateSettings', { agreedDailyLimitDirhams: 300_000 })
    await t.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    const agreed = (await t.call('getDailyLimit')).figures
    expect(agreed).toEqual({
      limitDirhams: 300_000,
      usedDirhams: 100_000,
      openDirhams: 30_000,
      leftDirhams: 170_000,
    })

    // The service refuses 2 × 100: it counted the open 30 (it went through), 170 is really left.
    await t.call('generateVoucher', { denominationId: 6, valueDirhams: 100_000 })
    const refused = await t.call('generateVoucher', {
      denominationId: 6,
      valueDirhams: 100_000,
      confirmOpenVoucher: true,
    })
    expect(refused.error?.details).toMatchObject({ usedTodayDirhams: 230_000, remainingDirhams: 70_000 })
    const after = (await t.call('getDailyLimit')).figures
    expect(after.usedDirhams + after.openDirhams + (after.leftDirhams ?? 0)).toBe(after.limitDirhams)
    expect(after).toEqual({
      limitDirhams: 300_000,
      usedDirhams: 230_000,
      openDirhams: 30_000,
      leftDirhams: 40_000,
    })
  })
})
