import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ACTIVE_PHONE, ResellerClient, startTestSandbox, testSeed } from '../../helpers/sandbox'

describe('sandbox: --db keeps state across restarts', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-db-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('keeps tokens, vouchers, deposits, used ids and the day’s usage', async () => {
    const dbPath = join(dir, 'sandbox.db')
    const seed = testSeed({ resellers: [{ username: 'demo', password: 'demo-pass', daily_max_amount: 150 }] })

    const first = await startTestSandbox({ seed, dbPath })
    const client = await new ResellerClient(first.baseUrl).signIn()
    const voucher = (await client.generate(6)).body.data as { code: string }
    const deposit = (await client.deposit(ACTIVE_PHONE, 20, 'kept')).body.data as { transaction_id: number }
    await first.close()

    const second = await startTestSandbox({ seed, dbPath })
    try {
      const again = new ResellerClient(second.baseUrl)
      again.token = client.token
      expect((await again.get('/denominations')).status).toBe(200)
      const ledger = second.controls.ledger()
      expect(ledger.vouchers.map((v) => v.code)).toEqual([voucher.code])
      expect(ledger.deposits.map((d) => d.transaction_id)).toEqual([deposit.transaction_id])
      expect((await again.deposit(ACTIVE_PHONE, 1, 'kept')).status).toBe(409)
      expect((await again.deposit(ACTIVE_PHONE, 30.001, 'fresh')).body).toMatchObject({
        message: 'Daily limit exceeded.',
        used_today: 120,
      })
      const next = (await again.deposit(ACTIVE_PHONE, 1, 'fresh')).body.data as { transaction_id: number }
      expect(next.transaction_id).toBeGreaterThan(deposit.transaction_id)
    } finally {
      await second.close()
    }
  })

  it('forgets everything without --db', async () => {
    const first = await startTestSandbox()
    const client = await new ResellerClient(first.baseUrl).signIn()
    await client.deposit(ACTIVE_PHONE, 1, 'gone')
    await first.close()
    const second = await startTestSandbox()
    try {
      expect(second.controls.ledger().deposits).toEqual([])
    } finally {
      await second.close()
    }
  })

  it('takes the configuration from the seed at each start', async () => {
    const dbPath = join(dir, 'sandbox.db')
    const first = await startTestSandbox({ dbPath })
    first.controls.updateReseller('demo', { password: 'changed' })
    await first.close()
    const second = await startTestSandbox({ dbPath })
    try {
      expect((await new ResellerClient(second.baseUrl).requestToken()).status).toBe(200)
    } finally {
      await second.close()
    }
  })
})
