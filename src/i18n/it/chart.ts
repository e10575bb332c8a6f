import type { chart as En } from '../en/chart';

/** Italian words of the readings chart: its legend, axes, crosshair and how to use it from the keyboard. */
export const chart: Record<keyof typeof En, string> = {
  'chart.keys': 'Le frecce sinistra e destra scorrono le misurazioni, Home e Fine saltano alla prima e all’ultima, Esc nasconde i valori.',
  'chart.units': 'Unità: {{units}}',
  'chart.legend': 'Linee del grafico',
  'chart.lineName': '{{feed}} · {{node}}',
  'chart.linePart': '{{name}} ({{part}})',
  'chart.axisTitle': '{{quantity}} ({{unit}})',
  'chart.axisOnOff': 'Acceso/spento',
  'chart.axisNoUnit': 'Valore',
  'chart.safeRange': 'Intervallo sicuro {{range}}',
  'chart.envelope': 'Area ombreggiata: dal minimo al massimo di ogni intervallo',
  'chart.noReading': 'nessuna misurazione',
  'chart.more': 'altre {{count}}',
  'chart.valueAt': '{{name}}: {{value}}',
  'chart.valueRange': '{{value}} ({{range}})',
  'chart.readingsAt': '{{time}}. {{values}}',
};
