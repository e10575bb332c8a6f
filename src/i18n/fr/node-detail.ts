/** The site dashboard's node detail: one node's latest readings, link health and alert events. */
export const nodeDetail = {
  'nodeDetail.open': "Détails de {{node}}",
  'nodeDetail.readings': "Dernières mesures",
  'nodeDetail.noFeeds': "Ce nœud n’a aucun flux de données.",
  'nodeDetail.noReading': "Pas encore de mesure",
  'nodeDetail.safeRange': "Plage sûre",
  'nodeDetail.events': "Événements d’alerte",
  'nodeDetail.eventsIntro': "Les plus récents d’abord. Événements d’alerte montre chaque événement avec son historique et ses actions.",
  'nodeDetail.eventsLoading': "Chargement des événements d’alerte du nœud…",
  'nodeDetail.eventsEmpty': "Aucun événement d’alerte pour ce nœud.",
  'nodeDetail.eventsFailed': "Les événements d’alerte n’ont pas pu être chargés : {{message}}",
  'nodeDetail.retry': "Réessayer",
  'nodeDetail.openEvent': "{{rule}}, début {{time}} : ouvrir Événements d’alerte",
  'nodeDetail.close': "Fermer",
};
