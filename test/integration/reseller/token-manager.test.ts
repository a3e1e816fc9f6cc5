import { afterEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../../../src/main/log'
import { getDenominations } from '../../../src/main/reseller/client'
import { ServiceClock } from '../../../src/main/reseller/clock'
import { ServiceHttp } from '../../../src/main/reseller/http'
import { TokenManager } from '../../../src/main/reseller/token-manager'
import { type Sandbox, startSandbox } from '../../../src/sandbox/index'
import { DEMO, deskSeed, MOHAMED, startTestDesk, type TestDesk } from '../../helpers/desk'

const DAY = 24 * 3600_000
let sandbox: Sandbox
let http: ServiceHttp
let desk: TestDesk | undefined

afterEach(async () => {
  await http?.close()
  await sandbox?.close()
  await desk?.close()
  desk = undefined
})

async function setup(options: { pcOffsetMs?: () => number; lifetimeMs?: number; rate?: number } = {}) {
  sandbox = await startSandbox({ seed: deskSeed({ rate_limit_per_minute: options.rate ?? 0 }) })
  const clock = new ServiceClock(() => Date.now() + (options.pcOffsetMs?.() ?? 0))
  http = new ServiceHttp(
    { baseUrl: sandbox.baseUrl, proxyUrl: null, connectTimeoutMs: 1000, answerTimeoutMs: 2000 },
    clock,
    silentLogger,
  )
  const tokens = new TokenManager(
    http,
    () => DEMO,
    clock,
    () => options.lifetimeMs ?? DAY,
    silentLogger,
  )
  const tokenRequests = () => sandbox.controls.ledger().token_requests
  return { clock, tokens, tokenRequests }
}

describe('the token manager', () => {
  it('makes exactly one POST /token for 50 concurrent callers', async () => {
    const { tokens, tokenRequests } = await setup()
    const got = await Promise.all(Array.from({ length: 50 }, () => tokens.getToken()))
    expect(new Set(got).size).toBe(1)
    expect(tokenRequests()).toBe(1)
    await Promise.all(Array.from({ length: 50 }, () => tokens.withToken((t) => getDenominations(http, t))))
    expect(tokenRequests()).toBe(1)
  })

  it('refreshes ahead: when less than max(60 s, 20 % of the lifetime) remains', async () => {
    let skew = 0
    const { tokens, tokenRequests } = await setup({ pcOffsetMs: () => skew, lifetimeMs: 10 * 60_000 })
    const first = await tokens.getToken()
    skew = 7 * 60_000 // 3 minutes left of 10: more than 2 minutes (20 %)
    sandbox.controls.setClockOffset(skew)
    expect(await tokens.getToken()).toBe(first)
    skew = 8 * 60_000 + 5_000 // under 2 minutes left
    sandbox.controls.setClockOffset(skew)
    const second = await tokens.getToken()
    expect(second).not.toBe(first)
    expect(tokenRequests()).toBe(2)
  })

  it('has a token in hand (ready) only while it needs no refresh, and never asks for one itself', async () => {
    let skew = 0
    const { tokens, tokenRequests } = await setup({ pcOffsetMs: () => skew, lifetimeMs: 10 * 60_000 })
    expect(tokens.ready()).toBeNull()
    const first = await tokens.getToken()
    expect(tokens.ready()).toBe(first)
    skew = 8 * 60_000 + 5_000 // under 2 minutes left: getToken would refresh
    expect(tokens.ready()).toBeNull()
    expect(tokenRequests()).toBe(1)
  })

  it('on a 401 refreshes once and repeats the call once; a second 401 is final, never a loop', async () => {
    const { tokens, tokenRequests } = await setup()
    await tokens.getToken()
    sandbox.controls.reset() // the service forgets every token
    const items = await tokens.withToken((t) => getDenominations(http, t))
    expect(items.length).toBeGreaterThan(0)
    expect(tokenRequests()).toBe(1) // reset() zeroed the count; one refresh since

    sandbox.controls.setFaults([
      {
        method: 'GET',
        path: '/denominations',
        action: 'respond',
        status: 401,
        body: { message: 'Invalid credentials.' },
        times: 10,
      },
    ])
    const error = await tokens.withToken((t) => getDenominations(http, t)).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS' })
    expect(sandbox.controls.faults()[0]?.times).toBe(8) // two GETs, no more
    expect(tokenRequests()).toBe(2)
  })

  it('never refreshes on a 403', async () => {
    const { tokens, tokenRequests } = await setup()
    await tokens.getToken()
    sandbox.controls.setFaults([
      {
        method: 'GET',
        path: '/denominations',
        action: 'respond',
        status: 403,
        body: { message: 'Access denied.' },
        times: 10,
      },
    ])
    const error = await tokens.withToken((t) => getDenominations(http, t)).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'ACCESS_DENIED' })
    expect(tokenRequests()).toBe(1)
    expect(sandbox.controls.faults()[0]?.times).toBe(9)
  })

  it.each([
    ['2 days fast', -2 * DAY],
    ['2 days slow', 2 * DAY],
  ])(
    'gets a valid token with the PC clock %s, expiring a lifetime after the service time',
    async (_label, serviceAhead) => {
      const { tokens, clock, tokenRequests } = await setup()
      sandbox.controls.setClockOffset(serviceAhead)
      const token = await tokens.getToken()
      expect(tokenRequests()).toBe(1)
      expect(Math.abs((clock.offsetMs ?? 0) - serviceAhead)).toBeLessThan(2000)
      const expiresAt = Date.parse(tokens.expiresAt ?? '')
      expect(Math.abs(expiresAt - (sandbox.controls.now() + DAY))).toBeLessThan(5000)
      expect((await getDenominations(http, token)).length).toBeGreaterThan(0)
    },
  )
})

describe('a clock that moves between learning the service time and asking for a token', () => {
  it('asks once more with the time the refusal carried, and gets a token that the service accepts', async () => {
    const { tokens, clock, tokenRequests } = await setup()
    await tokens.getToken()
    expect(tokenRequests()).toBe(1)
    // The next token request is held on its way; meanwhile the service's clock moves three days ahead (as a
    // PC clock set right by Windows would, the other way): the expiry asked is then in the service's past.
    sandbox.controls.setFaults([
      // The token refused once (a 401): the desk asks for a new one…
      {
        method: 'GET',
        path: '/denominations',
        action: 'respond',
        status: 401,
        body: { message: 'Unauthenticated.' },
        times: 1,
      },
      // …and that request is held on its way.
      { method: 'POST', path: '/token', action: 'delay', delay_ms: 300, times: 1 },
    ])
    const refresh = tokens.withToken((t) => getDenominations(http, t))
    await vi.waitFor(() => expect(tokenRequests()).toBe(2), { timeout: 5_000, interval: 5 })
    sandbox.controls.setClockOffset(3 * DAY)
    expect((await refresh).length).toBeGreaterThan(0)
    // The refused request and the one asked again, no more.
    expect(tokenRequests()).toBe(3)
    expect(Math.abs((clock.offsetMs ?? 0) - 3 * DAY)).toBeLessThan(2000)
    expect(Math.abs(Date.parse(tokens.expiresAt ?? '') - (sandbox.controls.now() + DAY))).toBeLessThan(5000)
  })
})

describe('the desk under a rate limit', () => {
  it('records a 429 on a money call as a definite refusal with the wait, and refuses lookups with RATE_LIMITED', async () => {
    desk = await startTestDesk({ seed: deskSeed({ rate_limit_per_minute: 6 }) })
    let limited: { code: string; details?: Record<string, unknown> } | null = null
    for (let i = 0; i < 10 && !limited; i++) {
      limited = await desk.call('lookupCustomer', { phone: MOHAMED.phone }).then(
        () => null,
        (e: { code: string; details?: Record<string, unknown> }) => e,
      )
    }
    expect(limited?.code).toBe('RATE_LIMITED')
    expect(Number(limited?.details?.retryAfterSeconds)).toBeGreaterThan(0)
    const entry = await desk.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })
    expect(entry.status).toBe('failed')
    expect(entry.error?.code).toBe('RATE_LIMITED')
    expect(desk.sandbox.controls.ledger().vouchers).toHaveLength(0)
  })
})
