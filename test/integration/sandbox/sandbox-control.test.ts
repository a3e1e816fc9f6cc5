import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { ACTIVE_PHONE, asJson, ResellerClient, startTestSandbox } from '../../helpers/sandbox'

function send(url: string, method: string, body?: unknown) {
  return fetch(url, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  }).then(asJson)
}

describe('sandbox: HTTP controls under /__control/', () => {
  let sandbox: Sandbox
  let client: ResellerClient
  let control: string
  beforeAll(async () => {
    sandbox = await startTestSandbox({ control: true })
    client = await new ResellerClient(sandbox.baseUrl).signIn()
    control = `${sandbox.origin}/__control`
  })
  afterAll(() => sandbox.close())

  it('GET /ledger lists vouchers, deposits and token requests', async () => {
    const voucher = (await client.generate(4)).body.data as { code: string; serial_number: string }
    const deposit = (await client.deposit(ACTIVE_PHONE, 2.5, 'ledger-1')).body.data as {
      transaction_id: number
    }
    const ledger = await send(`${control}/ledger`, 'GET')
    expect(ledger.status).toBe(200)
    expect(ledger.body.vouchers).toContainEqual({
      code: voucher.code,
      serial_number: voucher.serial_number,
      denomination_value: 30,
      reseller: 'demo',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(ledger.body.deposits).toContainEqual({
      transaction_id: deposit.transaction_id,
      external_transaction_id: 'ledger-1',
      phone: ACTIVE_PHONE,
      amount: 2.5,
      reseller: 'demo',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(ledger.body.token_requests).toBe(1)
  })

  it('POST /clock moves the service clock and its Date header, on successes and errors alike', async () => {
    const offset = 3 * 86_400_000
    const set = await send(`${control}/clock`, 'POST', { offset_ms: offset })
    expect(set.status).toBe(200)
    expect(set.body.offset_ms).toBe(offset)
    try {
      for (const res of [
        await fetch(`${sandbox.baseUrl}/denominations`, {
          headers: { authorization: `Bearer ${client.token}` },
        }),
        await fetch(`${sandbox.baseUrl}/missing`),
        await fetch(`${sandbox.baseUrl}/deposit`, { method: 'POST', body: '{' }),
      ]) {
        const date = Date.parse(res.headers.get('date') ?? '')
        expect(Math.abs(date - (Date.now() + offset))).toBeLessThan(5_000)
      }
      expect(Math.abs(sandbox.controls.now() - (Date.now() + offset))).toBeLessThan(1_000)
      // The one-day token is now expired on the service's clock.
      expect((await client.get('/denominations')).status).toBe(401)
    } finally {
      await send(`${control}/clock`, 'POST', { offset_ms: 0 })
    }
    const res = await fetch(`${sandbox.baseUrl}/denominations`, {
      headers: { authorization: `Bearer ${client.token}` },
    })
    expect(Math.abs(Date.parse(res.headers.get('date') ?? '') - Date.now())).toBeLessThan(5_000)
    expect(res.status).toBe(200)
  })

  it('PUT and PATCH /users/:phone add users and change their status', async () => {
    const put = await send(`${control}/users/0951112233`, 'PUT', { first_name: 'Huda', status: 'active' })
    expect(put.status).toBe(200)
    expect((await client.lookup('0951112233')).body.data).toEqual({ first_name: 'Huda', status: 'active' })
    expect((await send(`${control}/users/0951112233`, 'PATCH', { status: 'inactive' })).status).toBe(200)
    expect((await client.lookup('0951112233')).body.data).toEqual({ first_name: 'Huda', status: 'inactive' })
    expect((await send(`${control}/users/0959990000`, 'PATCH', { status: 'inactive' })).status).toBe(404)
    expect((await send(`${control}/users/123`, 'PUT', { first_name: 'X', status: 'active' })).status).toBe(
      422,
    )
  })

  it('PATCH /resellers/:username changes the password, the limit, the address list and the disabled flag', async () => {
    const patched = await send(`${control}/resellers/other`, 'PATCH', {
      password: 'new-pass',
      daily_max_amount: 1,
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ username: 'other', daily_max_amount: 1, disabled: false })
    const other = new ResellerClient(sandbox.baseUrl)
    expect((await other.requestToken({ username: 'other', password: 'other-pass' })).status).toBe(401)
    await other.signIn({ username: 'other', password: 'new-pass' })
    expect((await other.deposit(ACTIVE_PHONE, 1.001, 'other-1')).body.message).toBe('Daily limit exceeded.')

    await send(`${control}/resellers/other`, 'PATCH', { allowed_ips: ['10.0.0.1'] })
    expect((await other.get('/denominations')).status).toBe(403)
    await send(`${control}/resellers/other`, 'PATCH', { allowed_ips: null, disabled: true })
    expect((await other.get('/denominations')).body).toEqual({ message: 'Reseller account is disabled.' })
    expect((await send(`${control}/resellers/nobody`, 'PATCH', { disabled: true })).status).toBe(404)
    expect((await send(`${control}/resellers/other`, 'PATCH', { allowed_ips: ['not-an-ip'] })).status).toBe(
      422,
    )
  })

  it('POST /rate-limit sets the per-minute limit', async () => {
    expect((await send(`${control}/rate-limit`, 'POST', { per_minute: 2 })).body).toEqual({ per_minute: 2 })
    try {
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await client.get('/denominations')).status)
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await send(`${control}/rate-limit`, 'POST', { per_minute: 0 })
    }
    expect((await client.get('/denominations')).status).toBe(200)
  })

  it('POST /reset forgets tokens, vouchers and deposits', async () => {
    expect((await send(`${control}/reset`, 'POST')).status).toBe(200)
    expect((await client.get('/denominations')).status).toBe(401)
    const ledger = await send(`${control}/ledger`, 'GET')
    expect(ledger.body).toEqual({ vouchers: [], deposits: [], token_requests: 0 })
    await client.signIn()
    expect((await client.deposit(ACTIVE_PHONE, 1, 'ledger-1')).status).toBe(200)
  })

  it('answers malformed control bodies with 422 JSON', async () => {
    const res = await send(`${control}/clock`, 'POST', { offset_ms: 'soon' })
    expect(res.status).toBe(422)
    expect(res.body.message).toContain('offset_ms')
  })
})

describe('sandbox: controls without --control', () => {
  it('exposes no /__control/ routes over HTTP, while the in-process controls still work', async () => {
    const sandbox = await startTestSandbox()
    try {
      for (const [method, path] of [
        ['GET', '/ledger'],
        ['POST', '/clock'],
        ['POST', '/faults'],
        ['DELETE', '/faults'],
      ] as const) {
        expect(
          (await send(`${sandbox.origin}/__control${path}`, method, method === 'POST' ? {} : undefined))
            .status,
        ).toBe(404)
      }
      sandbox.controls.setClockOffset(86_400_000)
      const res = await fetch(`${sandbox.baseUrl}/denominations`)
      expect(Date.parse(res.headers.get('date') ?? '') - Date.now()).toBeGreaterThan(86_000_000)
    } finally {
      await sandbox.close()
    }
  })
})
