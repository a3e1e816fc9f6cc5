import { toLatinDigits } from './digits'

/**
 * Money is an integer number of dirhams (1 LYD = 1000 dirhams; ISO 4217 gives LYD three decimals).
 * User text is parsed straight to integers, never through parseFloat; LYD as a JSON number exists only
 * at the HTTP edge (dirhamsToLyd / lydToDirhams).
 */
export type Dirhams = number & { readonly __brand: 'Dirhams' }

export const DIRHAMS_PER_LYD = 1000
/** The service's minimum deposit, 0.01 LYD. */
export const MIN_DEPOSIT_DIRHAMS = 10 as Dirhams
/** Far above any real amount, far below Number.MAX_SAFE_INTEGER. */
export const MAX_DIRHAMS = 1_000_000_000_000 as Dirhams

export function isDirhams(value: unknown): value is Dirhams {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_DIRHAMS
}

export type ParseLydResult =
  | { ok: true; value: Dirhams }
  | { ok: false; reason: 'empty' | 'format' | 'precision' | 'range' | 'ambiguous' }

/**
 * Parses what a clerk types as an LYD amount: "30", "12.5", "0.010", Arabic-Indic digits, and `.`, `,`
 * or `٫` as the decimal mark. No thousands separators, no sign, at most three decimals. A comma between a
 * whole number and exactly three digits ("1,000", "12,500") is refused as `ambiguous`: one clerk means a
 * thousand, another one dinar, and a deposit of the wrong one cannot be taken back ("0,500" is dirhams only).
 */
export function parseLyd(text: string): ParseLydResult {
  const latin = toLatinDigits(text).trim()
  // "0,500" and ",500" can only be dirhams; "1,000" could be a thousand.
  if (/[1-9]\d*,\d{3}$/.test(latin)) return { ok: false, reason: 'ambiguous' }
  const s = latin.replace(/[٫,]/g, '.')
  if (s === '') return { ok: false, reason: 'empty' }
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s)
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return { ok: false, reason: 'format' }
  const whole = (m[1] ?? '').replace(/^0+(?=\d)/, '')
  const frac = m[2] ?? ''
  if (frac.length > 3) return { ok: false, reason: 'precision' }
  if (whole.length > 12) return { ok: false, reason: 'range' }
  const value = Number(whole === '' ? '0' : whole) * DIRHAMS_PER_LYD + Number(frac.padEnd(3, '0'))
  if (!isDirhams(value)) return { ok: false, reason: 'range' }
  return { ok: true, value }
}

/** "30.000", "0.010": Latin digits, `.` and exactly three decimals, as Libyan receipts print them. */
export function formatLyd(amount: Dirhams | number): string {
  const negative = amount < 0
  const abs = Math.abs(Math.trunc(amount))
  const whole = Math.floor(abs / DIRHAMS_PER_LYD)
  const frac = String(abs % DIRHAMS_PER_LYD).padStart(3, '0')
  return `${negative ? '-' : ''}${whole}.${frac}`
}

/** An amount as a person would type it into a field: "5", "1.5", "0.01" (no trailing zeros). */
export function lydForEditing(amount: Dirhams | number): string {
  return formatLyd(amount).replace(/\.?0+$/, '')
}

/** For the HTTP edge only: the JSON number the service expects. */
export function dirhamsToLyd(amount: Dirhams): number {
  return amount / DIRHAMS_PER_LYD
}

/** For the HTTP edge only: a JSON number from the service, or null when it is not a whole number of dirhams. */
export function lydToDirhams(value: unknown): Dirhams | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof n !== 'number' || !Number.isFinite(n)) return null
  const scaled = n * DIRHAMS_PER_LYD
  const rounded = Math.round(scaled)
  if (Math.abs(scaled - rounded) > 1e-6 * Math.max(1, Math.abs(scaled))) return null
  return isDirhams(rounded) ? rounded : null
}
