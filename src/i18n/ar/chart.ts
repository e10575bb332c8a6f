import type { chart as En } from '../en/chart';

/** Arabic words of the readings chart: its legend, axes, crosshair and how to use it from the keyboard. */
export const chart: Record<keyof typeof En, string> = {
  'chart.keys': 'تنقّل مفاتيح الأسهم اليمنى واليسرى بين القراءات، ويقفز Home وEnd إلى الأولى والأخيرة، ويُخفي Escape القيم.',
  'chart.units': 'الوحدات: {{units}}',
  'chart.legend': 'خطوط المخطط',
  'chart.lineName': '{{feed}} · {{node}}',
  'chart.linePart': '{{name}} ({{part}})',
  'chart.axisTitle': '{{quantity}} ({{unit}})',
  'chart.axisOnOff': 'تشغيل/إيقاف',
  'chart.axisNoUnit': 'القيمة',
  'chart.safeRange': 'النطاق الآمن {{range}}',
  'chart.envelope': 'المنطقة المظللة: من الأدنى إلى الأعلى في كل فترة',
  'chart.noReading': 'لا توجد قراءة',
  'chart.more': '{{count}} أخرى',
  'chart.valueAt': '{{name}}: {{value}}',
  'chart.valueRange': '{{value}} ({{range}})',
  'chart.readingsAt': '{{time}}. {{values}}',
};
