import type { readings as En } from '../en/readings';

/** Italian words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'Acceso',
  'value.off': 'Spento',
  'value.safe': '{{value}}, sicuro {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'tile.safe': 'sicuro {{range}}',
  'feeds.filter': 'Filtra i canali',
  'feeds.groupBy': 'Raggruppa per',
  'feeds.bySignal': 'Tipo di segnale',
  'feeds.byNode': 'Nodo',
  'feeds.clear': 'Cancella ({{count}})',
  'feeds.noMatch': 'Nessun canale corrisponde al filtro.',
  'site.minmaxHeader': '{{node}} · {{feed}} ({{unit}}) min–max',
  'site.fridgeRange': 'Intervallo sicuro del frigorifero {{range}}',
  'site.tilesAll': 'Tutti i {{count}} canali',
  'site.about': 'Informazioni sul sito',
  'health.weakBattery': 'Batteria scarica',
  'health.weakSignal': 'Segnale debole',
};
