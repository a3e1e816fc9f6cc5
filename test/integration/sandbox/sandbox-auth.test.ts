import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { asJson, DEMO, inDays, ResellerClient, startTestSandbox, testSeed } from '../../helpers/sandbox'

describe('sandbox: POST /token and bearer tokens', () => {
  let sandbox: Sandbox
  let client: ResellerClient
  beforeAll(async () => {
    sandbox = await startTestSandbox()
    client = new ResellerClient(sandbox.baseUrl)
  })
  afterAll(() => sandbox.close())

  it('issues an opaque id|secret token with its expiry inside data', async () => {
    const expiresAt = inDays(2)
    const res = await client.requestToken({ expires_at: expiresAt })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body)).toEqual(['data'])
    const data = res.body.data as { token: string; expires_at: string }
    expect(data.token).toMatch(/^\d+\|\S{20,}$/)
    expect(Date.parse(data.expires_at)).toBe(Date.parse(expiresAt))
  })

  it('keeps several tokens live at once, each expiring at its own time', async () => {
    const short = await new ResellerClient(sandbox.baseUrl).signIn(
      DEMO,
      new Date(Date.now() + 120_000).toISOString(),
    )
    const long = await new ResellerClient(sandbox.baseUrl).signIn(DEMO, inDays(3))
    expect(short.token).not.toBe(long.token)
    expect((await short.get('/denominations')).status).toBe(200)
    expect((await long.get('/denominations')).status).toBe(200)

    sandbox.controls.setClockOffset(5 * 60_000)
    try {
      const expired = await short.get('/denominations')
      expect(expired.status).toBe(401)
      expect(expired.body).toEqual({ message: 'Invalid credentials.' })
      expect((await long.get('/denominations')).status).toBe(200)
    } finally {
      sandbox.controls.setClockOffset(0)
    }
  })

  it('answers 401 "Invalid credentials." for a missing, unknown or tampered token', async () => {
    const authed = await new ResellerClient(sandbox.baseUrl).signIn()
    const [id] = (authed.token as string).split('|')
    for (const header of [
      undefined,
      'Bearer nonsense',
      `Bearer ${id}|wrong-secret-wrong-secret-wrong-secret`,
      'Bearer 999999|abc',
      `Basic ${authed.token}`,
    ]) {
      const res = await fetch(`${sandbox.baseUrl}/denominations`, {
        headers: header === undefined ? {} : { authorization: header },
      }).then(asJson)
      expect(res.status, String(header)).toBe(401)
      expect(res.body).toEqual({ message: 'Invalid credentials.' })
    }
  })

  it('refuses wrong passwords and unknown usernames with 401', async () => {
    for (const fields of [{ password: 'nope' }, { username: 'nobody', password: 'x' }]) {
      const res = await client.requestToken(fields)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Invalid credentials.' })
    }
  })

  it('refuses a disabled reseller with 403, at sign-in and for a token issued before it was disabled', async () => {
    const refused = await client.requestToken({ username: 'off', password: 'off-pass' })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ message: 'Reseller account is disabled.' })

    const other = await new ResellerClient(sandbox.baseUrl).signIn({
      username: 'other',
      password: 'other-pass',
    })
    sandbox.controls.updateReseller('other', { disabled: true })
    try {
      const res = await other.get('/denominations')
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: 'Reseller account is disabled.' })
    } finally {
      sandbox.controls.updateReseller('other', { disabled: false })
    }
    expect((await other.get('/denominations')).status).toBe(200)
  })

  it('requires expires_at: missing, unparseable or past → 422 with errors.expires_at', async () => {
    const cases: unknown[] = [
      undefined,
      '',
      'tomorrow',
      12345,
      '2026-02-30T10:00:00Z',
      '2030-01-01T10:00:00', // no zone
      new Date(Date.now() - 60_000).toISOString(),
    ]
    for (const expires_at of cases) {
      const res = await client.post('/token', { ...DEMO, expires_at })
      expect(res.status, String(expires_at)).toBe(422)
      expect(res.body.errors?.expires_at?.[0], String(expires_at)).toEqual(expect.any(String))
      expect(res.body.message).toEqual(expect.any(String))
    }
  })

  it('accepts 28 days always and refuses more than one calendar month ahead', async () => {
    expect((await client.requestToken({ expires_at: inDays(28) })).status).toBe(200)
    const offset = new Date(Date.now() + 2 * 60_000).toISOString().replace('Z', '+00:00')
    expect((await client.requestToken({ expires_at: offset })).status).toBe(200)
    const tooFar = await client.requestToken({ expires_at: inDays(32) })
    expect(tooFar.status).toBe(422)
    expect(tooFar.body).toEqual({
      message: 'Token expiry cannot exceed 1 month.',
      errors: { expires_at: ['Token expiry cannot exceed 1 month.'] },
    })
  })

  it('measures the calendar month from the service clock: 31 January may ask for 28 February, not 1 March', async () => {
    const jan31 = Date.parse('2031-01-31T10:00:00Z')
    sandbox.controls.setClockOffset(jan31 - Date.now())
    try {
      expect((await client.requestToken({ expires_at: '2031-02-28T09:59:00Z' })).status).toBe(200)
      expect((await client.requestToken({ expires_at: '2031-03-01T10:00:00Z' })).status).toBe(422)
    } finally {
      sandbox.controls.setClockOffset(0)
    }
  })

  it('validates missing username and password with 422', async () => {
    const res = await client.post('/token', { expires_at: inDays(1) })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['password', 'username'])
  })

  it('counts every POST /token in the ledger, whatever the answer', async () => {
    const before = sandbox.controls.ledger().token_requests
    await client.requestToken()
    await client.requestToken({ password: 'wrong' })
    await client.post('/token', '{not json')
    await client.post('/token', {})
    expect(sandbox.controls.ledger().token_requests).toBe(before + 4)
  })
})

describe('sandbox: tokens are stored hashed', () => {
  it('never writes the token secret to the database file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-hash-'))
    const dbPath = join(dir, 'state.db')
    const sandbox = await startTestSandbox({ dbPath })
    try {
      const client = await new ResellerClient(sandbox.baseUrl).signIn()
      const secret = (client.token as string).split('|')[1] as string
      await sandbox.close()
      const files = ['state.db', 'state.db-wal'].map((f) => {
        try {
          return readFileSync(join(dir, f)).toString('latin1')
        } catch {
          return ''
        }
      })
      expect(files.join('').length).toBeGreaterThan(0)
      expect(files.some((content) => content.includes(secret))).toBe(false)
    } finally {
      await sandbox.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('sandbox: allowed_ips', () => {
  async function withSeed(allowed: string[] | undefined, host = '127.0.0.1') {
    const seed = testSeed({
      resellers: [
        allowed === undefined
          ? { username: 'demo', password: 'demo-pass', daily_max_amount: 5000 }
          : { username: 'demo', password: 'demo-pass', daily_max_amount: 5000, allowed_ips: allowed },
      ],
    })
    return startTestSandbox({ seed, host })
  }

  it('refuses an address outside the list with 403 "Access denied." before checking credentials', async () => {
    const sandbox = await withSeed(['10.1.2.3', '2001:db8::/32'])
    try {
      const client = new ResellerClient(sandbox.baseUrl)
      for (const res of [
        await client.requestToken(),
        await client.requestToken({ password: 'wrong' }),
        await client.requestToken({ username: 'nobody' }),
        await client.post('/token', '{broken'),
        await client.get('/denominations'),
        await client.deposit('0912345678', 1, 'x'),
        await client.get('/no-such-endpoint'),
      ]) {
        expect(res.status).toBe(403)
        expect(res.body).toEqual({ message: 'Access denied.' })
      }
    } finally {
      await sandbox.close()
    }
  })

  it("checks a valid token's reseller: another reseller's address list does not let it in", async () => {
    const seed = testSeed({
      resellers: [
        { username: 'demo', password: 'demo-pass', daily_max_amount: 5000, allowed_ips: ['127.0.0.1'] },
        { username: 'far', password: 'far-pass', daily_max_amount: 5000, allowed_ips: ['10.0.0.0/8'] },
      ],
    })
    const sandbox = await startTestSandbox({ seed })
    try {
      const demo = await new ResellerClient(sandbox.baseUrl).signIn()
      expect((await demo.get('/denominations')).status).toBe(200)
      const far = new ResellerClient(sandbox.baseUrl)
      const res = await far.requestToken({ username: 'far', password: 'far-pass' })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: 'Access denied.' })
      // A token from an allowed place stops working when the list no longer holds the caller's address.
      sandbox.controls.updateReseller('demo', { allowed_ips: ['10.9.9.9'] })
      const denied = await demo.get('/denominations')
      expect(denied.status).toBe(403)
      expect(denied.body).toEqual({ message: 'Access denied.' })
    } finally {
      await sandbox.close()
    }
  })

  it('lets every address in when allowed_ips is absent', async () => {
    const sandbox = await withSeed(undefined)
    try {
      const client = await new ResellerClient(sandbox.baseUrl).signIn()
      expect((await client.get('/denominations')).status).toBe(200)
    } finally {
      await sandbox.close()
    }
  })

  it('treats an IPv4-mapped IPv6 peer (::ffff:127.0.0.1) as 127.0.0.1', async () => {
    // Listening on the mapped address makes the peer arrive as ::ffff:127.0.0.1 while staying on loopback.
    const sandbox = await withSeed(['127.0.0.1'], '::ffff:127.0.0.1')
    try {
      const port = new URL(sandbox.origin).port
      const client = await new ResellerClient(`http://127.0.0.1:${port}/api/v1/reseller`).signIn()
      expect((await client.get('/denominations')).status).toBe(200)
    } finally {
      await sandbox.close()
    }
    const refusing = await withSeed(['::1'], '::ffff:127.0.0.1')
    try {
      const port = new URL(refusing.origin).port
      const res = await new ResellerClient(`http://127.0.0.1:${port}/api/v1/reseller`).requestToken()
      expect(res.status).toBe(403)
    } finally {
      await refusing.close()
    }
  })

  it('tells ::1 and 127.0.0.1 apart', async () => {
    const sandbox = await withSeed(['::1'], '::1')
    try {
      const client = await new ResellerClient(sandbox.baseUrl).signIn()
      expect((await client.get('/denominations')).status).toBe(200)
    } finally {
      await sandbox.close()
    }
  })
})
