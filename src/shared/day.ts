/**
 * The business day: an integer YYYYMMDD in the outlet's time zone (Africa/Tripoli, UTC+2, no daylight
 * saving since 2013). Stored on every journal entry so a day's view is an index range, not date maths.
 */
export const BUSINESS_TIME_ZONE = 'Africa/Tripoli'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, f)
  }
  return f
}

/** Since 1980 every zone's offset is whole minutes: one minute has one calendar date in a zone. */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1)
/** The last answer per time zone, by minute: every money record asks for the date of "now" several times. */
const lastDate = new Map<string, { minute: number; date: string }>()

/** `2026-11-26` for the calendar date of an instant in a time zone. */
export function isoDateInZone(instantMs: number, timeZone: string = BUSINESS_TIME_ZONE): string {
  if (instantMs < WHOLE_MINUTE_OFFSETS_SINCE) return formatDate(instantMs, timeZone)
  const minute = Math.floor(instantMs / 60_000)
  const last = lastDate.get(timeZone)
  if (last?.minute === minute) return last.date
  const date = formatDate(instantMs, timeZone)
  lastDate.set(timeZone, { minute, date })
  return date
}

function formatDate(instantMs: number, timeZone: string): string {
  let y = ''
  let m = ''
  let d = ''
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type === 'year') y = part.value
    else if (part.type === 'month') m = part.value
    else if (part.type === 'day') d = part.value
  }
  return `${y}-${m}-${d}`
}

export function businessDay(instantMs: number, timeZone: string = BUSINESS_TIME_ZONE): number {
  return Number(isoDateInZone(instantMs, timeZone).replaceAll('-', ''))
}

export function isValidDay(value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 19000101 || value > 99991231)
    return false
  const y = Math.floor(value / 10000)
  const m = Math.floor(value / 100) % 100
  const d = value % 100
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

export function dayToIsoDate(day: number): string {
  const s = String(day)
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`
}

export function isoDateToDay(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  if (!m) return null
  const day = Number(`${m[1]}${m[2]}${m[3]}`)
  return isValidDay(day) ? day : null
}

export function addDays(day: number, days: number): number {
  const y = Math.floor(day / 10000)
  const m = Math.floor(day / 100) % 100
  const d = day % 100
  const date = new Date(Date.UTC(y, m - 1, d + days))
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate()
}

const tripoliFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** An instant's date and time in Tripoli as 2-digit parts (year 4 digits, Latin digits, 24-hour). */
export function tripoliParts(instantMs: number): {
  year: string
  month: string
  day: string
  hour: string
  minute: string
  second: string
} {
  const part: Record<string, string> = {}
  for (const p of tripoliFormat.formatToParts(instantMs)) part[p.type] = p.value
  return {
    year: part.year ?? '',
    month: part.month ?? '',
    day: part.day ?? '',
    hour: part.hour ?? '',
    minute: part.minute ?? '',
    second: part.second ?? '',
  }
}

/**
 * Where a period that follows the day goes: a one-day period of the day last taken as today (`taken`) moves to
 * the day it is now (a desk left open past midnight, a shop open late); null where it stays as it is — another
 * period, or the same day.
 */
export function todaysPeriodMoved(
  period: { from: number | null; to: number | null },
  taken: number,
  now: number,
): number | null {
  return period.from === taken && period.to === taken && now !== taken ? now : null
}
