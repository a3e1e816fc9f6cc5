import { afterEach, describe, expect, it, vi } from 'vitest'
import { MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

/**
 * What the update controller asks the desk before installing: is money moving? A sale on its way, an entry
 * whose answer is not recorded, an unknown deposit the background is re-sending each say yes; and what
 * `stop()` reports is what was still open once sends in flight had ended.
 */
let t: TestDesk | null = null
afterEach(async () => {
  await t?.close()
  t = null
})

const IDLE = { inFlight: 0, pending: 0, resending: 0 }

describe("the desk's money activity", () => {
  it('is nothing on a desk at rest, and after a sale has its answer', async () => {
    t = await startTestDesk()
    expect(t.desk.moneyActivity()).toEqual(IDLE)
    expect((await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).status).toBe(
      'issued',
    )
    expect(t.desk.moneyActivity()).toEqual(IDLE)
  })

  it('counts a sale while its request is on its way, journaled as pending', async () => {
    t = await startTestDesk({ settings: { answerTimeoutMs: 5_000 } })
    await t.call('listDenominations', {})
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'delay', delay_ms: 1_500, times: 1 },
    ])
    const sale = t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000, requestId: 'held-sale' })
    // While the service holds its answer (1.5 s): counted as soon as the request is on its way.
    const desk = t.desk
    await vi.waitFor(() => expect(desk.moneyActivity()).toEqual({ inFlight: 1, pending: 1, resending: 0 }), {
      timeout: 1_400,
      interval: 5,
    })
    expect((await sale).status).toBe('issued')
    expect(t.desk.moneyActivity()).toEqual(IDLE)
  })

  it('counts an unknown deposit the background is re-sending, and stop() reports it', async () => {
    t = await startTestDesk({ deps: { recoverySchedule: [60_000] } })
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'drop-after-commit', times: 1 },
    ])
    const entry = await t.call('deposit', {
      phone: MOHAMED.phone,
      amountDirhams: 10_000,
      confirmedFirstName: MOHAMED.name,
    })
    expect(entry.status).toBe('unknown')
    expect(t.desk.moneyActivity()).toEqual({ inFlight: 0, pending: 0, resending: 1 })
    const desk = t.desk
    expect(await desk.stop()).toEqual({ inFlight: 0, pending: 0, resending: 1 })
    // close() below stops it again: stopping twice is harmless.
  })
})
