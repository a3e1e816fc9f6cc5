import { describe, expect, it } from 'vitest'
import { ar } from '../../src/renderer/src/i18n/ar'
import { en } from '../../src/renderer/src/i18n/en'
import { directionOf, errorMessage, languageFromLocale } from '../../src/renderer/src/i18n/index'
import { ERROR_CODES } from '../../src/shared/errors'

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
const sameInBothLanguages = new Set([
  'shortcuts.enter',
  'shortcuts.esc',
  // "name · role": only the words passed in (already in the reader's language).
  'manager.session.signedInAs',
])

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

  it('give every error code advice in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(en.errors[code].length, code).toBeGreaterThan(20)
      expect(ar.errors[code], code).toMatch(arabicLetters)
      expect(errorMessage(ar, { code })).toBe(ar.errors[code])
    }
  })

  it('read an unknown entry error code as a service error instead of failing', () => {
    expect(errorMessage(en, { code: 'SOMETHING_NEW' })).toBe(en.errors.SERVICE_ERROR)
  })

  it('keep Latin digits in Arabic texts that carry numbers', () => {
    expect(ar.status.attention(12)).toBe('12 عملية تحتاج مراجعة')
    expect(ar.status.attention(2)).toBe('عمليتان تحتاجان مراجعة')
    expect(ar.status.attention(5)).toBe('5 عمليات تحتاج مراجعة')
    expect(ar.journal.count(200, true)).toBe('200+ عملية')
    expect(ar.status.hoursMinutes(2, 5)).toBe('2 ساعة و5 دقيقة')
    expect(`${[...arTexts.values()].join('')}`).not.toMatch(/[٠-٩]/)
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
