import { describe, expect, it } from 'vitest'
import { describeEvent } from '../../../src/renderer/src/features/journal/event-words'
import { ar } from '../../../src/renderer/src/i18n/ar'
import { en } from '../../../src/renderer/src/i18n/en'
import {
  dayToText,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatDayLong,
  formatLyd,
  formatPhone,
  formatPlainDate,
  formatTime,
  groupCode,
  splitDuration,
  textToDay,
} from '../../../src/renderer/src/ui/format'
import { errorLabel } from '../../../src/shared/error-labels'
import { lydForEditing, parseLyd } from '../../../src/shared/money'
import { normalizeLibyanPhone } from '../../../src/shared/phone'
import type { JournalEvent } from '../../../src/shared/types'
import { CODE_SHOWN_VIAS, RESEND_BY } from '../../../src/shared/types'

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

  it('refuses a comma before exactly three digits: a thousand to one clerk, one dinar to another', () => {
    for (const text of ['1,000', '12,500', '10,000', '١,٠٠٠', ' 5,000 ']) {
      expect(parseLyd(text), text).toEqual({ ok: false, reason: 'ambiguous' })
    }
    // A comma before fewer digits, and a point or the Arabic mark before three, say one thing only.
    expect(parseLyd('50,5')).toEqual({ ok: true, value: 50_500 })
    expect(parseLyd('1,50')).toEqual({ ok: true, value: 1_500 })
    // No whole dinars before the comma: it can only be dirhams.
    expect(parseLyd('0,500')).toEqual({ ok: true, value: 500 })
    expect(parseLyd(',500')).toEqual({ ok: true, value: 500 })
    expect(parseLyd('1.000')).toEqual({ ok: true, value: 1_000 })
    expect(parseLyd('1٫000')).toEqual({ ok: true, value: 1_000 })
    expect(parseLyd('1,000.5')).toEqual({ ok: false, reason: 'format' })
  })

  it('says an amount in words in both languages, so its size cannot be misread', () => {
    expect(en.amountInWords(1, 0)).toBe('1 dinar')
    expect(en.amountInWords(1000, 0)).toBe('1000 dinars')
    expect(en.amountInWords(50, 500)).toBe('50 dinars and 500 dirhams')
    expect(en.amountInWords(0, 10)).toBe('10 dirhams')
    expect(ar.amountInWords(1, 0)).toBe('دينار واحد')
    expect(ar.amountInWords(2, 0)).toBe('ديناران')
    expect(ar.amountInWords(5, 0)).toBe('5 دنانير')
    expect(ar.amountInWords(1000, 0)).toBe('1000 دينار')
    expect(ar.amountInWords(50, 500)).toBe('50 دينارًا و500 درهم')
    expect(ar.amountInWords(0, 10)).toBe('10 دراهم')
  })

  it('gives a stored amount back as a person types it, with no trailing zeros', () => {
    expect(lydForEditing(5_000_000)).toBe('5000')
    expect(lydForEditing(10_000)).toBe('10')
    expect(lydForEditing(1_500)).toBe('1.5')
    expect(lydForEditing(10)).toBe('0.01')
    expect(lydForEditing(0)).toBe('0')
    for (const d of [5_000_000, 10_000, 1_500, 10, 0, 123_456])
      expect(parseLyd(lydForEditing(d))).toEqual({ ok: true, value: d })
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

  it('show the seconds in an entry’s history, where several events fall in one minute', () => {
    const later = '2026-11-26T22:30:41.000Z'
    expect(formatDateTimeSeconds(later, 'en')).toBe('27 Nov 2026, 00:30:41')
    expect(formatDateTimeSeconds(later, 'ar')).toContain('00:30:41')
    expect(formatDateTimeSeconds(later, 'ar')).not.toMatch(arabicIndic)
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

describe('dates in the language’s own order', () => {
  it('type and show a day as day/month/year, whatever the PC’s locale, Arabic digits and ISO too', () => {
    expect(dayToText(20261126)).toBe('26/11/2026')
    expect(textToDay('26/11/2026')).toBe(20261126)
    expect(textToDay('٢٦-١١-٢٠٢٦')).toBe(20261126)
    expect(textToDay('5.1.2027')).toBe(20270105)
    expect(textToDay('2026-11-26')).toBe(20261126)
    // Month first is not read as a date: there is no 26th month.
    expect(textToDay('11/26/2026')).toBeNull()
    expect(textToDay('31/02/2026')).toBeNull()
  })

  it('spell the day out in each language, day before month', () => {
    expect(formatDayLong(20261126, 'en')).toBe('Thu, 26 Nov 2026')
    expect(formatDayLong(20261126, 'ar')).toMatch(/^الخميس، 26 نوفمبر 2026$/)
    expect(formatDateTime('2026-11-26T08:05:00Z', 'en')).toMatch(/^26 Nov 2026/)
    expect(formatDateTime('2026-11-26T08:05:00Z', 'ar')).toMatch(/^26 نوفمبر 2026/)
  })
})

describe('an entry’s history in words', () => {
  const event = (type: JournalEvent['type'], detail: Record<string, unknown>, clerk?: string) => ({
    id: 1,
    at: '2026-11-26T10:00:00.000Z',
    type,
    detail,
    ...(clerk ? { clerk } : {}),
  })

  it('says each technical field in the screen’s language', () => {
    expect(describeEvent(en, 'en', event('sent', { attempt: 1 }, 'Salem'))).toEqual(['attempt 1', 'by Salem'])
    expect(describeEvent(ar, 'ar', event('sent', { attempt: 2 }))).toEqual(['المحاولة 2'])
    expect(describeEvent(ar, 'ar', event('answered', { transactionId: '55501' }))).toEqual([
      'رقم عملية المزوّد 55501',
    ])
    expect(describeEvent(ar, 'ar', event('retried', { code: 'OUTCOME_UNKNOWN', by: 'background' }))).toEqual([
      'لا إجابة واضحة',
      'من البرنامج في الخلفية',
    ])
    // A manager's resolution of a voucher: its serial and the last digits of the code typed, in words.
    expect(
      describeEvent(
        en,
        'en',
        event('resolved', { outcome: 'issued', serialNumber: '825266', codeLast4: '4457' }),
      ),
    ).toEqual([en.manager.resolve.outcome.issued, 'serial 825266', 'code ending 4457'])
    expect(describeEvent(ar, 'ar', event('resolved', { codeLast4: '4457' }))).toEqual(['رمز ينتهي بـ 4457'])
    // A daily-limit refusal keeps the service's figures: said in words, not as data.
    const limit = {
      dailyMaxDirhams: 3_000_000,
      usedTodayDirhams: 2_880_000,
      remainingDirhams: 120_000,
      requestedDirhams: 5_000_000,
    }
    expect(describeEvent(en, 'en', event('answered', { code: 'DAILY_LIMIT_EXCEEDED', limit }))).toEqual([
      errorLabel('DAILY_LIMIT_EXCEEDED', 'en'),
      'left today 120.000 of 3000.000 LYD, as the service said',
    ])
    expect(describeEvent(ar, 'ar', event('answered', { limit }))).toEqual([
      'المتبقي اليوم 120.000 من 3000.000 د.ل، كما قالت الخدمة',
    ])
    // What the desk's request for access came to, when that is why a sale or deposit did not go through.
    expect(describeEvent(en, 'en', event('not-sent', { access: 'TOKEN_NO_ANSWER' }))).toEqual([
      'no answer when the desk asked for access',
    ])
    expect(describeEvent(ar, 'ar', event('answered', { access: 'TOKEN_NO_ANSWER' }))).toEqual([
      ar.eventDetail.accessNoAnswer,
    ])
    expect(describeEvent(en, 'en', event('not-sent', { access: 'ACCOUNT_DISABLED' }))).toEqual([
      'asked for access: Reseller account disabled',
    ])
    expect(
      describeEvent(
        en,
        'en',
        event('recovered', { reason: 'The app stopped before the outcome was recorded.' }),
      ),
    ).toEqual(['the app stopped before the outcome was recorded'])
    expect(
      describeEvent(
        en,
        'en',
        event('print-failed', { printer: 'tcp://x:9100', reason: 'no-paper', copy: false }),
      ),
    ).toEqual(['printer tcp://x:9100', en.printing.reasons['no-paper']])
    const all = [
      ...describeEvent(ar, 'ar', event('resolved', { outcome: 'issued', note: 'portal', duplicate: true })),
    ].join(' ')
    expect(all).not.toMatch(/outcome|duplicate|transactionId|attempt/)
  })

  it('says why a voucher’s code was shown, and who re-sent an entry, in words of both languages', () => {
    expect(describeEvent(en, 'en', event('code-shown', { via: 'sale' }, 'Salem'))).toEqual([
      'at the sale',
      'by Salem',
    ])
    expect(describeEvent(ar, 'ar', event('code-shown', { via: 'sale' }, 'سالم'))).toEqual([
      'عند البيع',
      'بواسطة سالم',
    ])
    for (const [language, t] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const via of CODE_SHOWN_VIAS) {
        const [words] = describeEvent(t, language, event('code-shown', { via }))
        expect(words).toBe(t.eventDetail.via[via])
        expect(words).not.toBe(via)
      }
      for (const by of RESEND_BY) {
        const [, words] = describeEvent(t, language, event('retried', { code: 'OUTCOME_UNKNOWN', by }))
        expect(words).toBe(t.eventDetail.by[by])
        expect(words).not.toBe(by)
      }
    }
    // A code from a newer version is shown as recorded, never as nothing.
    expect(describeEvent(en, 'en', event('code-shown', { via: 'kiosk' }))).toEqual(['kiosk'])
    expect(describeEvent(en, 'en', event('code-shown', { via: 'constructor' }))).toEqual(['constructor'])
  })
})
