import type { chart as En } from '../en/chart';

/** Spanish words of the readings chart: its legend, axes, crosshair and how to use it from the keyboard. */
export const chart: Record<keyof typeof En, string> = {
  'chart.keys': 'Las flechas izquierda y derecha recorren las lecturas, Inicio y Fin saltan a la primera y la última, Escape oculta los valores.',
  'chart.units': 'Unidades: {{units}}',
  'chart.legend': 'Líneas del gráfico',
  'chart.lineName': '{{feed}} · {{node}}',
  'chart.linePart': '{{name}} ({{part}})',
  'chart.axisTitle': '{{quantity}} ({{unit}})',
  'chart.axisOnOff': 'Encendido/apagado',
  'chart.axisNoUnit': 'Valor',
  'chart.safeRange': 'Rango seguro {{range}}',
  'chart.envelope': 'Sombreado: del mínimo al máximo de cada intervalo',
  'chart.noReading': 'sin lectura',
  'chart.more': '{{count}} más',
  'chart.valueAt': '{{name}}: {{value}}',
  'chart.valueRange': '{{value}} ({{range}})',
  'chart.readingsAt': '{{time}}. {{values}}',
};
