/** English words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings = {
  'value.on': 'On',
  'value.off': 'Off',
  'value.safe': '{{value}}, safe {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'health.weakBattery': 'Weak battery',
  'health.weakSignal': 'Weak signal',
} as const;
