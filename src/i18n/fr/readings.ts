import type { readings as En } from '../en/readings';

/** French words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': 'Allumé',
  'value.off': 'Éteint',
  'value.safe': '{{value}}, plage sûre {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'tile.safe': 'sûr {{range}}',
  'feeds.filter': 'Filtrer les flux',
  'feeds.groupBy': 'Grouper par',
  'feeds.bySignal': 'Type de signal',
  'feeds.byNode': 'Nœud',
  'feeds.clear': 'Effacer ({{count}})',
  'feeds.noMatch': 'Aucun flux ne correspond au filtre.',
  'site.minmaxHeader': '{{node}} · {{feed}} ({{unit}}) min–max',
  'site.fridgeRange': 'Plage sûre des réfrigérateurs {{range}}',
  'site.tilesAll': 'Les {{count}} flux',
  'site.about': 'À propos de ce site',
  'health.weakBattery': 'Batterie faible',
  'health.weakSignal': 'Signal faible',
};
