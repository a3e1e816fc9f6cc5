import { toLatinDigits } from './digits'
import { missingCase } from './errors'

/** A Libyan mobile number in national form, `09XXXXXXXX`. */
export type LibyanPhone = string & { readonly __brand: 'LibyanPhone' }

export const PHONE_FORMATS = ['national', 'international', 'international-plus'] as const
/** How the number is sent to the service: 0912345678, 218912345678 or +218912345678. */
export type PhoneFormat = (typeof PHONE_FORMATS)[number]

/**
 * Accepts `09XXXXXXXX`, `+2189XXXXXXXX`, `2189XXXXXXXX` and `002189XXXXXXXX`, with spaces, dashes, dots or
 * parentheses, in Latin or Arabic-Indic digits. Libyan mobile prefixes are 91–96. Anything else is null.
 */
export function normalizeLibyanPhone(text: string): LibyanPhone | null {
  if (typeof text !== 'string' || text.length > 40) return null
  const compact = toLatinDigits(text)
    .trim()
    .replace(/[\s\-.()\u200e\u200f\u2066-\u2069]/g, '')
  const m = /^(?:0|\+218|00218|218)(9[1-6]\d{7})$/.exec(compact)
  return m ? (`0${m[1]}` as LibyanPhone) : null
}

/** The fewest first digits of a phone (in national form: 0912…) a search looks for. */
export const PHONE_START_MIN_DIGITS = 4

/**
 * The first digits of a Libyan mobile number in national form, from the way a person starts typing one:
 * `0912`, `912`, `218 91 2`, `+218912`, `00218 91 2`, spaced or dashed, in Latin or Arabic-Indic digits
 * (`٠٩١٢`). Null when the text cannot be the start of one (not 09…, or fewer than 4 digits in national form).
 */
export function libyanPhoneStart(text: string): string | null {
  if (typeof text !== 'string' || text.length > 40) return null
  const compact = toLatinDigits(text)
    .trim()
    .replace(/[\s\-.()\u200e\u200f\u2066-\u2069]/g, '')
  const m = /^(?:\+218|00218|218|0)?(9\d{0,8})$/.exec(compact)
  if (!m) return null
  const national = `0${m[1]}`
  return national.length >= PHONE_START_MIN_DIGITS ? national : null
}

export function formatPhoneForService(phone: LibyanPhone, format: PhoneFormat): string {
  const subscriber = phone.slice(1)
  switch (format) {
    case 'national':
      return phone
    case 'international':
      return `218${subscriber}`
    case 'international-plus':
      return `+218${subscriber}`
    default:
      return missingCase(format)
  }
}

/** "091 234 5678" for reading aloud and on receipts. */
export function formatPhoneForDisplay(phone: string): string {
  return /^09\d{8}$/.test(phone) ? `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}` : phone
}
