import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dirhamsToLyd, formatLyd, lydToDirhams, parseLyd } from '../../../src/shared/money'

describe('parseLyd', () => {
  it.each([
    ['30', 30_000],
    ['12.5', 12_500],
    ['0.010', 10],
    ['0.01', 10],
    ['.5', 500],
    ['7.', 7000],
    ['١٢٫٥', 12_500],
    ['۱۲,۵', 12_500],
    ['  100,25 ', 100_250],
    ['0007', 7000],
  ])('reads %j as %i dirhams', (text, dirhams) => {
    expect(parseLyd(text)).toEqual({ ok: true, value: dirhams })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['1.2345', 'precision'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['1,000.5', 'format'],
    ['.', 'format'],
    ['abc', 'format'],
    ['9999999999999', 'range'],
    // A comma before exactly three digits: a thousand to one clerk, one dinar to another.
    ['  100,250 ', 'ambiguous'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseLyd(text)).toEqual({ ok: false, reason })
  })

  it('round-trips every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (d) => {
        expect(parseLyd(formatLyd(d))).toEqual({ ok: true, value: d })
      }),
      { numRuns: 1000 },
    )
  })
})

describe('formatLyd', () => {
  it('always prints three decimals with Latin digits', () => {
    expect(formatLyd(30_000)).toBe('30.000')
    expect(formatLyd(10)).toBe('0.010')
    expect(formatLyd(1_234_567)).toBe('1234.567')
    expect(formatLyd(-2500)).toBe('-2.500')
  })
})

describe('the HTTP edge', () => {
  it('sums a thousand 0.01 deposits to exactly 10 LYD', () => {
    let total = 0
    for (let i = 0; i < 1000; i++) total += lydToDirhams(dirhamsToLyd(10 as never)) ?? Number.NaN
    expect(total).toBe(10_000)
  })

  it('refuses numbers that are not whole dirhams', () => {
    expect(lydToDirhams(0.0105)).toBeNull()
    expect(lydToDirhams(Number.NaN)).toBeNull()
    expect(lydToDirhams('12.5')).toBe(12_500)
    expect(lydToDirhams(100)).toBe(100_000)
    expect(lydToDirhams(-1)).toBeNull()
  })
})
