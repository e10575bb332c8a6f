import type { readings as En } from '../en/readings';

/** Spanish words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'Encendido',
  'value.off': 'Apagado',
  'value.safe': '{{value}}, seguro {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'tile.safe': 'seguro {{range}}',
  'feeds.filter': 'Filtrar canales',
  'feeds.groupBy': 'Agrupar por',
  'feeds.bySignal': 'Tipo de señal',
  'feeds.byNode': 'Nodo',
  'feeds.clear': 'Borrar ({{count}})',
  'feeds.noMatch': 'Ningún canal coincide con el filtro.',
  'site.minmaxHeader': '{{node}} · {{feed}} ({{unit}}) mín–máx',
  'site.fridgeRange': 'Rango seguro del frigorífico {{range}}',
  'site.tilesAll': 'Los {{count}} canales',
  'site.about': 'Sobre este sitio',
  'health.weakBattery': 'Batería baja',
  'health.weakSignal': 'Señal débil',
};
