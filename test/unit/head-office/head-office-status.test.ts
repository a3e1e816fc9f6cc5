/**
 * `npm run head-office -- status` as the chain's owner reads it: a line per terminal with what arrived and
 * when, in Tripoli time (said in the heading), and a gap in a terminal's history called out; `--json` for
 * scripts, in UTC.
 */
import { describe, expect, it } from 'vitest'
import type { ChainProgress } from '../../../src/head-office/admin'
import { ago, formatStatus, statusJson } from '../../../src/head-office/status'

const progress: ChainProgress = {
  database: 'reseller_chain',
  at: new Date('2025-03-01T16:54:30Z'),
  terminals: [
    {
      terminal: 'Souq counter 1',
      deskId: 'journal-1',
      entries: 412,
      lastSeq: 1236,
      seqCount: 1236,
      zReports: 12,
      lastZ: { number: 12, day: 20250301 },
      lastReceivedAt: new Date('2025-03-01T16:42:07Z'),
    },
    {
      terminal: 'Souq counter 2',
      deskId: null,
      entries: 0,
      lastSeq: 0,
      seqCount: 0,
      zReports: 0,
      lastZ: null,
      lastReceivedAt: null,
    },
    {
      terminal: 'Airport',
      deskId: 'journal-3',
      entries: 37,
      lastSeq: 120,
      seqCount: 117,
      zReports: 3,
      // 23:30 in Tripoli is the next day there: the date shown is Tripoli's.
      lastZ: { number: 3, day: 20250301 },
      lastReceivedAt: new Date('2025-02-28T22:30:00Z'),
    },
  ],
}

describe('head office status', () => {
  it('a table per terminal: entries, events, Z reports, the last Z and when anything last arrived, in Tripoli time', () => {
    expect(formatStatus(progress)).toBe(
      [
        'Head office database reseller_chain: 3 terminals. Times are Africa/Tripoli time (UTC+02:00); now 2025-03-01 18:54.',
        '',
        'Terminal        Entries  Events  Z reports  Last Z                Last received',
        'Souq counter 1      412    1236         12  no. 12 of 2025-03-01  2025-03-01 18:42 (12 min ago)',
        'Souq counter 2        0       0          0  -                     never (no desk has sent as this terminal yet)',
        'Airport              37     117          3  no. 3 of 2025-03-01   2025-03-01 00:30 (18 h 24 min ago)',
        '',
        "Airport: 3 of its events numbered 1 to 120 have not arrived (a gap in its journal's history).",
      ].join('\n'),
    )
  })

  it('says how to begin when there is no terminal yet', () => {
    expect(formatStatus({ ...progress, terminals: [] })).toMatch(
      /\nNo terminals yet: npm run head-office -- create-terminal --name NAME$/,
    )
  })

  it('--json keeps the figures for scripts, times in UTC', () => {
    const json = JSON.parse(statusJson(progress))
    expect(json.at).toBe('2025-03-01T16:54:30.000Z')
    expect(json.terminals[2]).toEqual({
      terminal: 'Airport',
      deskId: 'journal-3',
      entries: 37,
      events: 117,
      lastEventNumber: 120,
      missingEvents: 3,
      zReports: 3,
      lastZ: { number: 3, day: 20250301 },
      lastReceivedAt: '2025-02-28T22:30:00.000Z',
    })
    expect(json.terminals[1].lastReceivedAt).toBeNull()
  })

  it('how long ago, in words', () => {
    expect(ago(20_000)).toBe('less than a minute ago')
    expect(ago(-5_000)).toBe('less than a minute ago')
    expect(ago(59 * 60_000)).toBe('59 min ago')
    expect(ago(47 * 3_600_000 + 5 * 60_000)).toBe('47 h 5 min ago')
    expect(ago(3 * 86_400_000)).toBe('3 days ago')
  })
})
