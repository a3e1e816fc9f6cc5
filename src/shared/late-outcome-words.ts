import type { Language } from './types'

/**
 * The words of an X's or Z's "outcomes of earlier Z reports" part (shared/reports.ts LateOutcomes), the same on
 * screen, on paper and in the PDF.
 */
const en = {
  title: 'Outcomes of earlier Z reports',
  intro: {
    x: 'Entries an earlier Z closed with no outcome, settled since. The next Z counts their money; no other Z does.',
    z: 'Entries an earlier Z closed with no outcome, settled since. This Z counts their money; no other Z does.',
  },
  moved: 'Money that moved with them',
  stillOpen: 'Earlier entries still without an outcome',
  settled: 'Settled since the last Z',
  /** The list holds the first 200: where the rest are. */
  more: (n: number) => `… and ${n} more, not listed here: each is in its own day's report and exports.`,
  /** This report's sales and the money that moved with the outcomes it carries: the money that moved with this Z. */
  withLate: 'Sales with the outcomes of earlier Zs',
  /** On the printed slip, under the part's title. */
  slipIntro: {
    x: 'Settled since the last Z; the next Z counts them.',
    z: 'Settled since the last Z; counted in this Z only.',
  },
}

export const LATE_OUTCOME_WORDS: Record<Language, typeof en> = {
  en,
  ar: {
    title: 'نتائج عمليات من تقارير Z سابقة',
    intro: {
      x: 'عمليات أغلقها تقرير Z سابق دون نتيجة، وعُرفت نتيجتها بعده. يحسب تقرير Z التالي أموالها، ولا يحسبها أي Z آخر.',
      z: 'عمليات أغلقها تقرير Z سابق دون نتيجة، وعُرفت نتيجتها بعده. يحسب هذا الـ Z أموالها، ولا يحسبها أي Z آخر.',
    },
    moved: 'الأموال التي تحركت بها',
    stillOpen: 'عمليات سابقة ما زالت دون نتيجة',
    settled: 'عُرفت نتيجتها منذ آخر Z',
    more: (n) => `… و${n} أخرى لا تُذكر هنا: كلٌّ منها في تقرير يومه وفي ملفات تصديره.`,
    withLate: 'المبيعات مع نتائج تقارير Z السابقة',
    slipIntro: {
      x: 'عُرفت نتيجتها منذ آخر Z؛ يحسبها تقرير Z التالي.',
      z: 'عُرفت نتيجتها منذ آخر Z؛ تُحسب في هذا الـ Z وحده.',
    },
  },
}
