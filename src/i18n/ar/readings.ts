import type { readings as En } from '../en/readings';

/** Arabic words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'تشغيل',
  'value.off': 'إيقاف',
  'value.safe': '{{value}}، الآمن {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'health.weakBattery': 'بطارية ضعيفة',
  'health.weakSignal': 'إشارة ضعيفة',
};
