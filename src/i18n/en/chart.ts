/** English words of the readings chart: its legend, axes, crosshair and how to use it from the keyboard. */
export const chart = {
  'chart.keys': 'Left and right arrow keys step through the readings, Home and End jump to the first and last, Escape hides the values.',
  'chart.units': 'Units: {{units}}',
  'chart.legend': 'Lines of the chart',
  'chart.lineName': '{{feed}} · {{node}}',
  'chart.linePart': '{{name}} ({{part}})',
  'chart.axisTitle': '{{quantity}} ({{unit}})',
  'chart.axisOnOff': 'On/off',
  'chart.axisNoUnit': 'Value',
  'chart.safeRange': 'Safe range {{range}}',
  'chart.envelope': 'Shaded: lowest to highest in each interval',
  'chart.noReading': 'no reading',
  'chart.more': '{{count}} more',
  'chart.valueAt': '{{name}}: {{value}}',
  'chart.valueRange': '{{value}} ({{range}})',
  'chart.readingsAt': '{{time}}. {{values}}',
} as const;
