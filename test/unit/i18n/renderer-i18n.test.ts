import { describe, expect, it } from 'vitest'
import { ar } from '../../../src/renderer/src/i18n/ar'
import { en } from '../../../src/renderer/src/i18n/en'
import { directionOf, errorMessage, languageFromLocale } from '../../../src/renderer/src/i18n/index'
import { ERROR_CODES } from '../../../src/shared/errors'

/** Every text as "path → value"; functions are called with sample arguments. */
function leaves(obj: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>()
  if (typeof obj === 'string') out.set(path, obj)
  else if (typeof obj === 'function') out.set(path, String((obj as (...a: unknown[]) => unknown)(2, 3)))
  else if (obj && typeof obj === 'object')
    for (const [k, v] of Object.entries(obj))
      for (const [p, s] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, s)
  return out
}

const arabicLetters = /[\u0600-\u06FF]/
// Texts that are the same in both languages on purpose (key names, examples of what to type).
const sameInBothLanguages = new Set(['shortcuts.enter', 'shortcuts.esc'])

describe('the Arabic and English texts', () => {
  const enTexts = leaves(en)
  const arTexts = leaves(ar)

  it('have the same keys', () => {
    expect([...arTexts.keys()].sort()).toEqual([...enTexts.keys()].sort())
  })

  it('are translated: every Arabic text is written in Arabic', () => {
    const untranslated = [...arTexts]
      .filter(([path, text]) => !sameInBothLanguages.has(path) && !arabicLetters.test(text))
      .map(([path]) => path)
    expect(untranslated).toEqual([])
  })

  it('say the currency as د.ل in Arabic, never LYD', () => {
    expect([...arTexts].filter(([, text]) => /\bLYD\b/.test(text)).map(([path]) => path)).toEqual([])
  })

  it('give every error code advice in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(en.errors[code].length, code).toBeGreaterThan(20)
      expect(ar.errors[code], code).toMatch(arabicLetters)
      expect(errorMessage(ar, { code })).toBe(ar.errors[code])
    }
  })

  it('advise on a request refused on this PC instead of blaming the connection', () => {
    const refusedHere = { code: 'NOT_SENT', details: { reason: 'REQUEST_NOT_MADE', outcome: 'not-sent' } }
    expect(errorMessage(en, refusedHere)).toMatch(/could not be made on this PC/)
    expect(errorMessage(ar, refusedHere)).toBe(ar.errorReasons.REQUEST_NOT_MADE)
    expect(errorMessage(en, { code: 'NOT_SENT', details: { reason: 'ECONNREFUSED' } })).toBe(
      en.errors.NOT_SENT,
    )
  })

  it('say the service did not answer when it did not, not that it answered with an error', () => {
    const silent = {
      code: 'SERVICE_ERROR',
      details: { reason: 'UND_ERR_HEADERS_TIMEOUT', outcome: 'unknown' },
    }
    expect(errorMessage(en, silent)).toMatch(/^The service did not answer\./)
    expect(errorMessage(ar, silent)).toBe(ar.common.serviceSilent)
    const answered = { code: 'SERVICE_ERROR', details: { outcome: 'rejected', httpStatus: 503 } }
    expect(errorMessage(en, answered)).toBe(en.errors.SERVICE_ERROR)
    // A money call cut off without a code carries the reason NO_ANSWER: its outcome is unknown, never "try again".
    const moneySilent = { code: 'OUTCOME_UNKNOWN', details: { reason: 'NO_ANSWER', outcome: 'unknown' } }
    expect(errorMessage(en, moneySilent)).toBe(en.errors.OUTCOME_UNKNOWN)
    expect(errorMessage(ar, moneySilent)).toBe(ar.errors.OUTCOME_UNKNOWN)
  })

  it('read an unknown entry error code as a service error instead of failing', () => {
    expect(errorMessage(en, { code: 'SOMETHING_NEW' })).toBe(en.errors.SERVICE_ERROR)
  })

  it('keep Latin digits in Arabic texts that carry numbers', () => {
    expect(ar.status.attention(12)).toBe('12 عملية تحتاج مراجعة')
    expect(ar.status.attention(2)).toBe('عمليتان تحتاجان مراجعة')
    expect(ar.status.attention(5)).toBe('5 عمليات تحتاج مراجعة')
    expect(ar.journal.count(200, true)).toBe('أكثر من 200 عملية')
    expect(ar.status.hoursMinutes(2, 5)).toBe('ساعتين و5 دقائق')
    expect(`${[...arTexts.values()].join('')}`).not.toMatch(/[٠-٩]/)
  })
})

describe('counts, in the forms each language has (Intl.PluralRules)', () => {
  it('say 1 voucher and 2 vouchers in English', () => {
    expect(en.status.limitCounts(1, 0)).toBe('1 voucher, 0 deposits')
    expect(en.status.limitCounts(2, 1)).toBe('2 vouchers, 1 deposit')
    expect(en.journal.count(1, false)).toBe('1 entry')
    expect(en.journal.count(7, false)).toBe('7 entries')
    expect(en.manager.reports.entries(1)).toBe('1 entry in all')
    expect(en.manager.session.lockedIdle(1)).toContain('after 1 minute without')
    expect(en.manager.backup.pruned(1)).toBe('1 older backup was removed.')
  })

  it('use all six Arabic forms: zero, one, two, few (3–10), many (11–99), other (100…)', () => {
    const counts = [0, 1, 2, 3, 10, 11, 99, 100, 103].map((n) => ar.journal.count(n, false))
    expect(counts).toEqual([
      'لا عمليات',
      'عملية واحدة',
      'عمليتان',
      '3 عمليات',
      '10 عمليات',
      '11 عملية',
      '99 عملية',
      '100 عملية',
      '103 عمليات',
    ])
    expect(ar.status.limitCounts(1, 2)).toBe('قسيمة واحدة، إيداعان')
    expect(ar.status.limitCounts(5, 11)).toBe('5 قسائم، 11 إيداعًا')
    expect(ar.manager.session.wait(2)).toContain('ثانيتين')
    expect(ar.manager.session.lockedIdle(3)).toContain('3 دقائق')
  })

  it('name a confirmed entry with a participle, not an imperative', () => {
    expect(ar.entryStatus.confirmed).toBe('مؤكَّد')
    expect(JSON.stringify(ar)).not.toMatch(/"تأكد/)
  })
})

describe('the language', () => {
  it('follows an Arabic system locale and falls back to English', () => {
    expect(languageFromLocale('ar-LY')).toBe('ar')
    expect(languageFromLocale('AR')).toBe('ar')
    expect(languageFromLocale('en-US')).toBe('en')
    expect(languageFromLocale('fr-FR')).toBe('en')
    expect(languageFromLocale(undefined)).toBe('en')
  })

  it('sets right-to-left for Arabic only', () => {
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('en')).toBe('ltr')
  })
})
