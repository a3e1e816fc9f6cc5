import type { Language } from '../../../shared/types'

/**
 * A count in words, in the forms each language has: English two (one, other), Arabic six (zero, one, two,
 * few, many, other — "قسيمة واحدة", "قسيمتان", "3 قسائم", "11 قسيمة"…), chosen by Intl.PluralRules. `#`
 * in a form is the number, in Latin digits like every figure on screen.
 */
export type PluralForms = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>

const rules: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  ar: new Intl.PluralRules('ar'),
}

export function plural(language: Language, n: number, forms: PluralForms): string {
  const form = forms[rules[language].select(n)] ?? forms.other
  return form.replaceAll('#', String(n))
}
