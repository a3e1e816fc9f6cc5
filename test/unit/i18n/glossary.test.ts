/**
 * One word for one thing (docs/glossary.md): the glossary's table read as written, checked against every
 * catalogue of words the desk shows, prints or exports, in both languages.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RECEIPT_LABELS } from '../../../src/main/receipts/labels'
import { REPORT_LABELS } from '../../../src/main/reports/labels'
import { MESSAGES } from '../../../src/renderer/src/i18n'
import { ERROR_LABELS } from '../../../src/shared/error-labels'
import type { Language } from '../../../src/shared/types'

interface Term {
  thing: string
  word: Record<Language, string>
  not: Record<Language, string[]>
  keys: string[]
}

/** Every text of a catalogue by its key path (`ui.deposit.ourReference`); a function's text as `name()`. */
type Catalogue = Map<string, string>

/** The glossary's table: its rows, each cell as written (`;` between several words or keys). */
function readGlossary(markdown: string): Term[] {
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
  const list = (cell: string | undefined) =>
    (cell ?? '')
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '')
  // The head row and the line under it.
  return rows.slice(2).map(([thing = '', en = '', ar = '', notEn, notAr, keys]) => ({
    thing,
    word: { en, ar },
    not: { en: list(notEn), ar: list(notAr) },
    keys: list(keys),
  }))
}

/**
 * Every text of the catalogues of one language: the screens' (with the manager tools', the head office's and
 * the updates'), the receipts', the reports' and exports', the reasons'. A function is called with sample
 * figures (its text, whatever the figures, is what the glossary is about).
 */
function catalogueOf(language: Language): Catalogue {
  const out: Catalogue = new Map()
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') out.set(path, value)
    else if (typeof value === 'function') {
      const args = Array.from({ length: Math.max(value.length, 1) }, () => 2)
      let text: unknown
      try {
        text = (value as (...a: unknown[]) => unknown)(...args)
      } catch {
        return
      }
      walk(text, `${path}()`)
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key)
    }
  }
  walk(MESSAGES[language], 'ui')
  walk(RECEIPT_LABELS[language], 'receipt')
  walk(REPORT_LABELS[language], 'report')
  walk(ERROR_LABELS[language], 'errorLabel')
  return out
}

/** Arabic vowel marks (and shadda) aside: «مؤكَّد» and «مؤكد» are one word. English: any case. */
function fold(text: string, language: Language): string {
  return language === 'en' ? text.toLowerCase() : text.replace(/[\u064b-\u0652\u0670\u0640]/g, '')
}

/** Whether `text` holds `word` as a whole word (not inside a longer one), marks and case folded. */
function holdsWord(text: string, word: string, language: Language): boolean {
  const t = fold(text, language)
  const w = fold(word, language)
  const letter = /[\p{L}\p{N}]/u
  for (let at = t.indexOf(w); at >= 0; at = t.indexOf(w, at + 1)) {
    const before = t[at - 1]
    const after = t[at + w.length]
    if ((before === undefined || !letter.test(before)) && (after === undefined || !letter.test(after)))
      return true
  }
  return false
}

/** Every place where a thing has another word than the glossary's, in words a person reads. */
function conflicts(terms: Term[], catalogues: Record<Language, Catalogue>): string[] {
  const found: string[] = []
  for (const language of ['en', 'ar'] as const) {
    const catalogue = catalogues[language]
    const owner = new Map<string, string>()
    for (const term of terms) {
      const word = term.word[language]
      const earlier = owner.get(fold(word, language))
      if (earlier) found.push(`${language}: "${word}" names both "${earlier}" and "${term.thing}"`)
      owner.set(fold(word, language), term.thing)
      for (const key of term.keys) {
        const text = catalogue.get(key)
        if (text === undefined)
          found.push(`${language}: ${key} (named for "${word}") is not in the catalogue`)
        else if (!fold(text, language).includes(fold(word, language)))
          found.push(`${language}: ${key} says "${text}" for ${term.thing.slice(0, 40)}…: not "${word}"`)
      }
      for (const other of term.not[language]) {
        if (holdsWord(word, other, language))
          found.push(`${language}: "${other}" is both the word and another word for "${term.thing}"`)
        for (const [key, text] of catalogue) {
          if (holdsWord(text, other, language))
            found.push(`${language}: ${key} says "${other}" (${text}), a second word for "${word}"`)
        }
      }
    }
  }
  return found
}

const glossary = readGlossary(readFileSync('docs/glossary.md', 'utf8'))
const catalogues = { en: catalogueOf('en'), ar: catalogueOf('ar') }

describe('the glossary', () => {
  it('names each thing with one word per language, and every screen, receipt, report and export uses it', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(10)
    for (const term of glossary) {
      expect(term.word.en, term.thing).not.toBe('')
      expect(term.word.ar, term.thing).not.toBe('')
      expect(term.keys.length, term.thing).toBeGreaterThan(0)
    }
    expect(conflicts(glossary, catalogues)).toEqual([])
  })

  it('fails when a second word for a thing is planted in a catalogue, as a label or inside a sentence', () => {
    const planted = (language: Language, key: string, text: string) => {
      const copy = { en: new Map(catalogues.en), ar: new Map(catalogues.ar) }
      expect(copy[language].has(key), key).toBe(true)
      copy[language].set(key, text)
      return conflicts(glossary, copy)
    }
    // «فعلي» for "live", where the reports' mode said it (issue 30), and in a sentence elsewhere.
    expect(planted('ar', 'ui.manager.reports.modeLive', 'فعلي')).toEqual([
      expect.stringContaining('ui.manager.reports.modeLive says "فعلي"'),
      expect.stringContaining('ui.manager.reports.modeLive says "فعلي" (فعلي), a second word for "مباشر"'),
    ])
    expect(planted('ar', 'ui.headOffice.trainingOff', 'تُرسَل المبيعات الفعلية وحدها')).toEqual([
      expect.stringContaining('ui.headOffice.trainingOff says "الفعلية"'),
    ])
    // «رقم العملية» for the provider's id on a receipt (it meant our entry id in the journal).
    expect(planted('ar', 'receipt.serviceTransaction', 'رقم العملية')).toContainEqual(
      expect.stringContaining('receipt.serviceTransaction says "رقم العملية"'),
    )
    // In English, whatever the case.
    expect(planted('en', 'ui.deposit.serviceTransaction', 'Service transaction id')).toContainEqual(
      expect.stringContaining('ui.deposit.serviceTransaction says "Service transaction id"'),
    )
    // A word is matched whole: «فعلاً» ("indeed") is not «فعلي».
    expect(planted('ar', 'ui.sell.title', 'بيع قسيمة فعلاً')).toEqual([])
  })

  it('fails when two things share one word', () => {
    const twice = glossary.map((term) =>
      term.word.en === 'Entry ID' ? { ...term, word: { ...term.word, ar: 'رقم الإيصال' } } : term,
    )
    expect(conflicts(twice, catalogues)).toContainEqual(expect.stringContaining('"رقم الإيصال" names both'))
  })
})
