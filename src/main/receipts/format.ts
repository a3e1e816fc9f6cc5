import { tripoliParts } from '../../shared/day'

/**
 * "2026-11-26 14:05" in Tripoli time, Latin digits, for both languages: an ISO-like form reads the same to
 * Arabic and English readers and cannot be misread as month/day.
 */
export function formatTripoliDateTime(iso: string): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return iso
  const part = tripoliParts(ms)
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`
}

/**
 * An instant's date and time in Tripoli, apart: `2026-11-26` and `14:39:52` (Latin digits). The exports' local
 * columns, beside the UTC instant: the time the screen and the receipt show.
 */
export function tripoliDateAndTime(iso: string): { date: string; time: string } {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return { date: '', time: '' }
  const part = tripoliParts(ms)
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
