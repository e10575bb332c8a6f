import type { app as En } from '../en/app';

/** Arabic strings for the app frame (name, session, notices, roles, home). */
export const app: Record<keyof typeof En, string> = {
  'app.name': 'Sitewatch',
  'app.poweredBy': 'بدعم من {{provider}}',
  'app.loading': 'جارٍ التحميل…',
  'app.skipToMain': 'الانتقال إلى المحتوى الرئيسي',
  'home.title': 'لوحة المعلومات',
  'home.signedInAs': 'تم تسجيل الدخول باسم {{name}} ({{email}})',
  'home.company': 'الشركة: {{company}}',
  'home.noCompany': 'لم يتم اختيار أي شركة',
  'home.role': 'الدور: {{role}}',
  'session.logout': 'تسجيل الخروج',
  'session.offline': 'أنت غير متصل بالإنترنت. سيتم حفظ التغييرات ومزامنتها عند استعادة الاتصال.',
  'session.restoring': 'جارٍ استعادة جلستك…',
  'notice.dismiss': 'إغلاق',
  'notice.error': 'خطأ',
  'notice.warning': 'تحذير',
  'notice.info': 'معلومات',
  'role.admin': 'مسؤول',
  'role.manager': 'مدير',
  'role.user': 'مستخدم',
  'role.viewer': 'مُشاهِد',
  'loading.busy': 'جارٍ التحميل',
};
