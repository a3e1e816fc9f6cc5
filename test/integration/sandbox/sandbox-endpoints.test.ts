import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from '../../../src/sandbox/index'
import {
  ACTIVE_NAME,
  ACTIVE_PHONE,
  asJson,
  INACTIVE_PHONE,
  ResellerClient,
  SECOND_PHONE,
} from '../../helpers/sandbox'

let sandbox: Sandbox
let client: ResellerClient
let nextId = 0
const newId = () => `ext-${Date.now()}-${++nextId}`

beforeAll(async () => {
  // The default seed (resources/sandbox-seed.json), without its rate limit so the suite can go fast.
  sandbox = await startSandbox()
  sandbox.controls.setRateLimit(0)
  client = await new ResellerClient(sandbox.baseUrl).signIn()
})
afterAll(() => sandbox.close())

describe('sandbox: default seed and GET /denominations', () => {
  it('serves the demo catalogue from resources/sandbox-seed.json', async () => {
    const res = await client.get('/denominations')
    expect(res.status).toBe(200)
    const data = res.body.data as { id: number; name: string; value: number }[]
    expect(data.map((d) => d.value)).toEqual([5, 10, 20, 30, 50, 100])
    for (const d of data) {
      expect(Number.isInteger(d.id)).toBe(true)
      expect(d.name).toBe(`${d.value} LYD`)
    }
  })

  it('knows a dozen users with Arabic and Latin names, active and inactive', async () => {
    const arabic = await client.lookup('0912345678')
    expect(arabic.body.data).toEqual({ first_name: 'محمد', status: 'active' })
    const latin = await client.lookup('0931234567')
    expect(latin.body.data).toEqual({ first_name: 'Ahmed', status: 'active' })
    const inactive = await client.lookup('0947654321')
    expect(inactive.body.data).toEqual({ first_name: 'Khaled', status: 'inactive' })
  })
})

describe('sandbox: POST /vouchers/generate', () => {
  it('answers 201 with a 15-digit code, an 11-digit serial, the value and dates in Tripoli', async () => {
    const res = await client.generate(6)
    expect(res.status).toBe(201)
    const v = res.body.data as Record<string, unknown>
    expect(v.code).toMatch(/^\d{15}$/)
    expect(v.serial_number).toMatch(/^\d{11}$/)
    expect(v.denomination_value).toBe(100)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tripoli' }).format(
      sandbox.controls.now(),
    )
    expect(v.activation_date).toBe(today)
    expect(v.expiry_date).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`)
  })

  it('gives every voucher its own code and serial', async () => {
    const vouchers = await Promise.all(Array.from({ length: 30 }, () => client.generate(1)))
    const codes = new Set(vouchers.map((r) => (r.body.data as { code: string }).code))
    const serials = new Set(vouchers.map((r) => (r.body.data as { serial_number: string }).serial_number))
    expect(codes.size).toBe(30)
    expect(serials.size).toBe(30)
  })

  it('dates a voucher made on 29 February to expire on 28 February next year', async () => {
    sandbox.controls.setClockOffset(Date.parse('2028-02-29T12:00:00+02:00') - Date.now())
    try {
      const later = await new ResellerClient(sandbox.baseUrl).signIn(undefined, '2028-03-01T00:00:00Z')
      const res = await later.generate(1)
      expect(res.body.data).toMatchObject({ activation_date: '2028-02-29', expiry_date: '2029-02-28' })
    } finally {
      sandbox.controls.setClockOffset(0)
    }
  })

  it('refuses a missing or unknown denomination_id with 422 "Validation failed." and errors.denomination_id', async () => {
    for (const id of [undefined, 999, 'abc', 1.5]) {
      const res = await client.generate(id)
      expect(res.status, String(id)).toBe(422)
      expect(res.body.message).toBe('Validation failed.')
      expect(res.body.errors?.denomination_id).toHaveLength(1)
    }
    const empty = await client.post('/vouchers/generate', {})
    expect(empty.status).toBe(422)
    expect(empty.body.errors?.denomination_id).toHaveLength(1)
  })
})

describe('sandbox: GET /user-lookup', () => {
  it('accepts 09…, +2189…, 2189… with spaces or dashes', async () => {
    for (const phone of ['0912345678', '+218912345678', '218912345678', '091 234 5678', '+218-91-234-5678']) {
      const res = await client.lookup(phone)
      expect(res.status, phone).toBe(200)
      expect(res.body).toEqual({ data: { first_name: ACTIVE_NAME, status: 'active' } })
    }
  })

  it('answers 200 with status "inactive" for an inactive user', async () => {
    const res = await client.lookup(INACTIVE_PHONE)
    expect(res.status).toBe(200)
    expect((res.body.data as { status: string }).status).toBe('inactive')
  })

  it('answers 404 "User not found." for a valid number nobody holds', async () => {
    const res = await client.lookup('0959999999')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'User not found.' })
  })

  it('answers 422 with errors.phone when phone is missing or malformed', async () => {
    const missing = await client.get('/user-lookup')
    expect(missing.status).toBe(422)
    expect(missing.body.errors?.phone).toHaveLength(1)
    for (const phone of ['12345', '0971234567', '09123456789', 'abc', '00218912345678']) {
      const res = await client.lookup(phone)
      expect(res.status, phone).toBe(422)
      expect(res.body.errors?.phone).toHaveLength(1)
    }
  })
})

describe('sandbox: POST /deposit', () => {
  it('credits an active user: 200 with transaction_id, phone, first_name, amount, external_transaction_id', async () => {
    const id = newId()
    const res = await client.deposit('+218 91 234 5678', 12.5, id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: {
        transaction_id: expect.any(Number),
        phone: ACTIVE_PHONE,
        first_name: ACTIVE_NAME,
        amount: 12.5,
        external_transaction_id: id,
      },
    })
    expect(Number.isInteger((res.body.data as { transaction_id: number }).transaction_id)).toBe(true)
    expect(sandbox.controls.ledger().deposits.at(-1)).toMatchObject({
      external_transaction_id: id,
      amount: 12.5,
    })
  })

  it('answers 409 for a used external_transaction_id, echoing it and crediting nothing', async () => {
    const id = newId()
    expect((await client.deposit(ACTIVE_PHONE, 3, id)).status).toBe(200)
    const before = sandbox.controls.ledger().deposits.length
    const again = await client.deposit(SECOND_PHONE, 7, id)
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'Duplicate transaction.', external_transaction_id: id })
    expect(sandbox.controls.ledger().deposits.length).toBe(before)
  })

  it('answers 404 "User not found." for an unknown user', async () => {
    const res = await client.deposit('0959999999', 1, newId())
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'User not found.' })
  })

  it('refuses an inactive user with 422 "User account is inactive." and leaves the id usable', async () => {
    const id = newId()
    const res = await client.deposit(INACTIVE_PHONE, 1, id)
    expect(res.status).toBe(422)
    expect(res.body).toEqual({ message: 'User account is inactive.' })
    expect((await client.deposit(ACTIVE_PHONE, 1, id)).status).toBe(200)
  })

  it('follows a user status change made through the controls', async () => {
    sandbox.controls.upsertUser({ phone: '+218 96 111 2222', first_name: 'Nour', status: 'active' })
    expect((await client.lookup('0961112222')).body.data).toEqual({ first_name: 'Nour', status: 'active' })
    sandbox.controls.setUserStatus('0961112222', 'inactive')
    const res = await client.deposit('0961112222', 1, newId())
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('User account is inactive.')
  })

  it('validates fields with 422 "Validation failed." and errors per field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 1, external_transaction_id: newId() }, 'phone'],
      [{ phone: 'nope', amount: 1, external_transaction_id: newId() }, 'phone'],
      [{ phone: ACTIVE_PHONE, external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: '10', external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: 0.009, external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: 0, external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: -5, external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: 1.0001, external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: 1e12, external_transaction_id: newId() }, 'amount'],
      [{ phone: ACTIVE_PHONE, amount: 1 }, 'external_transaction_id'],
      [{ phone: ACTIVE_PHONE, amount: 1, external_transaction_id: '' }, 'external_transaction_id'],
      [{ phone: ACTIVE_PHONE, amount: 1, external_transaction_id: 42 }, 'external_transaction_id'],
      [
        { phone: ACTIVE_PHONE, amount: 1, external_transaction_id: 'x'.repeat(256) },
        'external_transaction_id',
      ],
    ]
    const before = sandbox.controls.ledger().deposits.length
    for (const [body, field] of cases) {
      const res = await client.post('/deposit', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      expect(res.body.message).toBe('Validation failed.')
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(body).slice(0, 80)).toEqual([field])
    }
    expect(sandbox.controls.ledger().deposits.length).toBe(before)
  })

  it('accepts the minimum 0.01 and exactly three decimals', async () => {
    expect((await client.deposit(ACTIVE_PHONE, 0.01, newId())).body.data).toMatchObject({ amount: 0.01 })
    expect((await client.deposit(ACTIVE_PHONE, 1.234, newId())).body.data).toMatchObject({ amount: 1.234 })
  })
})

describe('sandbox: HTTP hygiene', () => {
  it('answers malformed JSON with a 4xx JSON message', async () => {
    const res = await client.post('/deposit', '{"phone": "0912345678", ')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(res.body.message).toEqual(expect.any(String))
  })

  it('answers a body that is valid JSON but not an object as missing fields', async () => {
    const res = await client.post('/deposit', '[1,2,3]')
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['amount', 'external_transaction_id', 'phone'])
  })

  it('answers a wrong content type with a 4xx JSON message', async () => {
    const res = await fetch(`${sandbox.baseUrl}/deposit`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${client.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'phone=0912345678&amount=1',
    }).then(asJson)
    expect(res.status).toBe(415)
    expect(res.body.message).toEqual(expect.any(String))
  })

  it('accepts application/json with a charset', async () => {
    const res = await fetch(`${sandbox.baseUrl}/vouchers/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ denomination_id: 1 }),
    })
    expect(res.status).toBe(201)
  })

  it('answers unknown paths and methods with 404 JSON, never HTML, even when HTML is asked for', async () => {
    for (const [method, url] of [
      ['GET', `${sandbox.baseUrl}/nothing-here`],
      ['GET', `${sandbox.baseUrl}/deposit`],
      ['DELETE', `${sandbox.baseUrl}/token`],
      ['GET', `${sandbox.origin}/`],
      ['GET', `${sandbox.origin}/__control/ledger`],
    ] as const) {
      const raw = await fetch(url, { method, headers: { accept: 'text/html' } })
      expect(raw.headers.get('content-type'), url).toMatch(/^application\/json/)
      const res = await asJson(raw)
      expect(res.status, `${method} ${url}`).toBe(404)
      expect(res.body.message).toEqual(expect.any(String))
    }
  })

  it('answers an oversized body with a 413 JSON message and keeps serving', async () => {
    const res = await client.post('/deposit', {
      phone: ACTIVE_PHONE,
      amount: 1,
      external_transaction_id: 'x'.repeat(200_000),
    })
    expect(res.status).toBe(413)
    expect(res.body.message).toEqual(expect.any(String))
    expect((await client.get('/denominations')).status).toBe(200)
  })

  it('wraps every success in data and every error carries a message', async () => {
    const successes = [
      await client.get('/denominations'),
      await client.lookup(ACTIVE_PHONE),
      await client.generate(1),
    ]
    for (const res of successes) expect(Object.keys(res.body)).toEqual(['data'])
  })
})
