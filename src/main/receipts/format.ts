import { BUSINESS_TIME_ZONE } from '../../shared/day'

const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/**
 * "2026-11-26 14:05" in Tripoli time, Latin digits, for both languages: an ISO-like form reads the same to
 * Arabic and English readers and cannot be misread as month/day.
 */
export function formatTripoliDateTime(iso: string): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  const part: Record<string, string> = {}
  for (const p of dateTimeFormat.formatToParts(ms)) part[p.type] = p.value
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/**
 * An instant's date and time in Tripoli, apart: `2026-11-26` and `14:39:52` (Latin digits). The exports' local
 * columns, beside the UTC instant: the time the screen and the receipt show.
 */
export function tripoliDateAndTime(iso: string): { date: string; time: string } {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return { date: '', time: '' }
  const part: Record<string, string> = {}
  for (const p of partsFormat.formatToParts(ms)) part[p.type] = p.value
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  }
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
