import { plural } from './plural'

/**
 * Arabic counts in their six forms (Intl.PluralRules): zero, one, two, few (3–10), many (11–99), other (100…):
 * "لا عمليات", "عملية واحدة", "عمليتان", "3 عمليات", "11 عملية", "100 عملية". One place for every screen's words.
 */
export const arabicEntries = (n: number) =>
  plural('ar', n, {
    zero: 'لا عمليات',
    one: 'عملية واحدة',
    two: 'عمليتان',
    few: '# عمليات',
    many: '# عملية',
    other: '# عملية',
  })

export const arabicVouchers = (n: number) =>
  plural('ar', n, {
    zero: 'لا قسائم',
    one: 'قسيمة واحدة',
    two: 'قسيمتان',
    few: '# قسائم',
    many: '# قسيمة',
    other: '# قسيمة',
  })

export const arabicDeposits = (n: number) =>
  plural('ar', n, {
    zero: 'لا إيداعات',
    one: 'إيداع واحد',
    two: 'إيداعان',
    few: '# إيداعات',
    many: '# إيداعًا',
    other: '# إيداع',
  })
