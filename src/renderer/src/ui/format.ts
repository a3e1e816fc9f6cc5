/**
 * How numbers, codes and dates look on screen and on receipts. Money, phones, codes and serials are always
 * Latin digits with a `.` decimal point in both languages (as Libyan receipts print them); dates follow the
 * language's wording but keep Latin digits, in the outlet's time zone.
 */

import { BUSINESS_TIME_ZONE, dayToIsoDate, isValidDay } from '../../../shared/day'
import { toLatinDigits } from '../../../shared/digits'
import { formatLyd } from '../../../shared/money'
import { formatPhoneForDisplay } from '../../../shared/phone'
import type { Language } from '../../../shared/types'
import { codeGroups } from '../../../shared/voucher-code'

export { formatLyd }

export function formatPhone(phone: string): string {
  return formatPhoneForDisplay(phone)
}

/** A voucher code (or serial) grouped for reading, as on the receipt: "001 1100 1681 2345". */
export function groupCode(code: string): string {
  return codeGroups(code).join(' ')
}

const localeOf: Record<Language, string> = { en: 'en-GB', ar: 'ar-LY' }
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(
  language: Language,
  kind: 'dateTime' | 'dateTimeSeconds' | 'date' | 'time' | 'plainDate',
): Intl.DateTimeFormat {
  const key = `${language}:${kind}`
  let f = formatters.get(key)
  if (!f) {
    const base = { numberingSystem: 'latn', timeZone: BUSINESS_TIME_ZONE } as const
    const options: Intl.DateTimeFormatOptions =
      kind === 'dateTime' || kind === 'dateTimeSeconds'
        ? {
            ...base,
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            ...(kind === 'dateTimeSeconds' ? { second: '2-digit' } : {}),
            hourCycle: 'h23',
          }
        : kind === 'time'
          ? { ...base, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }
          : // A plain calendar date (no instant): formatted at UTC so it never shifts a day.
            {
              ...base,
              timeZone: kind === 'plainDate' ? 'UTC' : BUSINESS_TIME_ZONE,
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            }
    f = new Intl.DateTimeFormat(localeOf[language], options)
    formatters.set(key, f)
  }
  return f
}

/** An instant (ISO UTC) as date and time in Tripoli. */
export function formatDateTime(iso: string, language: Language): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : formatter(language, 'dateTime').format(ms)
}

/**
 * An instant with its seconds, as an entry's history shows it: a sale's recording, sending, answer and
 * printing often fall in one minute, and their order and gaps are what a manager reads there.
 */
export function formatDateTimeSeconds(iso: string, language: Language): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : formatter(language, 'dateTimeSeconds').format(ms)
}

/** An instant's time of day in Tripoli. */
export function formatTime(iso: string, language: Language): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : formatter(language, 'time').format(ms)
}

/** A calendar date, `YYYY-MM-DD` (voucher activation and expiry). */
export function formatPlainDate(isoDate: string, language: Language): string {
  const ms = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(ms) ? isoDate : formatter(language, 'plainDate').format(ms)
}

/** A business day, YYYYMMDD. */
export function formatDay(day: number, language: Language): string {
  return formatPlainDate(dayToIsoDate(day), language)
}

/** "3 min", "2 h 5 min": how far the PC clock is off, for the warning. */
export function splitDuration(ms: number): { hours: number; minutes: number } {
  const totalMinutes = Math.round(Math.abs(ms) / 60_000)
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 }
}

const longDay = new Map<Language, Intl.DateTimeFormat>()

/** "Thu, 26 Nov 2026" / "الخميس، 26 نوفمبر 2026": a business day spelled out, to check a typed date. */
export function formatDayLong(day: number, language: Language): string {
  let f = longDay.get(language)
  if (!f) {
    f = new Intl.DateTimeFormat(localeOf[language], {
      numberingSystem: 'latn',
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    })
    longDay.set(language, f)
  }
  return f.format(Date.parse(`${dayToIsoDate(day)}T00:00:00Z`))
}

/** "26/11/2026": day, month, year — the order Libyan readers of both languages use. */
export function dayToText(day: number | null): string {
  if (day === null) return ''
  const s = String(day)
  return `${s.slice(6, 8)}/${s.slice(4, 6)}/${s.slice(0, 4)}`
}

/** What a person typed as a date: day/month/year (with /, -, . or spaces), Arabic digits too, or ISO. */
export function textToDay(text: string): number | null {
  const s = toLatinDigits(text).trim()
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s)
  const dmy = /^(\d{1,2})[\s/.-]+(\d{1,2})[\s/.-]+(\d{4})$/.exec(s)
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : []
  if (!y || !m || !d) return null
  const day = Number(y) * 10000 + Number(m) * 100 + Number(d)
  return isValidDay(day) ? day : null
}
