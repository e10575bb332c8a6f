import type { readings as En } from '../en/readings';

/** Spanish words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'Encendido',
  'value.off': 'Apagado',
  'value.safe': '{{value}}, seguro {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'health.weakBattery': 'Batería baja',
  'health.weakSignal': 'Señal débil',
};
