import { describe, expect, it } from 'vitest'
import { validateDeskInput } from '../../../src/shared/contract'
import { inputTooLarge, MAX_INPUT_VALUES } from '../../../src/shared/input-size'
import { RECEIPT_LOGO_MAX_CHARS } from '../../../src/shared/receipt-logo'

describe("a call's input size", () => {
  it('lets the largest real input through: a settings save with the largest logo and every other field long', () => {
    const logo = `data:image/png;base64,${'A'.repeat(RECEIPT_LOGO_MAX_CHARS - 22)}`
    const input = {
      logo,
      outlet: { name: 'م'.repeat(100), address: 'ع'.repeat(200), phone: '0'.repeat(40) },
      redemptionHint: 'x'.repeat(500),
      updateFeedUrl: `https://${'u'.repeat(1990)}`,
      backup: { folder: `D:\\${'b'.repeat(3990)}`, daily: true, keep: 365, plain: false },
      autoLockMinutes: 10,
    }
    expect(inputTooLarge(input)).toBe(false)
    expect(validateDeskInput('updateSettings', input)).toMatchObject({ ok: true })
  })

  it('stops at a long string, many keys, a long array, bytes or a cycle', () => {
    expect(inputTooLarge({ name: 'x'.repeat(300_000) })).toBe(true)
    expect(
      inputTooLarge(Object.fromEntries(Array.from({ length: MAX_INPUT_VALUES }, (_, i) => [`k${i}`, 0]))),
    ).toBe(true)
    expect(inputTooLarge({ items: new Array(5_000).fill(0) })).toBe(true)
    expect(inputTooLarge({ data: new Uint8Array(300_000) })).toBe(true)
    const cycle: Record<string, unknown> = { a: 1 }
    cycle.self = cycle
    expect(inputTooLarge(cycle)).toBe(true)
    expect(inputTooLarge(undefined)).toBe(false)
    expect(inputTooLarge({ personId: 'p1', pin: '2580' })).toBe(false)
  })

  it('a refusal names the first five problems, each cut to 200 characters', () => {
    const keys = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`someUnknownKey${i}`, i]))
    const refused = validateDeskInput('updateSettings', {
      autoLockMinutes: 'x',
      reprintWindowMinutes: 'y',
      replayRevealMinutes: 'z',
      autoPrint: 3,
      receiptLanguage: 7,
      redemptionHint: 9,
      ...keys,
    })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    const details = refused.error.details as { fields: { message: string }[]; moreIssues: number }
    expect(details.fields).toHaveLength(5)
    expect(details.moreIssues).toBeGreaterThan(0)
    for (const f of details.fields) expect(f.message.length).toBeLessThanOrEqual(201)
    expect(JSON.stringify(refused).length).toBeLessThan(2_000)
  })
})
