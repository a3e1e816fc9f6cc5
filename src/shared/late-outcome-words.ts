import type { Language } from './types'

/**
 * The words of an X's or Z's "outcomes of earlier Z reports" part (shared/manager.ts LateOutcomes), the same on
 * screen, on paper and in the PDF.
 */
const en = {
  title: 'Outcomes of earlier Z reports',
  intro: {
    x: 'Entries an earlier Z closed with no outcome, settled since. The next Z counts their money; no other Z does.',
    z: 'Entries an earlier Z closed with no outcome, settled since. This Z counts their money; no other Z does.',
  },
  moved: 'Money that moved with them',
  stillOpen: 'Still without an outcome',
  settled: 'Settled since the last Z',
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
    stillOpen: 'ما زالت دون نتيجة',
    settled: 'عُرفت نتيجتها منذ آخر Z',
  },
}
