/**
 * The rule for `expires_at` on POST /token (the interface leaves it open; production refuses "more than
 * one month"): an ISO 8601 date-time with `Z` or a numeric offset, strictly after now, and not after the
 * same wall-clock instant one calendar month later in UTC, the day clamped to the end of a shorter month
 * (31 January + 1 month = 28/29 February). So 28 days is always accepted, 32 days never.
 */

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate()
}

/** Epoch ms of an ISO 8601 date-time carrying a zone, or null (also for 30 February and 24:00). */
export function parseIsoInstant(text: string): number | null {
  const m = ISO_DATE_TIME.exec(text)
  if (!m) return null
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const hour = Number(m[4])
  const minute = Number(m[5])
  const second = Number(m[6] ?? '0')
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3))
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  if (hour > 23 || minute > 59 || second > 59) return null
  let offsetMinutes = 0
  if (!m[8]) {
    const oh = Number(m[10])
    const om = Number(m[11])
    if (oh > 23 || om > 59) return null
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om)
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000
}

/** The latest accepted expiry for a token requested at `now`. */
export function oneCalendarMonthAfter(now: number): number {
  const d = new Date(now)
  const year = d.getUTCFullYear() + (d.getUTCMonth() === 11 ? 1 : 0)
  const month0 = (d.getUTCMonth() + 1) % 12
  const day = Math.min(d.getUTCDate(), daysInMonth(year, month0 + 1))
  return Date.UTC(
    year,
    month0,
    day,
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  )
}

export const EXPIRY_MESSAGES = {
  missing: 'The expires_at field is required.',
  format: 'The expires_at field must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z.',
  past: 'Token expiry must be in the future.',
  tooFar: 'Token expiry cannot exceed 1 month.',
} as const

export type ExpiryCheck = { ok: true; expiresAtMs: number } | { ok: false; message: string }

export function checkTokenExpiry(value: unknown, now: number): ExpiryCheck {
  if (value === undefined || value === null || value === '')
    return { ok: false, message: EXPIRY_MESSAGES.missing }
  const ms = typeof value === 'string' ? parseIsoInstant(value.trim()) : null
  if (ms === null) return { ok: false, message: EXPIRY_MESSAGES.format }
  if (ms <= now) return { ok: false, message: EXPIRY_MESSAGES.past }
  if (ms > oneCalendarMonthAfter(now)) return { ok: false, message: EXPIRY_MESSAGES.tooFar }
  return { ok: true, expiresAtMs: ms }
}
