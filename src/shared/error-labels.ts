import { type ErrorCode, isErrorCode } from './errors'
import type { Language } from './types'

/**
 * A refusal or failure named in a few words, in both languages: the reason column of reports (on screen,
 * printed, PDF) and the lines of an entry's history. The full advice for a clerk is the renderer's `errors`.
 */
export const ERROR_LABELS: Record<Language, Record<ErrorCode, string>> = {
  en: {
    INVALID_CREDENTIALS: 'Wrong username or password',
    ACCESS_DENIED: 'Address not allowed',
    ACCOUNT_DISABLED: 'Reseller account disabled',
    USER_NOT_FOUND: 'No such wallet',
    USER_INACTIVE: 'Wallet inactive',
    DUPLICATE_TRANSACTION: 'Already received',
    DAILY_LIMIT_EXCEEDED: 'Over the daily limit',
    VALIDATION: 'Refused as invalid',
    RATE_LIMITED: 'Too many requests',
    NOT_SENT: 'Not sent',
    // Said of a timeout, a dropped connection and a server error alike: what they share is no clear answer.
    OUTCOME_UNKNOWN: 'No clear answer',
    SERVICE_ERROR: 'Service error',
    NOT_CONFIGURED: 'Service not set up',
    BAD_INPUT: 'Invalid input',
    LOOKUP_REQUIRED: 'Lookup too old',
    NAME_MISMATCH: 'Name did not match',
    UNRESOLVED_DEPOSIT: 'Earlier deposit still open',
    REPEAT_NEEDS_CONFIRMATION: 'Repeat not confirmed',
    DENOMINATION_CHANGED: 'Voucher list changed',
    OPEN_VOUCHER_NEEDS_CONFIRMATION: 'Open voucher not confirmed',
    ABOVE_DEPOSIT_MAXIMUM: 'Above the deposit maximum',
    JOURNAL_UNAVAILABLE: 'Journal unavailable',
    NOT_FOUND: 'Not found',
    NOT_RETRYABLE: 'Cannot be retried',
    SECRETS_UNAVAILABLE: 'Password store unavailable',
    PRINTER_ERROR: 'Printer problem',
    NOT_PRINTABLE: 'No receipt',
    NOT_SIGNED_IN: 'Not signed in',
    FORBIDDEN: 'Manager only',
    WRONG_PIN: 'Wrong PIN',
    TOO_MANY_ATTEMPTS: 'Too many attempts',
    NAME_TAKEN: 'Name taken',
    LAST_MANAGER: 'Last manager',
    NOT_RESOLVABLE: 'Cannot be resolved',
    IN_PROGRESS: 'In progress',
    ALREADY_CLOSED: 'Day already closed',
    EXPORT_FAILED: 'Export failed',
    BACKUP_FAILED: 'Backup failed',
    FILE_NOT_SAVED: 'File not saved',
    UPDATE_NOT_READY: 'No update ready',
    UPDATE_ON_HOLD: 'Update on hold',
    HEAD_OFFICE_UNAVAILABLE: 'Head office unreachable',
    HEAD_OFFICE_CONFLICT: 'Head office conflict',
    INTERNAL: 'Internal error',
  },
  ar: {
    INVALID_CREDENTIALS: 'اسم المستخدم أو كلمة المرور خطأ',
    ACCESS_DENIED: 'العنوان غير مسموح به',
    ACCOUNT_DISABLED: 'حساب الموزّع معطّل',
    USER_NOT_FOUND: 'لا توجد محفظة',
    USER_INACTIVE: 'المحفظة غير مفعّلة',
    DUPLICATE_TRANSACTION: 'مُستلَم من قبل',
    DAILY_LIMIT_EXCEEDED: 'تجاوز الحد اليومي',
    VALIDATION: 'مرفوض لعدم الصلاحية',
    RATE_LIMITED: 'طلبات كثيرة جداً',
    NOT_SENT: 'لم يُرسَل',
    OUTCOME_UNKNOWN: 'لا إجابة واضحة',
    SERVICE_ERROR: 'خطأ من الخدمة',
    NOT_CONFIGURED: 'الخدمة غير مضبوطة',
    BAD_INPUT: 'مُدخلات غير صالحة',
    LOOKUP_REQUIRED: 'البحث قديم',
    NAME_MISMATCH: 'الاسم غير مطابق',
    UNRESOLVED_DEPOSIT: 'إيداع سابق ما زال مفتوحاً',
    REPEAT_NEEDS_CONFIRMATION: 'التكرار غير مؤكَّد',
    DENOMINATION_CHANGED: 'تغيّرت قائمة القسائم',
    OPEN_VOUCHER_NEEDS_CONFIRMATION: 'قسيمة مفتوحة غير مؤكَّدة',
    ABOVE_DEPOSIT_MAXIMUM: 'فوق أقصى مبلغ للإيداع',
    JOURNAL_UNAVAILABLE: 'السجل غير متاح',
    NOT_FOUND: 'غير موجود',
    NOT_RETRYABLE: 'لا يمكن إعادته',
    SECRETS_UNAVAILABLE: 'مخزن كلمة المرور غير متاح',
    PRINTER_ERROR: 'مشكلة في الطابعة',
    NOT_PRINTABLE: 'لا إيصال له',
    NOT_SIGNED_IN: 'لم يُسجَّل الدخول',
    FORBIDDEN: 'للمدير فقط',
    WRONG_PIN: 'رقم سري خاطئ',
    TOO_MANY_ATTEMPTS: 'محاولات كثيرة',
    NAME_TAKEN: 'الاسم مستخدَم',
    LAST_MANAGER: 'آخر مدير',
    NOT_RESOLVABLE: 'لا يمكن حسمه',
    IN_PROGRESS: 'قيد التنفيذ',
    ALREADY_CLOSED: 'اليوم مُغلق',
    EXPORT_FAILED: 'فشل التصدير',
    BACKUP_FAILED: 'فشل النسخ الاحتياطي',
    FILE_NOT_SAVED: 'لم يُحفظ الملف',
    UPDATE_NOT_READY: 'لا تحديث جاهز',
    UPDATE_ON_HOLD: 'التحديث مؤجَّل',
    HEAD_OFFICE_UNAVAILABLE: 'تعذّر الوصول إلى المقر الرئيسي',
    HEAD_OFFICE_CONFLICT: 'تعارض مع المقر الرئيسي',
    INTERNAL: 'خطأ داخلي',
  },
}

/** The words for a deposit confirmed by a 409 (the renderer's flag on the entry says the same). */
export const CONFIRMED_BY_DUPLICATE: Record<Language, string> = {
  en: 'Confirmed by duplicate',
  ar: 'مؤكَّد بالتكرار',
}

/**
 * Why a report lists an entry, in a few words: its error, or, for a deposit confirmed by duplicate (no error,
 * but a person should look at it), that. `asIs` marks a code this version does not know, shown as it is
 * (left to right). Null when there is nothing to say.
 */
export function reportReason(
  entry: { errorCode: string | null; confirmedByDuplicate: boolean },
  language: Language,
): { text: string; asIs: boolean } | null {
  if (entry.errorCode) {
    return isErrorCode(entry.errorCode)
      ? { text: ERROR_LABELS[language][entry.errorCode], asIs: false }
      : { text: entry.errorCode, asIs: true }
  }
  return entry.confirmedByDuplicate ? { text: CONFIRMED_BY_DUPLICATE[language], asIs: false } : null
}

/** The few words for a code stored on an entry; a code this version does not know is shown as it is. */
export function errorLabel(code: string, language: Language): string {
  return isErrorCode(code) ? ERROR_LABELS[language][code] : code
}
