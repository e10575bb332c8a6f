import type { readings as En } from '../en/readings';

/** Arabic words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'تشغيل',
  'value.off': 'إيقاف',
  'value.safe': '{{value}}، الآمن {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'tile.safe': 'الآمن {{range}}',
  'feeds.filter': 'تصفية القنوات',
  'feeds.groupBy': 'التجميع حسب',
  'feeds.bySignal': 'نوع الإشارة',
  'feeds.byNode': 'العقدة',
  'feeds.clear': 'مسح ({{count}})',
  'feeds.noMatch': 'لا توجد قناة تطابق التصفية.',
  'site.minmaxHeader': '{{node}} · {{feed}} ({{unit}}) الأدنى–الأعلى',
  'site.fridgeRange': 'النطاق الآمن للثلاجة {{range}}',
  'site.tilesAll': 'كل القنوات ({{count}})',
  'site.about': 'عن هذا الموقع',
  'health.weakBattery': 'بطارية ضعيفة',
  'health.weakSignal': 'إشارة ضعيفة',
};
