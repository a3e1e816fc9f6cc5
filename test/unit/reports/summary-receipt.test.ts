import { describe, expect, it } from 'vitest'
import { renderSummaryReceiptHtml } from '../../../src/main/reports/html'
import type { LateOutcomes, Report } from '../../../src/shared/reports'

/** The X or Z as the receipt printer gets it (HTML, before Chromium rasterizes it). */
const none = { count: 0, dirhams: 0 }
const z = (late: LateOutcomes | null): Report => ({
  type: 'z',
  mode: 'live',
  from: 20261127,
  to: 20261127,
  generatedAt: '2026-11-27T20:00:00.000Z',
  generatedBy: 'Fatima',
  z: { number: 3, closedAt: '2026-11-27T20:00:00.000Z', closedBy: 'Fatima', part: 2 },
  entryCount: 0,
  sales: none,
  byKind: [],
  byDenomination: [],
  byClerk: [],
  failed: { total: 0, entries: [] },
  attention: { total: 0, entries: [] },
  late,
})
const late = (over: Partial<LateOutcomes>): LateOutcomes => ({
  byKind: [],
  moved: none,
  failed: none,
  settled: { total: 0, entries: [] },
  stillOpen: none,
  ...over,
})
/** The receipt's rows as text: label and value, tags dropped. */
const text = (html: string) =>
  html
    .slice(html.indexOf('<body>'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('an X or Z on the receipt printer', () => {
  it('prints what it carries from earlier Zs: what moved, what failed, what is still open', () => {
    const report = z(
      late({
        moved: { count: 2, dirhams: 15_000 },
        failed: { count: 1, dirhams: 2_500 },
        settled: { total: 3, entries: [] },
        stillOpen: { count: 1, dirhams: 5_000 },
      }),
    )
    const en = text(renderSummaryReceiptHtml(report, 'en', { css: '' }, 80, ''))
    // Under the Z's own total (nothing sold since the last Z), what the cash should show with what it carries.
    expect(en).toContain('Count 0 Sales with the outcomes of earlier Zs 2 · 15.000')
    expect(en).toContain(
      'Outcomes of earlier Z reports Settled since the last Z; counted in this Z only. Completed 2 · 15.000 Failed 1 · 2.500 Earlier entries still without an outcome 1 · 5.000',
    )
    const ar = text(renderSummaryReceiptHtml(report, 'ar', { css: '' }, 58, ''))
    expect(ar).toContain(
      'نتائج عمليات من تقارير Z سابقة عُرفت نتيجتها منذ آخر Z؛ تُحسب في هذا الـ Z وحده. مكتملة 2 · 15.000 فاشلة 1 · 2.500 عمليات سابقة ما زالت دون نتيجة 1 · 5.000',
    )
  })

  it('prints only what is still open when nothing was settled since the last Z', () => {
    const en = text(
      renderSummaryReceiptHtml(
        z(late({ stillOpen: { count: 1, dirhams: 5_000 } })),
        'en',
        { css: '' },
        80,
        '',
      ),
    )
    expect(en).toContain('Outcomes of earlier Z reports Earlier entries still without an outcome 1 · 5.000')
    expect(en).not.toContain('Settled since')
    expect(en).not.toContain('Sales with')
  })

  it('prints no such part when there is nothing to carry, or the Z is older than the part', () => {
    for (const report of [z(late({})), z(null)]) {
      expect(renderSummaryReceiptHtml(report, 'en', { css: '' }, 80, '')).not.toContain('earlier Z')
    }
  })
})
