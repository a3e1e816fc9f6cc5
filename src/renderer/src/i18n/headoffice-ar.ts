import { isolated } from '../../../shared/bidi-text'
import { arabicEntries as entries } from './ar-counts'
import type { HeadOfficeMessages } from './headoffice-en'

/** المكتب الرئيسي (عدة نقاط بيع، PostgreSQL) بالعربية. */
export const headOfficeAr: HeadOfficeMessages = {
  title: 'المكتب الرئيسي',
  intro:
    'نقاط البيع التابعة لحساب موزّع واحد ترسل سجلاتها إلى قاعدة PostgreSQL في المكتب الرئيسي، وتستعمل نقطة البيع أرقام السلسلة. الجهاز الذي يعمل وحده يتركه مغلقاً.',
  enabled: 'إرسال سجل هذا الجهاز إلى المكتب الرئيسي',
  host: 'الخادم (اسم المضيف أو عنوان IP)',
  port: 'المنفذ',
  database: 'قاعدة البيانات',
  user: 'دور هذه النقطة',
  password: 'السر الخاص بالدور (يطبعه create-terminal)',
  passwordSaved: 'كلمة المرور محفوظة.',
  passwordKeep: 'اتركه فارغاً للإبقاء عليها.',
  passwordRequired: 'اكتب كلمة مرور هذه النقطة.',
  terminal: 'اسم النقطة كما أُنشئ في المكتب الرئيسي',
  caFile: 'شهادة سلطة المكتب الرئيسي (مسار ملف PEM)',
  caHint: 'التشفير TLS مطلوب ما لم يكن الخادم على هذا الجهاز؛ ومع ملف الشهادة لا يُوثق إلا بتلك السلطة.',
  test: 'اختبار المكتب الرئيسي',
  save: 'حفظ',
  saved: 'حُفظت إعدادات المكتب الرئيسي.',
  testFailed: 'لم يقبل المكتب الرئيسي هذه الإعدادات',
  testNotRun: 'لم يُختبر المكتب الرئيسي',
  fieldProblem: {
    host: 'اسم الخادم أو عنوان IP فقط، مثل db.example.ly أو 192.168.1.10 (لصق عنوان postgres:// هنا يملأ الحقول).',
    port: 'منفذ من 1 إلى 65535 (منفذ PostgreSQL عادةً 5432).',
    database: 'اسم قاعدة البيانات، من 1 إلى 63 حرفاً.',
    user: 'الدور الذي أنشأه create-terminal: حروف لاتينية وأرقام و _ . - فقط.',
    terminal: 'اسم النقطة كما أُنشئ في المكتب الرئيسي، حتى 60 حرفاً.',
    caFile: 'المسار الكامل لملف شهادة الجهة المُصدِرة (PEM)، مثل C:\\head-office\\ca.crt.',
  },
  savedTesting: 'حُفظت إعدادات المكتب الرئيسي. جارٍ اختبارها…',
  trainingOff:
    'وضع التدريب: لا يُرسَل شيء إلى المكتب الرئيسي. تُرسَل المبيعات الفعلية وحدها حين يعود الجهاز إلى الوضع الفعلي.',
  testOk: (terminal, tls, version, schema) =>
    `تم الاتصال باسم «${terminal}» ${tls ? 'عبر TLS' : 'دون TLS (الخادم على هذا الجهاز)'} — PostgreSQL ${version}، مخطط المكتب الرئيسي ${schema}.`,
  state: {
    off: 'مغلق',
    syncing: 'جارٍ الإرسال',
    'up-to-date': 'محدَّث',
    unreachable: 'تعذّر الوصول إلى المكتب الرئيسي؛ البيع مستمر',
    refused: 'مرفوض: راجع إعدادات المكتب الرئيسي في هذا الجهاز؛ البيع مستمر',
    stopped: 'متوقف: يجب مراجعة المكتب الرئيسي',
  },
  behind: (n, at) => `المكتب الرئيسي: متأخر ${entries(n)}، آخر وصول ${at}`,
  upToDate: (at) => `المكتب الرئيسي: محدَّث، آخر وصول ${at}`,
  never: 'أبداً',
  chip: (n, at) => `المكتب الرئيسي: متأخر ${n} · ${at}`,
  chipProblem: 'المكتب الرئيسي: لم يُوصل إليه',
  chainFiguresAt: (at) => `أرقام السلسلة حتى ${at}`,
  limitOthers: 'نقاط البيع الأخرى اليوم',
  limitOthersOpen: 'ما زال مفتوحاً في النقاط الأخرى',
  limitMayBeHigh: 'قد يكون أعلى من الحقيقة: نقطة بيع لم يصل منها خبر',
  silentCounter: (terminal, since) =>
    since ? `${isolated(terminal)} (منذ ${since})` : `${isolated(terminal)} (لم يصل بعد)`,
  listSeparator: '، ',
  limitSilent: (counters) =>
    `لم يصل خبر من: ${counters}. ما باعته النقطة الصامتة منذ ذلك لم يصل إلى المكتب الرئيسي، فقد يكون التقدير أعلى من الحقيقة؛ ورفض الخدمة هو الفصل.`,
  limitOthersHint: 'الحد مشترك بين كل نقاط الحساب: استهلاكها محسوب في التقدير.',
  openElsewhereTitle: 'إيداع غير محسوم في نقطة أخرى',
  openElsewhere: (terminal, amount, time) =>
    `أجرت ${terminal} إيداعاً بمبلغ ${amount} إلى هذا الرقم في ${time} ولم تُعرف نتيجته بعد. يُرفض الإيداع هنا حتى يُحسم هناك.`,
  openElsewhereWhat: 'اطلب من تلك النقطة حسمه («إعادة آمنة» هناك)، ثم ابحث عن الرقم مرة أخرى.',
  lookUpAgain: 'البحث مرة أخرى',
  scope: 'النطاق',
  scopePc: 'هذا الجهاز',
  scopeChain: 'السلسلة (كل النقاط)',
  byTerminal: 'حسب النقطة',
  terminalColumn: 'النقطة',
  asOf: 'الأرقام حتى',
  chainOnly: 'تقرير السلسلة أرقام فقط: قيود كل نقطة في تقريرها.',
  attention: 'تحتاج متابعة',
}
