import type { readings as En } from '../en/readings';

/** French words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'Allumé',
  'value.off': 'Éteint',
  'value.safe': '{{value}}, plage sûre {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'health.weakBattery': 'Batterie faible',
  'health.weakSignal': 'Signal faible',
};
