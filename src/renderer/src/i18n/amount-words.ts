import type { Language } from '../../../shared/types'
import { plural } from './plural'

/**
 * An amount in words beside its figure, so that its size cannot be misread ("1.000" is one dinar): the clerk's
 * screens and the customer display say it the same way. Numbers in Latin digits, as every figure on screen.
 */
export function amountInWords(language: Language, dinars: number, dirhams: number): string {
  const showDinars = dinars > 0 || dirhams === 0
  if (language === 'en') {
    return [
      showDinars ? plural('en', dinars, { one: '# dinar', other: '# dinars' }) : null,
      dirhams > 0 ? plural('en', dirhams, { one: '# dirham', other: '# dirhams' }) : null,
    ]
      .filter((part) => part !== null)
      .join(' and ')
  }
  return [
    showDinars
      ? plural('ar', dinars, {
          zero: '0 دينار',
          one: 'دينار واحد',
          two: 'ديناران',
          few: '# دنانير',
          many: '# دينارًا',
          other: '# دينار',
        })
      : null,
    dirhams > 0
      ? plural('ar', dirhams, {
          one: 'درهم واحد',
          two: 'درهمان',
          few: '# دراهم',
          many: '# درهمًا',
          other: '# درهم',
        })
      : null,
  ]
    .filter((part) => part !== null)
    .join(' و')
}
