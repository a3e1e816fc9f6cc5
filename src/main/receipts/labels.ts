import type { Language } from '../../shared/types'

/** Every word printed on a receipt, in both languages. Figures and codes stay in Latin digits. */
export interface ReceiptLabels {
  voucherTitle: string
  depositTitle: string
  date: string
  clerk: string
  receiptNo: string
  value: string
  amount: string
  code: string
  serial: string
  activation: string
  expiry: string
  phone: string
  firstName: string
  serviceTransaction: string
  /** Our reference, printed small once: said to the provider's hotline, never by the customer to us. */
  reference: string
  notGiven: string
  currency: string
  training: string
  copy: string
  reprinted: string
  keepReceipt: string
}

const en: ReceiptLabels = {
  voucherTitle: 'Prepaid voucher',
  depositTitle: 'Wallet deposit',
  date: 'Date',
  clerk: 'Clerk',
  receiptNo: 'Receipt no.',
  value: 'Value',
  amount: 'Amount',
  code: 'Voucher code',
  serial: 'Serial',
  activation: 'Valid from',
  expiry: 'Expires',
  phone: 'Phone',
  firstName: 'Name',
  serviceTransaction: 'Provider transaction ID',
  reference: 'Our reference (for the provider’s hotline)',
  notGiven: 'not given',
  currency: 'LYD',
  training: 'TRAINING — NOT VALID',
  copy: 'COPY',
  reprinted: 'Reprinted',
  keepReceipt: 'Keep this receipt as proof of payment.',
}

const ar: ReceiptLabels = {
  voucherTitle: 'قسيمة شحن مسبقة الدفع',
  depositTitle: 'إيداع في المحفظة',
  date: 'التاريخ',
  clerk: 'الموظف',
  receiptNo: 'رقم الإيصال',
  value: 'القيمة',
  amount: 'المبلغ',
  code: 'رمز القسيمة',
  serial: 'الرقم التسلسلي',
  activation: 'تاريخ التفعيل',
  expiry: 'تاريخ الانتهاء',
  phone: 'رقم الهاتف',
  firstName: 'الاسم',
  serviceTransaction: 'رقم عملية المزوّد',
  reference: 'مرجعنا (لخدمة عملاء المزوّد)',
  notGiven: 'غير متوفر',
  currency: 'د.ل',
  training: 'تدريب — غير صالح',
  copy: 'نسخة',
  reprinted: 'أعيدت طباعته',
  keepReceipt: 'احتفظ بهذا الإيصال إثباتاً للدفع.',
}

export const RECEIPT_LABELS: Record<Language, ReceiptLabels> = { en, ar }
