import type { readings as En } from '../en/readings';

/** Italian words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'Acceso',
  'value.off': 'Spento',
  'value.safe': '{{value}}, sicuro {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'health.weakBattery': 'Batteria scarica',
  'health.weakSignal': 'Segnale debole',
};
