import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import {
  ACTIVE_PHONE,
  INACTIVE_PHONE,
  ResellerClient,
  startTestSandbox,
  testSeed,
  tripoliInstant,
} from '../../helpers/sandbox'

let sandbox: Sandbox
let client: ResellerClient

function withLimit(dailyMax: number) {
  return testSeed({
    resellers: [
      { username: 'demo', password: 'demo-pass', daily_max_amount: dailyMax },
      { username: 'other', password: 'other-pass', daily_max_amount: dailyMax },
    ],
  })
}

async function start(dailyMax: number) {
  sandbox = await startTestSandbox({ seed: withLimit(dailyMax) })
  client = await new ResellerClient(sandbox.baseUrl).signIn()
}

afterEach(() => sandbox.close())

describe('sandbox: the daily limit', () => {
  beforeEach(() => start(200))

  it('is shared by voucher values and deposits, and reports the figures in LYD when exceeded', async () => {
    expect((await client.generate(6)).status).toBe(201) // 100
    expect((await client.deposit(ACTIVE_PHONE, 70.5, 'a')).status).toBe(200)
    const over = await client.generate(4) // 30 > 29.5 remaining
    expect(over.status).toBe(422)
    expect(over.body).toEqual({
      message: 'Daily limit exceeded.',
      daily_max_amount: 200,
      used_today: 170.5,
      remaining: 29.5,
      requested: 30,
    })
    const overDeposit = await client.deposit(ACTIVE_PHONE, 29.501, 'b')
    expect(overDeposit.status).toBe(422)
    expect(overDeposit.body).toMatchObject({
      message: 'Daily limit exceeded.',
      remaining: 29.5,
      requested: 29.501,
    })
    // Exactly up to the limit is allowed.
    expect((await client.deposit(ACTIVE_PHONE, 29.5, 'c')).status).toBe(200)
    expect((await client.generate(1)).body).toMatchObject({ used_today: 200, remaining: 0 })
  })

  it('uses nothing for refused requests and leaves their external_transaction_id usable', async () => {
    expect((await client.deposit(ACTIVE_PHONE, 150, 'one')).status).toBe(200)
    const refused = await client.deposit(ACTIVE_PHONE, 60, 'two')
    expect(refused.status).toBe(422)
    expect((await client.deposit('0959999999', 10, 'three')).status).toBe(404)
    expect((await client.deposit(INACTIVE_PHONE, 10, 'four')).status).toBe(422)
    // The refused ids are still free and the refused amounts were not counted.
    expect((await client.deposit(ACTIVE_PHONE, 50, 'two')).status).toBe(200)
    expect(sandbox.controls.ledger().deposits.map((d) => d.external_transaction_id)).toEqual(['one', 'two'])
  })

  it('is per reseller', async () => {
    expect((await client.deposit(ACTIVE_PHONE, 200, 'mine')).status).toBe(200)
    const other = await new ResellerClient(sandbox.baseUrl).signIn({
      username: 'other',
      password: 'other-pass',
    })
    expect((await other.deposit(ACTIVE_PHONE, 200, 'mine')).status).toBe(200)
    expect((await client.deposit(ACTIVE_PHONE, 0.01, 'more')).status).toBe(422)
  })

  it('answers a repeat of a deposit that went through with 409 even once the day is full', async () => {
    expect((await client.deposit(ACTIVE_PHONE, 200, 'full')).status).toBe(200)
    const again = await client.deposit(ACTIVE_PHONE, 200, 'full')
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'Duplicate transaction.', external_transaction_id: 'full' })
  })

  it('follows a daily_max_amount change made through the controls', async () => {
    sandbox.controls.updateReseller('demo', { daily_max_amount: 10 })
    const res = await client.deposit(ACTIVE_PHONE, 10.001, 'x')
    expect(res.body).toMatchObject({ message: 'Daily limit exceeded.', daily_max_amount: 10 })
  })

  it('resets at midnight in Africa/Tripoli, not at midnight UTC', async () => {
    const base = Date.now()
    const setClock = (instant: number) => sandbox.controls.setClockOffset(instant - base)
    setClock(tripoliInstant('2030-06-10T23:58:00'))
    const late = await new ResellerClient(sandbox.baseUrl).signIn(undefined, '2030-06-20T00:00:00Z')
    expect((await late.deposit(ACTIVE_PHONE, 200, 'before-midnight')).status).toBe(200)
    expect((await late.deposit(ACTIVE_PHONE, 1, 'refused')).status).toBe(422)

    // 00:01 in Tripoli is still 22:01 UTC on the 10th: a new business day all the same.
    setClock(tripoliInstant('2030-06-11T00:01:00'))
    const after = await late.deposit(ACTIVE_PHONE, 150, 'after-midnight')
    expect(after.status).toBe(200)
    const voucher = await late.generate(4)
    expect(voucher.body.data).toMatchObject({ activation_date: '2030-06-11', expiry_date: '2031-06-11' })
    expect((await late.deposit(ACTIVE_PHONE, 20.001, 'over')).body).toMatchObject({
      used_today: 180,
      remaining: 20,
    })
  })
})

describe('sandbox: money is counted in whole dirhams', () => {
  beforeEach(() => start(10))

  it('sums 1000 deposits of 0.01 to exactly 10 LYD', async () => {
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => client.deposit(ACTIVE_PHONE, 0.01, `cent-${batch}-${i}`)),
      )
      expect(results.every((r) => r.status === 200)).toBe(true)
    }
    const full = await client.deposit(ACTIVE_PHONE, 0.01, 'one-too-many')
    expect(full.body).toEqual({
      message: 'Daily limit exceeded.',
      daily_max_amount: 10,
      used_today: 10,
      remaining: 0,
      requested: 0.01,
    })
    const ledger = sandbox.controls.ledger()
    expect(ledger.deposits).toHaveLength(1000)
  })
})

describe('sandbox: concurrency', () => {
  beforeEach(() => start(1000))

  it('credits exactly once when 20 deposits with the same id arrive together', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.deposit(ACTIVE_PHONE, 5, 'same-id')),
    )
    const statuses = results.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    expect(
      sandbox.controls.ledger().deposits.filter((d) => d.external_transaction_id === 'same-id'),
    ).toHaveLength(1)
  })

  it('never lets concurrent deposits and vouchers exceed the limit', async () => {
    const requests = [
      ...Array.from({ length: 30 }, (_, i) => client.deposit(ACTIVE_PHONE, 33.333, `race-${i}`)),
      ...Array.from({ length: 10 }, () => client.generate(6)),
    ]
    const results = await Promise.all(requests)
    expect(results.every((r) => [200, 201, 422].includes(r.status))).toBe(true)
    const ledger = sandbox.controls.ledger()
    const spentDirhams =
      ledger.deposits.reduce((sum, d) => sum + Math.round(d.amount * 1000), 0) +
      ledger.vouchers.reduce((sum, v) => sum + Math.round(v.denomination_value * 1000), 0)
    expect(spentDirhams).toBeLessThanOrEqual(1_000_000)
    // Accepted requests filled the day: what is left is smaller than the smallest refused request.
    expect(1_000_000 - spentDirhams).toBeLessThan(33_333)
    const accepted = results.filter((r) => r.status !== 422).length
    expect(accepted).toBe(ledger.deposits.length + ledger.vouchers.length)
  })
})
