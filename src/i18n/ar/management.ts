import type { management as En } from '../en/management';

/** Arabic strings for Management: white-label settings per domain. */
export const management: Record<keyof typeof En, string> = {
  'management.title': 'الإدارة',
  'management.whiteLabel': 'إعدادات العلامة البيضاء',
  'management.intro': 'يمكن لكل اسم مضيف أن يعرض عنوانه وأيقونته وشعاراته الخاصة. أما المضيف الذي ليست له إعدادات فيعرض Sitewatch.',
  'management.domain': 'النطاق',
  'management.websiteTitle': 'عنوان الموقع الإلكتروني',
  'management.faviconUrl': 'عنوان URL لأيقونة الموقع',
  'management.loginLogoUrl': 'عنوان URL لشعار صفحة تسجيل الدخول',
  'management.siteLogoUrl': 'عنوان URL لشعار الشريط الجانبي',
  'management.urlHint': 'اتركه فارغًا، أو أدخل عنوان http(s)، أو مسارًا على هذا الموقع يبدأ بالرمز /.',
  'management.domainHint': 'اسم المضيف كما يُكتب في المتصفح، مثل dashboard.example.com.',
  'management.updated': 'آخر تحديث',
  'management.formTitleNew': 'إعدادات علامة بيضاء جديدة',
  'management.formTitleEdit': 'إعدادات العلامة البيضاء للنطاق {{domain}}',
  'management.thisHost': 'هذا المتصفح',
  'management.here': 'مستخدم في',
  'management.domainInvalid': 'أدخل اسم مضيف مثل dashboard.example.com: أحرف وأرقام ونقاط وشرطات، مع منفذ اختياري بالصيغة :port.',
  'management.domainTaken': 'لهذا اسم المضيف إعدادات بالفعل.',
  'management.urlInvalid': 'اتركه فارغًا، أو أدخل عنوان http(s)، أو مسارًا على هذا الموقع يبدأ بالرمز /.',
};
