import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { UnavailableSecretStore } from '../../../src/main/settings/secrets'
import { type Sandbox, startSandbox } from '../../../src/sandbox/index'
import { deskSeed, startTestDesk, type TestDesk } from '../../helpers/desk'

const SHOP = { username: 'shop-17', password: 's3cret-pass' }
let live: Sandbox
let t: TestDesk | undefined

beforeAll(async () => {
  live = await startSandbox({
    seed: deskSeed({
      resellers: [
        { ...SHOP, daily_max_amount: 5000, allowed_ips: ['127.0.0.1', '::1'] },
        { username: 'shop-off', password: 'x', daily_max_amount: 5000, disabled: true },
        { username: 'shop-far', password: 'x', daily_max_amount: 5000, allowed_ips: ['10.1.2.3'] },
      ],
    }),
  })
})
afterAll(async () => {
  await live?.close()
})
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('configuring the live service', () => {
  it('saves nothing unless a token is obtained, then switches to live with its own journal', async () => {
    t = await startTestDesk()
    await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })

    const wrong = await t.rejection('configureService', {
      baseUrl: live.baseUrl,
      username: SHOP.username,
      password: 'nope',
    })
    expect(wrong.code).toBe('INVALID_CREDENTIALS')
    expect(await t.call('getSettings')).toMatchObject({ mode: 'training', live: null })
    expect(
      (await t.rejection('configureService', { baseUrl: 'http://shop.example.ly/api', ...SHOP })).code,
    ).toBe('BAD_INPUT')

    const status = await t.call('configureService', { baseUrl: live.baseUrl, ...SHOP })
    expect(status).toMatchObject({ mode: 'live', serviceUrl: live.baseUrl, liveConfigured: true })
    const settings = await t.call('getSettings')
    expect(settings.live).toEqual({
      baseUrl: live.baseUrl,
      username: SHOP.username,
      proxyUrl: null,
      proxyHasCredentials: false,
      passwordSaved: true,
    })
    expect(JSON.stringify(settings)).not.toContain(SHOP.password)
    expect(readFileSync(join(t.dir, 'settings.json'), 'utf8')).not.toContain(SHOP.password)

    const sold = await t.call('generateVoucher', { denominationId: 4, valueDirhams: 30_000 })
    expect(sold.mode).toBe('live')
    expect(live.controls.ledger().vouchers.map((v) => v.code)).toEqual([sold.voucher?.code])
    expect((await t.call('listJournal', {})).entries.map((e) => e.id)).toEqual([sold.id])

    await t.call('useTraining')
    const training = (await t.call('listJournal', {})).entries
    expect(training).toHaveLength(1)
    expect(training[0]?.mode).toBe('training')

    await t.call('useLive')
    await t.restart()
    expect(await t.call('getStatus')).toMatchObject({ mode: 'live', serviceUrl: live.baseUrl })
    expect((await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).status).toBe(
      'issued',
    )
  })

  it('keeps the password only for the session where the PC cannot encrypt it, and says so', async () => {
    t = await startTestDesk({ deps: { secrets: new UnavailableSecretStore() } })
    await t.call('configureService', { baseUrl: live.baseUrl, ...SHOP })
    expect(await t.call('getSettings')).toMatchObject({
      passwordStorage: 'unavailable',
      live: { passwordSaved: false },
    })
    expect((await t.call('generateVoucher', { denominationId: 1, valueDirhams: 5_000 })).status).toBe(
      'issued',
    )
    await t.restart()
    expect(await t.call('getStatus')).toMatchObject({ mode: 'training', liveConfigured: false })
    expect((await t.rejection('useLive')).code).toBe('NOT_CONFIGURED')
  })
})

describe('testing a connection', () => {
  it('tells wrong credentials, a disabled account, an address not whitelisted and an unreachable service apart', async () => {
    t = await startTestDesk()
    const test = (args: Record<string, string>) =>
      t?.call('testConnection', { baseUrl: live.baseUrl, ...args })
    expect(await test({ username: SHOP.username, password: SHOP.password })).toMatchObject({ ok: true })
    expect(await test({ username: SHOP.username, password: 'bad' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CREDENTIALS' },
    })
    expect(await test({ username: 'shop-off', password: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_DISABLED' },
    })
    expect(await test({ username: 'shop-far', password: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'ACCESS_DENIED' },
    })
    const closed = await startSandbox({ seed: deskSeed() })
    const url = closed.baseUrl
    await closed.close()
    expect(await t.call('testConnection', { baseUrl: url, ...SHOP })).toMatchObject({
      ok: false,
      error: { code: 'NOT_SENT' },
    })
    // A server that answers, but not as a reseller service (the address's path is wrong): named so, for the
    // test and for Save alike, not "the service answered with an error".
    const elsewhere = live.baseUrl.replace(/\/api\/v1\/reseller\/?$/, '/api/v2/nothing')
    expect(elsewhere).not.toBe(live.baseUrl)
    expect(await t.call('testConnection', { baseUrl: elsewhere, ...SHOP })).toMatchObject({
      ok: false,
      error: { code: 'SERVICE_ERROR', details: { reason: 'NOT_A_RESELLER_SERVICE', httpStatus: 404 } },
    })
    expect((await t.rejection('configureService', { baseUrl: elsewhere, ...SHOP })).details).toMatchObject({
      reason: 'NOT_A_RESELLER_SERVICE',
    })
    expect(await t.call('getSettings')).toMatchObject({ live: null, mode: 'training' })
  })
})
