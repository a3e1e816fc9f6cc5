import { describe, expect, it } from 'vitest'
import {
  formatDateTime,
  formatDay,
  formatLyd,
  formatPhone,
  formatPlainDate,
  formatTime,
  groupCode,
  splitDuration,
} from '../../src/renderer/src/ui/format'
import { parseLyd } from '../../src/shared/money'
import { normalizeLibyanPhone } from '../../src/shared/phone'

const arabicIndic = /[٠-٩۰-۹]/

describe('amounts on screen', () => {
  it('always show three decimals with a point', () => {
    expect(formatLyd(30_000)).toBe('30.000')
    expect(formatLyd(10)).toBe('0.010')
    expect(formatLyd(25_500)).toBe('25.500')
    expect(formatLyd(1_234_567_891)).toBe('1234567.891')
  })
})

describe('what the clerk types', () => {
  it('accepts Arabic-Indic digits and either decimal mark for amounts', () => {
    expect(parseLyd('٢٥٫٥')).toEqual({ ok: true, value: 25_500 })
    expect(parseLyd('25,5')).toEqual({ ok: true, value: 25_500 })
    expect(parseLyd('۳۰')).toEqual({ ok: true, value: 30_000 })
    expect(parseLyd('1.2345')).toEqual({ ok: false, reason: 'precision' })
    expect(parseLyd('1.2.3')).toEqual({ ok: false, reason: 'format' })
  })

  it('accepts Arabic-Indic digits and spaces in phone numbers', () => {
    expect(normalizeLibyanPhone('٠٩١ ٢٣٤ ٥٦٧٨')).toBe('0912345678')
    expect(normalizeLibyanPhone('+218 91-234-5678')).toBe('0912345678')
    expect(normalizeLibyanPhone('0971234567')).toBeNull()
  })
})

describe('codes, serials and phones', () => {
  it('group a code in fours from the end, so the last four match a masked code', () => {
    expect(groupCode('001110016812345')).toBe('001 1100 1681 2345')
    expect(groupCode('1234567890123456')).toBe('1234 5678 9012 3456')
    expect(groupCode('***********2345')).toBe('*** **** **** 2345')
    expect(groupCode('98712345678')).toBe('987 1234 5678')
    expect(groupCode('')).toBe('')
  })

  it('show phones in readable groups', () => {
    expect(formatPhone('0912345678')).toBe('091 234 5678')
  })
})

describe('dates and times', () => {
  const instant = '2026-11-26T22:30:00.000Z' // 00:30 on the 27th in Tripoli (UTC+2)

  it('are shown in Tripoli time with Latin digits in both languages', () => {
    expect(formatTime(instant, 'en')).toBe('00:30:00')
    expect(formatTime(instant, 'ar')).toBe('00:30:00')
    expect(formatDateTime(instant, 'en')).toBe('27 Nov 2026, 00:30')
    const ar = formatDateTime(instant, 'ar')
    expect(ar).toContain('27')
    expect(ar).toContain('2026')
    expect(ar).toContain('00:30')
    expect(ar).toMatch(/[\u0600-\u06FF]/) // the month in Arabic words
    expect(ar).not.toMatch(arabicIndic)
  })

  it('never shift a plain calendar date', () => {
    expect(formatPlainDate('2027-05-01', 'en')).toBe('1 May 2027')
    expect(formatPlainDate('2027-05-01', 'ar')).not.toMatch(arabicIndic)
    expect(formatDay(20261231, 'en')).toBe('31 Dec 2026')
  })

  it('leave what they cannot read as it is', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date')
  })

  it('split a clock offset into hours and minutes', () => {
    expect(splitDuration(-(2 * 3_600_000 + 5 * 60_000))).toEqual({ hours: 2, minutes: 5 })
    expect(splitDuration(6 * 60_000)).toEqual({ hours: 0, minutes: 6 })
  })
})
