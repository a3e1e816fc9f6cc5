import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../src/sandbox/index'
import { ResellerClient, startTestSandbox, testSeed } from '../../helpers/sandbox'

describe('sandbox: rate limit per reseller in any rolling 60 seconds', () => {
  let sandbox: Sandbox
  beforeEach(async () => {
    sandbox = await startTestSandbox({ seed: testSeed({ rate_limit_per_minute: 5 }) })
  })
  afterEach(() => sandbox.close())

  it('answers 429 "Too many requests." with Retry-After once the token endpoint and calls reach the limit', async () => {
    const client = await new ResellerClient(sandbox.baseUrl).signIn() // 1
    for (let i = 0; i < 4; i++) expect((await client.get('/denominations')).status).toBe(200) // 2..5
    const refused = await client.get('/denominations')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ message: 'Too many requests.' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // The token endpoint is limited too.
    expect((await client.requestToken()).status).toBe(429)
  })

  it('counts token requests by the username they name, and each reseller separately', async () => {
    const client = new ResellerClient(sandbox.baseUrl)
    for (let i = 0; i < 5; i++) await client.requestToken({ password: 'wrong' })
    expect((await client.requestToken()).status).toBe(429)
    const other = await new ResellerClient(sandbox.baseUrl).signIn({
      username: 'other',
      password: 'other-pass',
    })
    expect((await other.get('/denominations')).status).toBe(200)
  })

  it('lets requests through again once the window has rolled past them', async () => {
    const client = await new ResellerClient(sandbox.baseUrl).signIn(
      undefined,
      new Date(Date.now() + 86_400_000).toISOString(),
    )
    for (let i = 0; i < 4; i++) await client.get('/denominations')
    expect((await client.get('/denominations')).status).toBe(429)
    sandbox.controls.setClockOffset(61_000)
    expect((await client.get('/denominations')).status).toBe(200)
  })

  it('does not limit at all with rate_limit_per_minute 0', async () => {
    sandbox.controls.setRateLimit(0)
    const client = await new ResellerClient(sandbox.baseUrl).signIn()
    const results = await Promise.all(Array.from({ length: 30 }, () => client.get('/denominations')))
    expect(results.every((r) => r.status === 200)).toBe(true)
  })
})
