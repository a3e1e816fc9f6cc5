import { describe, expect, it } from 'vitest'
import { FREE_ATTEMPTS, MAX_WAIT_MS, signInWaitMs } from '../../../src/main/people/backoff'
import { hashPin, verifyPin } from '../../../src/main/people/pin'
import { DESK_CALLS } from '../../../src/shared/contract'

describe('PIN hashing', () => {
  it('stores a slow salted hash that verifies only the same PIN', async () => {
    const a = await hashPin('1357')
    const b = await hashPin('1357')
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    // A salt per hash: the same PIN never stores the same text twice.
    expect(a).not.toBe(b)
    expect(a).not.toContain('1357')
    expect(await verifyPin('1357', a)).toBe(true)
    expect(await verifyPin('1357', b)).toBe(true)
    expect(await verifyPin('1358', a)).toBe(false)
    expect(await verifyPin('13570', a)).toBe(false)
  })

  it('never matches a malformed or foreign hash', async () => {
    expect(await verifyPin('1357', '')).toBe(false)
    expect(await verifyPin('1357', 'bcrypt$10$abc$def')).toBe(false)
    expect(await verifyPin('1357', 'scrypt$99$8$1$c2FsdA$aGFzaA')).toBe(false)
  })

  it('takes PINs of 4 to 12 digits, Arabic-Indic digits as Latin ones', () => {
    const add = DESK_CALLS.addClerk.input
    expect(add.safeParse({ name: 'Huda', pin: '١٣٥٧' }).data?.pin).toBe('1357')
    expect(add.safeParse({ name: 'Huda', pin: '135' }).success).toBe(false)
    expect(add.safeParse({ name: 'Huda', pin: '12ab' }).success).toBe(false)
    expect(add.safeParse({ name: 'Huda', pin: '1'.repeat(13) }).success).toBe(false)
    // A name cannot hide direction overrides or control characters (they would garble files and receipts).
    expect(add.safeParse({ name: 'Hu\u202eda', pin: '1357' }).success).toBe(false)
    expect(add.safeParse({ name: '  ', pin: '1357' }).success).toBe(false)
  })
})

describe('wrong-PIN backoff', () => {
  it('is free for the first slips, then doubles up to a cap', () => {
    for (let n = 0; n < FREE_ATTEMPTS; n++) expect(signInWaitMs(n)).toBe(0)
    expect(signInWaitMs(FREE_ATTEMPTS)).toBe(5_000)
    expect(signInWaitMs(FREE_ATTEMPTS + 1)).toBe(10_000)
    expect(signInWaitMs(FREE_ATTEMPTS + 2)).toBe(20_000)
    expect(signInWaitMs(FREE_ATTEMPTS + 20)).toBe(MAX_WAIT_MS)
    expect(signInWaitMs(10_000)).toBe(MAX_WAIT_MS)
  })
})
