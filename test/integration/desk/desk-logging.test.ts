import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, MemorySink } from '../../../src/main/log'
import { MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

let t: TestDesk | undefined
afterEach(async () => {
  await t?.close()
})

describe('what the desk writes to its log', () => {
  it('never holds the password, a token or a whole voucher code, even when things go wrong', async () => {
    const sink = new MemorySink()
    t = await startTestDesk({ deps: { log: createLogger(sink) } })
    const sold = await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/vouchers/generate', action: 'drop-after-commit', times: 1 },
    ])
    await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    await t.call('lookupCustomer', { phone: MOHAMED.phone })
    t.sandbox.controls.setFaults([
      { method: 'POST', path: '/deposit', action: 'respond', status: 500, times: 1 },
    ])
    await t.call('deposit', { phone: MOHAMED.phone, amountDirhams: 1000, confirmedFirstName: MOHAMED.name })
    const text = sink.lines.join('\n')
    expect(text.length).toBeGreaterThan(0)
    expect(text).not.toContain('demo-pass')
    expect(text).not.toMatch(/\d+\|[A-Za-z0-9]{8,}/)
    for (const v of t.sandbox.controls.ledger().vouchers) expect(text).not.toContain(v.code)
    expect(text).not.toContain(sold.voucher?.code ?? 'never')
  })
})
