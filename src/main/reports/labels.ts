import { isolatedLtr } from '../../shared/bidi-text'
import { CONFIRMED_BY_DUPLICATE } from '../../shared/error-labels'
import { LATE_OUTCOME_WORDS } from '../../shared/late-outcome-words'
import type { Report, ReportType } from '../../shared/reports'
import type { EntryKind, EntryStatus, Language, Mode } from '../../shared/types'

/** Every word of a report, printed, exported or saved as PDF, in both languages. Figures stay Latin digits.
 * English is the reference: its shape is the type, so the Arabic must have every word. */
const en = {
  /** Which language these words are in (for what a report shares with the screens: shared/error-labels). */
  language: 'en' as Language,
  title: {
    day: 'Daily report',
    range: 'Report for a period',
    x: 'X report (shift so far)',
    z: 'Z report (day closed)',
  } satisfies Record<ReportType, string>,
  mode: { live: 'LIVE', training: 'TRAINING' } satisfies Record<Mode, string>,
  trainingWarning: 'TRAINING — NOT REAL MONEY',
  period: 'Period',
  day: 'Business day',
  generated: 'Generated',
  by: 'By',
  zNumber: 'Z number',
  zPart: 'Part of the day',
  closedAt: 'Closed at',
  closedBy: 'Closed by',
  currency: 'LYD',
  sales: 'Sales (issued vouchers and confirmed deposits)',
  count: 'Count',
  section: 'Section',
  item: 'Item',
  value: 'Value',
  kind: { voucher: 'Vouchers', deposit: 'Deposits' } satisfies Record<EntryKind, string>,
  kindOne: { voucher: 'Voucher', deposit: 'Deposit' } satisfies Record<EntryKind, string>,
  status: {
    pending: 'Pending',
    issued: 'Issued',
    confirmed: 'Confirmed',
    failed: 'Failed',
    unknown: 'Unknown',
  } satisfies Record<EntryStatus, string>,
  done: 'Completed',
  failed: 'Failed',
  open: 'Outcome unknown',
  byKind: 'By kind',
  byDenomination: 'Vouchers by value',
  byClerk: 'By clerk',
  denomination: 'Voucher value',
  clerk: 'Clerk',
  noClerk: '(before sign-in was set up)',
  vouchers: 'Vouchers',
  deposits: 'Deposits',
  total: 'Total',
  failedEntries: 'Failed entries',
  attentionEntries: 'Entries needing attention',
  none: 'None',
  more: (n: number) => `… and ${n} more`,
  late: LATE_OUTCOME_WORDS.en,
  entries: 'Entries',
  entriesCapped: (shown: number, total: number) =>
    `The first ${shown} of ${total} entries; the CSV and Excel exports hold them all.`,
  columns: {
    receiptNo: 'Receipt no.',
    id: 'Entry ID',
    day: 'Business day',
    localDate: 'Date (Tripoli)',
    localTime: 'Time (Tripoli)',
    /** A list's one column for both (on paper and in the PDF). */
    localDateTime: 'Date and time (Tripoli)',
    createdAt: 'Created (UTC)',
    kind: 'Kind',
    status: 'Status',
    clerk: 'Clerk',
    amount: 'Amount (LYD)',
    denomination: 'Voucher value (LYD)',
    phone: 'Phone',
    firstName: 'Account holder',
    serial: 'Serial',
    codeLast4: 'Code (last 4)',
    serviceTransaction: 'Provider transaction ID',
    reference: 'Our reference',
    attention: 'Needs attention',
    error: 'Error',
    resolution: 'Resolution',
    confirmedByDuplicate: CONFIRMED_BY_DUPLICATE.en,
  },
  yes: 'yes',
  no: 'no',
  summarySheet: 'Summary',
  entriesSheet: 'Entries',
  /** Chain reports (head office). */
  scope: 'Scope',
  chainScope: 'Chain: every terminal (head office)',
  /** A chain report's title: the report's kind, said to be the chain's. */
  chainTitle: (title: string) => `${title} — the chain`,
  /** When a chain report's figures were read from the head office (where a report of this PC says Generated). */
  chainRead: 'Figures read from the head office',
  /** A terminal's figures are as of the last time the head office received something from it. */
  terminalAsOf: (terminal: string) => `${terminal} — figures as of`,
  never: 'nothing received yet',
  byTerminal: 'By terminal',
  terminal: 'Terminal',
  lastReceived: 'Figures as of',
  chainFiguresOnly: 'A chain report holds figures only; the entries are in each terminal’s own report.',
}

export type ReportLabels = typeof en

const ar: ReportLabels = {
  language: 'ar',
  title: {
    day: 'التقرير اليومي',
    range: 'تقرير لفترة',
    x: 'تقرير X (الوردية حتى الآن)',
    z: 'تقرير Z (إغلاق اليوم)',
  },
  mode: { live: 'مباشر', training: 'تدريب' },
  trainingWarning: 'تدريب — ليست أموالاً حقيقية',
  period: 'الفترة',
  day: 'يوم العمل',
  generated: 'أُعدّ في',
  by: 'بواسطة',
  zNumber: 'رقم Z',
  zPart: 'جزء اليوم',
  closedAt: 'أُغلق في',
  closedBy: 'أغلقه',
  currency: 'د.ل',
  sales: 'المبيعات (قسائم صادرة وإيداعات مؤكدة)',
  count: 'العدد',
  section: 'القسم',
  item: 'البند',
  value: 'القيمة',
  kind: { voucher: 'القسائم', deposit: 'الإيداعات' },
  kindOne: { voucher: 'قسيمة', deposit: 'إيداع' },
  status: {
    pending: 'قيد الإرسال',
    issued: 'صادرة',
    confirmed: 'مؤكَّد',
    failed: 'فشل',
    unknown: 'غير معروفة',
  },
  done: 'مكتملة',
  failed: 'فاشلة',
  open: 'نتيجة غير معروفة',
  byKind: 'حسب النوع',
  byDenomination: 'القسائم حسب القيمة',
  byClerk: 'حسب الموظف',
  denomination: 'قيمة القسيمة',
  clerk: 'الموظف',
  noClerk: '(قبل إعداد تسجيل الدخول)',
  vouchers: 'القسائم',
  deposits: 'الإيداعات',
  total: 'الإجمالي',
  failedEntries: 'العمليات الفاشلة',
  attentionEntries: 'عمليات تحتاج إلى متابعة',
  none: 'لا يوجد',
  more: (n) => `… و${n} أخرى`,
  late: LATE_OUTCOME_WORDS.ar,
  entries: 'العمليات',
  entriesCapped: (shown, total) => `أول ${shown} من ${total} عملية؛ ملفا CSV وExcel يحتويان عليها كلها.`,
  columns: {
    receiptNo: 'رقم الإيصال',
    id: 'معرّف العملية',
    day: 'يوم العمل',
    localDate: 'التاريخ (طرابلس)',
    localTime: 'الوقت (طرابلس)',
    localDateTime: 'التاريخ والوقت (طرابلس)',
    createdAt: 'الوقت (UTC)',
    kind: 'النوع',
    status: 'الحالة',
    clerk: 'الموظف',
    amount: 'المبلغ (د.ل)',
    denomination: 'قيمة القسيمة (د.ل)',
    phone: 'الهاتف',
    firstName: 'صاحب الحساب',
    serial: 'الرقم التسلسلي',
    codeLast4: 'الرمز (آخر 4)',
    serviceTransaction: 'رقم عملية المزوّد',
    reference: 'مرجعنا',
    attention: 'تحتاج متابعة',
    error: 'الخطأ',
    resolution: 'المعالجة',
    confirmedByDuplicate: CONFIRMED_BY_DUPLICATE.ar,
  },
  yes: 'نعم',
  no: 'لا',
  summarySheet: 'الملخص',
  entriesSheet: 'العمليات',
  scope: 'النطاق',
  chainScope: 'السلسلة: كل النقاط (المكتب الرئيسي)',
  chainTitle: (title) => `${title} — السلسلة`,
  chainRead: 'قُرئت الأرقام من المكتب الرئيسي في',
  terminalAsOf: (terminal) => `${terminal} — الأرقام حتى`,
  never: 'لم يصل منها شيء بعد',
  byTerminal: 'حسب النقطة',
  terminal: 'النقطة',
  lastReceived: 'الأرقام حتى',
  chainFiguresOnly: 'تقرير السلسلة أرقام فقط؛ القيود في تقرير كل نقطة.',
}

export const REPORT_LABELS: Record<Language, ReportLabels> = { en, ar }

/** A report's title, printed or in a file: a chain report's says it is the chain's. */
export function reportTitle(report: Pick<Report, 'type' | 'chain'>, l: ReportLabels): string {
  return report.chain ? l.chainTitle(l.title[report.type]) : l.title[report.type]
}

/**
 * What an entry list's "Provider transaction ID" cell says: the service's id; without one (a failed or open
 * deposit), our own reference, named as ours, so that it is never read as the provider's transaction.
 */
export function transactionIdText(
  e: { serviceTransactionId: string | null; externalTransactionId: string | null },
  l: ReportLabels,
): { text: string; ours: boolean } {
  if (e.serviceTransactionId !== null) return { text: e.serviceTransactionId, ours: false }
  if (e.externalTransactionId === null) return { text: '', ours: false }
  return { text: `${l.columns.reference}: ${isolatedLtr(e.externalTransactionId)}`, ours: true }
}
