import type { readings as En } from '../en/readings';

/** Chinese words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': '开',
  'value.off': '关',
  'value.safe': '{{value}}，安全范围 {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'health.weakBattery': '电量低',
  'health.weakSignal': '信号弱',
};
