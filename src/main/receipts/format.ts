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

/**
 * Splits a voucher code into groups that are easy to read aloud and type: 15 digits → 5-5-5, 16 → 4-4-4-4,
 * 12 → 4-4-4. Lengths that fit neither take groups of 4 with the remainder last.
 */
export function groupCode(code: string): string[] {
  const compact = code.replace(/\s+/g, '')
  if (compact.length <= 5) return [compact]
  const size = compact.length % 5 === 0 && compact.length % 4 !== 0 ? 5 : 4
  const groups: string[] = []
  for (let i = 0; i < compact.length; i += size) groups.push(compact.slice(i, i + size))
  return groups
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
