import type { chart as En } from '../en/chart';

/** French words of the readings chart: its legend, axes, crosshair and how to use it from the keyboard. */
export const chart: Record<keyof typeof En, string> = {
  'chart.keys': 'Les flèches gauche et droite parcourent les mesures, Début et Fin sautent à la première et à la dernière, Échap masque les valeurs.',
  'chart.units': 'Unités : {{units}}',
  'chart.legend': 'Courbes du graphique',
  'chart.lineName': '{{feed}} · {{node}}',
  'chart.linePart': '{{name}} ({{part}})',
  'chart.axisTitle': '{{quantity}} ({{unit}})',
  'chart.axisOnOff': 'Marche/arrêt',
  'chart.axisNoUnit': 'Valeur',
  'chart.safeRange': 'Plage sûre {{range}}',
  'chart.envelope': 'Zone ombrée : du minimum au maximum de chaque intervalle',
  'chart.noReading': 'aucune mesure',
  'chart.more': '{{count}} de plus',
  'chart.valueAt': '{{name}} : {{value}}',
  'chart.valueRange': '{{value}} ({{range}})',
  'chart.readingsAt': '{{time}}. {{values}}',
};
