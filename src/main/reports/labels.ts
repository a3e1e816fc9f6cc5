import type { EntryKind, EntryStatus, Language, Mode } from '../../shared/contract'
import { ERROR_LABELS } from '../../shared/error-labels'
import type { ErrorCode } from '../../shared/errors'
import type { ReportType } from '../../shared/manager'

/** Every word of a report, printed, exported or saved as PDF, in both languages. Figures stay Latin digits. */
export interface ReportLabels {
  title: Record<ReportType, string>
  mode: Record<Mode, string>
  trainingWarning: string
  period: string
  day: string
  generated: string
  by: string
  zNumber: string
  zPart: string
  closedAt: string
  closedBy: string
  currency: string
  sales: string
  count: string
  value: string
  kind: Record<EntryKind, string>
  /** One entry's kind, in lists. */
  kindOne: Record<EntryKind, string>
  status: Record<EntryStatus, string>
  done: string
  failed: string
  open: string
  byKind: string
  byDenomination: string
  byClerk: string
  denomination: string
  clerk: string
  noClerk: string
  vouchers: string
  deposits: string
  total: string
  failedEntries: string
  attentionEntries: string
  none: string
  more: (n: number) => string
  entries: string
  entriesCapped: (shown: number, total: number) => string
  columns: {
    id: string
    day: string
    createdAt: string
    kind: string
    status: string
    clerk: string
    amount: string
    denomination: string
    phone: string
    firstName: string
    serial: string
    codeLast4: string
    serviceTransaction: string
    reference: string
    attention: string
    error: string
    resolution: string
  }
  yes: string
  no: string
  summarySheet: string
  entriesSheet: string
  /** Chain reports (head office). */
  chainScope: string
  byTerminal: string
  terminal: string
  lastReceived: string
  chainFiguresOnly: string
  /** Why an entry failed, in words (the code stays in the CSV and Excel exports, for filtering). */
  errors: Record<ErrorCode, string>
}

const en: ReportLabels = {
  title: {
    day: 'Daily report',
    range: 'Report for a period',
    x: 'X report (shift so far)',
    z: 'Z report (day closed)',
  },
  mode: { live: 'LIVE', training: 'TRAINING' },
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
  value: 'Value',
  kind: { voucher: 'Vouchers', deposit: 'Deposits' },
  kindOne: { voucher: 'Voucher', deposit: 'Deposit' },
  status: {
    pending: 'Pending',
    issued: 'Issued',
    confirmed: 'Confirmed',
    failed: 'Failed',
    unknown: 'Unknown',
  },
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
  more: (n) => `… and ${n} more`,
  entries: 'Entries',
  entriesCapped: (shown, total) =>
    `The first ${shown} of ${total} entries; the CSV and Excel exports hold them all.`,
  columns: {
    id: 'Entry id',
    day: 'Business day',
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
    serviceTransaction: 'Service transaction id',
    reference: 'Our reference',
    attention: 'Needs attention',
    error: 'Error',
    resolution: 'Resolution',
  },
  yes: 'yes',
  no: 'no',
  summarySheet: 'Summary',
  entriesSheet: 'Entries',
  chainScope: 'Chain: every terminal (head office)',
  byTerminal: 'By terminal',
  terminal: 'Terminal',
  lastReceived: 'Figures as of',
  chainFiguresOnly: 'A chain report holds figures only; the entries are in each terminal’s own report.',
  errors: ERROR_LABELS.en,
}

const ar: ReportLabels = {
  title: {
    day: 'التقرير اليومي',
    range: 'تقرير لفترة',
    x: 'تقرير X (الوردية حتى الآن)',
    z: 'تقرير Z (إغلاق اليوم)',
  },
  mode: { live: 'فعلي', training: 'تدريب' },
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
  entries: 'العمليات',
  entriesCapped: (shown, total) => `أول ${shown} من ${total} عملية؛ ملفا CSV وExcel يحتويان عليها كلها.`,
  columns: {
    id: 'رقم العملية',
    day: 'يوم العمل',
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
    serviceTransaction: 'رقم عملية الخدمة',
    reference: 'مرجعنا',
    attention: 'تحتاج متابعة',
    error: 'الخطأ',
    resolution: 'المعالجة',
  },
  yes: 'نعم',
  no: 'لا',
  summarySheet: 'الملخص',
  entriesSheet: 'العمليات',
  chainScope: 'السلسلة: كل النقاط (المكتب الرئيسي)',
  byTerminal: 'حسب النقطة',
  terminal: 'النقطة',
  lastReceived: 'الأرقام حتى',
  chainFiguresOnly: 'تقرير السلسلة أرقام فقط؛ القيود في تقرير كل نقطة.',
  errors: ERROR_LABELS.ar,
}

export const REPORT_LABELS: Record<Language, ReportLabels> = { en, ar }
