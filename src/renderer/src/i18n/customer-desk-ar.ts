import type { CustomerDeskMessages } from './customer-desk-en'

/** The desk's own words about the customer display, in Arabic. */
export const customerDeskAr: CustomerDeskMessages = {
  confirmedByCustomer: 'أكّد الزبون الاسم على شاشته.',
  nameConfirmedBy: 'أكّد الاسمَ',
  confirmedBy: { clerk: 'الموظف', customer: 'الزبون، على شاشة الزبون' },
  title: 'شاشة الزبون',
  intro:
    'شاشة ثانية مواجهة للزبون تعرض الاسم الأول لصاحب الحساب وآخر أرقام الهاتف والمبلغ قبل إرسال الإيداع، وقيمة القسيمة، والنتيجة — ولا تعرض رمز القسيمة أبداً. تعود إلى الترحيب بعد ثوانٍ من كل عملية، وفوراً عند الخروج أو القفل.',
  display: 'الشاشة',
  none: 'لا شيء (متوقفة)',
  unnamedDisplay: 'شاشة',
  clerkScreen: 'شاشة الموظف',
  touch: 'لمس',
  notConnected: (label: string) => `${label || 'الشاشة المختارة'} (غير موصولة)`,
  onClerkScreen:
    'هذه هي الشاشة التي يعمل عليها المكتب نفسه: ستغطيها شاشة الزبون (يعيد Alt+Tab المكتب). اخترها فقط لتجربة الشاشة.',
  showing: 'معروضة الآن.',
  notShowing: 'غير معروضة: الشاشة المختارة غير موصولة. تُفتح وحدها حين تُوصل.',
  noWindows: 'هذه النسخة من المكتب لا تضع نافذة على شاشة (غلاف المتصفح): لصفحة الزبون عنوانها الخاص.',
  language: 'لغة الزبون',
  languages: { ar: 'العربية', en: 'الإنجليزية', both: 'العربية والإنجليزية جنباً إلى جنب' },
  customerConfirms: 'يمكن للزبون أن يضغط «نعم، هذا أنا» (الشاشات اللمسية)',
  customerConfirmsHint:
    'جواب الموظف هو الحاسم: يمكنه الرجوع أو الإيقاف، وهو من يرسل الإيداع. يسجّل السجل من أكّد الاسم.',
  saved: 'حُفظ.',
}
