/**
 * `npm run head-office -- status`: how far each terminal's journal has arrived, for the chain's owner (a table,
 * times in the business time zone, said in the heading) or for a script (`--json`, times in UTC ISO 8601).
 */
import { BUSINESS_TIME_ZONE, dayToIsoDate } from '../shared/day'
import type { ChainProgress, TerminalProgress } from './admin'

/** `2025-03-01 18:42` in a time zone. */
export function formatInZone(at: Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`
}

/** `UTC+02:00`: the zone's offset at an instant. */
export function zoneOffset(at: Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value
  return !name || name === 'GMT' ? 'UTC' : name.replace('GMT', 'UTC')
}

/** `12 min ago`, `3 h 5 min ago`, `4 days ago`. */
export function ago(ms: number): string {
  if (ms < 60_000) return 'less than a minute ago'
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h ${minutes % 60} min ago`
  return `${Math.floor(hours / 24)} days ago`
}

function lastReceived(t: TerminalProgress, now: Date, timeZone: string): string {
  if (t.lastReceivedAt === null)
    return t.deskId === null ? 'never (no desk has sent as this terminal yet)' : 'never'
  return `${formatInZone(t.lastReceivedAt, timeZone)} (${ago(now.getTime() - t.lastReceivedAt.getTime())})`
}

const width = (s: string) => [...s].length

/** The table an owner reads: a line per terminal, then anything that needs looking at. */
export function formatStatus(p: ChainProgress, timeZone: string = BUSINESS_TIME_ZONE): string {
  const count = p.terminals.length === 1 ? '1 terminal' : `${p.terminals.length} terminals`
  const heading =
    `Head office database ${p.database}: ${count}. Times are ${timeZone} time (${zoneOffset(p.at, timeZone)}); ` +
    `now ${formatInZone(p.at, timeZone)}.`
  if (p.terminals.length === 0)
    return `${heading}\nNo terminals yet: npm run head-office -- create-terminal --name NAME`
  const header = ['Terminal', 'Entries', 'Events', 'Z reports', 'Last Z', 'Last received']
  const numeric = [false, true, true, true, false, false]
  const rows = p.terminals.map((t) => [
    t.terminal,
    String(t.entries),
    String(t.seqCount),
    String(t.zReports),
    t.lastZ ? `no. ${t.lastZ.number} of ${dayToIsoDate(t.lastZ.day)}` : '-',
    lastReceived(t, p.at, timeZone),
  ])
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i] ?? ''))))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => {
        const pad = ' '.repeat((widths[i] ?? 0) - width(c))
        return numeric[i] ? pad + c : i === cells.length - 1 ? c : c + pad
      })
      .join('  ')
  const out = [heading, '', line(header), ...rows.map(line)]
  const gaps = p.terminals.filter((t) => t.seqCount !== t.lastSeq)
  if (gaps.length > 0) out.push('')
  for (const t of gaps) {
    out.push(
      `${t.terminal}: ${t.lastSeq - t.seqCount} of its events numbered 1 to ${t.lastSeq} have not arrived (a gap in its journal's history).`,
    )
  }
  return out.join('\n')
}

/** For scripts: the same figures, times in UTC (ISO 8601). */
export function statusJson(p: ChainProgress): string {
  return JSON.stringify(
    {
      database: p.database,
      at: p.at.toISOString(),
      terminals: p.terminals.map((t) => ({
        terminal: t.terminal,
        deskId: t.deskId,
        entries: t.entries,
        events: t.seqCount,
        lastEventNumber: t.lastSeq,
        missingEvents: t.lastSeq - t.seqCount,
        zReports: t.zReports,
        lastZ: t.lastZ,
        lastReceivedAt: t.lastReceivedAt?.toISOString() ?? null,
      })),
    },
    null,
    2,
  )
}
