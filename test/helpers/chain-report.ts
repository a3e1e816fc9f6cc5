import type { Report } from '../../src/shared/reports'

/**
 * A chain report as the head office gives it (main/head-office/chain-report.ts): the figures of every terminal,
 * one line per terminal, and empty entry lists whose totals say how many there are. Made at 17:30 Tripoli
 * time; one terminal sent its last at 17:12, the other never did.
 */
export const CHAIN_REPORT: Report = {
  type: 'day',
  mode: 'live',
  from: 20261127,
  to: 20261127,
  // 17:30 in Tripoli.
  generatedAt: '2026-11-27T15:30:00.000Z',
  generatedBy: 'Fatima',
  z: null,
  entryCount: 3,
  sales: { count: 1, dirhams: 100_000 },
  byKind: [
    {
      kind: 'voucher',
      done: { count: 1, dirhams: 100_000 },
      failed: { count: 0, dirhams: 0 },
      open: { count: 0, dirhams: 0 },
    },
    {
      kind: 'deposit',
      done: { count: 0, dirhams: 0 },
      failed: { count: 1, dirhams: 5_000 },
      open: { count: 1, dirhams: 25_000 },
    },
  ],
  byDenomination: [{ valueDirhams: 100_000, count: 1, dirhams: 100_000 }],
  byClerk: [
    {
      clerk: 'Souq counter 2 · Sara',
      vouchers: { count: 1, dirhams: 100_000 },
      deposits: { count: 0, dirhams: 0 },
      total: { count: 1, dirhams: 100_000 },
    },
  ],
  // A chain report's lists are empty: the totals say how many (shared/reports.ts).
  failed: { total: 1, entries: [] },
  attention: { total: 1, entries: [] },
  late: null,
  chain: {
    terminals: [
      {
        terminal: 'Souq counter 1',
        entryCount: 0,
        sales: { count: 0, dirhams: 0 },
        vouchers: { count: 0, dirhams: 0 },
        deposits: { count: 0, dirhams: 0 },
        failed: 0,
        attention: 0,
        lastReceivedAt: null,
      },
      {
        terminal: 'Souq counter 2',
        entryCount: 3,
        sales: { count: 1, dirhams: 100_000 },
        vouchers: { count: 1, dirhams: 100_000 },
        deposits: { count: 0, dirhams: 0 },
        failed: 1,
        attention: 1,
        // 17:12 in Tripoli.
        lastReceivedAt: '2026-11-27T15:12:00.000Z',
      },
    ],
  },
}
