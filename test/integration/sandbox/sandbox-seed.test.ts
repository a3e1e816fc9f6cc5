import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSeed, SeedError, startSandbox } from '../../../src/sandbox/index'
import { testSeed } from '../../helpers/sandbox'

describe('sandbox: seeds', () => {
  it('loads the default demo seed: demo/demo-pass, six denominations, a dozen users, Tripoli, 60 per minute', () => {
    const seed = loadSeed()
    expect(seed.timezone).toBe('Africa/Tripoli')
    expect(seed.rate_limit_per_minute).toBe(60)
    expect(seed.resellers[0]).toMatchObject({
      username: 'demo',
      password: 'demo-pass',
      allowed_ips: ['127.0.0.1', '::1'],
    })
    expect(seed.denominations.map((d) => d.value)).toEqual([5, 10, 20, 30, 50, 100])
    expect(seed.users).toHaveLength(12)
    expect(seed.users.some((u) => /[\u0600-\u06ff]/.test(u.first_name))).toBe(true)
    expect(seed.users.some((u) => /^[A-Za-z]+$/.test(u.first_name))).toBe(true)
    expect(new Set(seed.users.map((u) => u.status))).toEqual(new Set(['active', 'inactive']))
    for (const u of seed.users) expect(u.phone).toMatch(/^09[1-6]\d{7}$/)
  })

  it('accepts extra keys and fills defaults', () => {
    const seed = loadSeed({
      comment: 'extra keys are fine',
      resellers: [{ username: 'a', password: 'b', daily_max_amount: 10, note: 'x' }],
      denominations: [],
      users: [{ phone: '+218 91 000 0000', first_name: 'Ali', status: 'active' }],
    } as never)
    expect(seed.timezone).toBe('Africa/Tripoli')
    expect(seed.rate_limit_per_minute).toBe(60)
    expect(seed.resellers[0]).toMatchObject({ disabled: false, allowed_ips: null })
    expect(seed.users[0]?.phone).toBe('0910000000')
  })

  it('names the bad field in its error', () => {
    const bad = (patch: object) => () => loadSeed({ ...testSeed(), ...patch } as never)
    expect(bad({ timezone: 'Mars/Olympus' })).toThrow(SeedError)
    expect(bad({ timezone: 'Mars/Olympus' })).toThrow(/timezone/)
    expect(bad({ resellers: [{ username: 'a', password: 'b', daily_max_amount: 'lots' }] })).toThrow(
      /resellers\[0\]\.daily_max_amount/,
    )
    expect(bad({ users: [{ phone: '123', first_name: 'A', status: 'active' }] })).toThrow(/users\[0\]\.phone/)
    expect(bad({ denominations: [{ id: 1, name: 'x', value: 1.0001 }] })).toThrow(/denominations\[0\]\.value/)
    expect(
      bad({ resellers: [{ username: 'a', password: 'b', daily_max_amount: 1, allowed_ips: ['300.1.1.1'] }] }),
    ).toThrow(/allowed_ips\[0\]/)
    expect(
      bad({
        denominations: [
          { id: 1, name: 'a', value: 1 },
          { id: 1, name: 'b', value: 2 },
        ],
      }),
    ).toThrow(/denominations\[1\].*duplicate/)
  })

  it('reads a seed file, and names the file when it is not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-seed-'))
    try {
      const good = join(dir, 'good.json')
      await writeFile(good, JSON.stringify(testSeed()))
      const sandbox = await startSandbox({ seed: good })
      await sandbox.close()
      const broken = join(dir, 'broken.json')
      await writeFile(broken, '{ "resellers": [')
      expect(() => loadSeed(broken)).toThrow(/broken\.json.*not JSON/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
