import { toLatinDigits } from './digits'

/**
 * The receipt number: the one reference a person reads aloud (to a customer on the phone, between a clerk and
 * a manager). `R-0428-0173`: who numbered it, the business day's month and day, and the entry's place in that
 * day (1, 2, 3… in the order entries were made, per journal). The long ids (our reference, the entry id) stay
 * for machines and the provider's hotline.
 *
 * Who numbered it: `R` on a desk on its own, `T` in training (the training journal numbers its own day, so a
 * training receipt never shares a number with a real one), and with a head office the terminal's own code
 * (`KA`: see docs/head-office.md), so two counters of a chain never print the same number on the same day.
 * The number with its receipt's date is unique on the PC; the year is on the receipt, not in the number.
 */
export const RECEIPT_PREFIX_ALONE = 'R'
export const RECEIPT_PREFIX_TRAINING = 'T'

/**
 * A terminal's receipt code: 1 to 3 capital Latin letters (never R or T alone). Letters only, so a number read
 * without its dashes (`KA04280173`) still splits one way.
 */
export const RECEIPT_CODE_PATTERN = /^[A-Z]{1,3}$/

export function isTerminalReceiptCode(code: string): boolean {
  return RECEIPT_CODE_PATTERN.test(code) && code !== RECEIPT_PREFIX_ALONE && code !== RECEIPT_PREFIX_TRAINING
}

/** `R-0428-0173` from the prefix, the business day (YYYYMMDD) and the day's sequence number. */
export function formatReceiptNumber(prefix: string, day: number, seq: number): string {
  const mmdd = String(day % 10000).padStart(4, '0')
  return `${prefix}-${mmdd}-${String(seq).padStart(4, '0')}`
}

export interface ReceiptNumberQuery {
  /** The prefix when it was typed (any letters before the digits), upper-cased. */
  prefix: string | null
  /** Month and day, MMDD as a number (428 for 28 April). */
  monthDay: number
  seq: number
}

/**
 * What a person typed as a receipt number, in any form it is read out: `R-0428-0173`, `r 0428 0173`,
 * `0428-0173`, `04280173`, Arabic-Indic digits. Null when the text is not one (month or day out of range).
 */
export function parseReceiptNumber(text: string): ReceiptNumberQuery | null {
  const compact = toLatinDigits(text)
    .trim()
    .toUpperCase()
    .replace(/[\s\-_./\u200e\u200f\u2066-\u2069]/g, '')
  const m = /^([A-Z]{1,3})?(\d{4})(\d{4,5})$/.exec(compact)
  if (!m) return null
  const monthDay = Number(m[2])
  const month = Math.floor(monthDay / 100)
  const day = monthDay % 100
  if (month < 1 || month > 12 || day < 1 || day > 31) return null
  const seq = Number(m[3])
  if (seq < 1) return null
  return { prefix: m[1] ?? null, monthDay, seq }
}
