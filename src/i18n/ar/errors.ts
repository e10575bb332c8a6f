import type { errors as En } from '../en/errors';

/** Arabic strings for 404, 500, maintenance and load-failure pages. */
export const errors: Record<keyof typeof En, string> = {
  'maintenance.title': 'سنعود قريبًا',
  'maintenance.body': 'يتعذّر على Sitewatch الوصول إلى الخادم حاليًا. يُرجى المحاولة مرة أخرى بعد بضع دقائق.',
  'maintenance.retry': 'إعادة المحاولة',
  'notFound.title': 'يبدو أنك ضللت الطريق',
  'notFound.body': 'الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى مكان آخر.',
  'error.backHome': 'العودة إلى الصفحة الرئيسية',
  'serverError.title': 'خطأ داخلي في الخادم',
  'serverError.body': 'حدث خطأ ما. يُرجى المحاولة مرة أخرى لاحقًا.',
  'loadFailed.message': 'فشل التحميل! يُرجى إعادة تحميل الصفحة.',
  'loadFailed.reload': 'إعادة التحميل',
};
