import { amountInWords } from './amount-words'
import type { CustomerMessages } from './customer-en'

/** What the customer display says, in Arabic (the display's default language). */
export const customerAr: CustomerMessages = {
  direction: 'rtl',
  currency: 'د.ل',
  amountInWords: (dinars: number, dirhams: number) => amountInWords('ar', dinars, dirhams),
  training: 'تدريب — لا أموال حقيقية',
  welcome: 'أهلًا وسهلًا',
  wait: 'يرجى الانتظار',
  deposit: 'إيداع في محفظتك',
  isThisYou: 'هل هذا أنت؟',
  yesThisIsMe: 'نعم، هذا أنا',
  tellTheClerk: 'أخبر الموظف إن لم يكن كذلك.',
  amount: 'المبلغ',
  amountComing: 'يُدخل الموظف المبلغ…',
  willSend: 'سيُرسل الموظف هذا الآن',
  voucher: 'قسيمة مسبقة الدفع',
  codeOnReceipt: 'رمزك مطبوع على الإيصال',
  done: 'تمّ',
  at: 'الساعة',
  notSent: 'لم يُرسل',
  notSentDeposit: 'لم يُرسل المبلغ. سيخبرك الموظف بما يلزم.',
  notSentVoucher: 'لم تصدر أي قسيمة. سيخبرك الموظف بما يلزم.',
  checking: 'نتحقق مع المزوّد',
  checkingHint: 'سيخبرك الموظف فور أن نعرف.',
}
