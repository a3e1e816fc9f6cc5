import { afterEach, describe, expect, it } from 'vitest'
import { startTestDesk, type TestDesk } from '../helpers/desk'
import { TOKEN_UNANSWERED_ONCE, tokenRefusedOnce } from '../helpers/faults'

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
