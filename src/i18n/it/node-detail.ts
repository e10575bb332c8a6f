/** The site dashboard's node detail: one node's latest readings, link health and alert events. */
export const nodeDetail = {
  'nodeDetail.open': "Dettagli di {{node}}",
  'nodeDetail.readings': "Ultime misurazioni",
  'nodeDetail.noFeeds': "Questo nodo non ha flussi di dati.",
  'nodeDetail.noReading': "Ancora nessuna lettura",
  'nodeDetail.safeRange': "Intervallo sicuro",
  'nodeDetail.events': "Eventi di allarme",
  'nodeDetail.eventsIntro': "Dal più recente. Eventi di allarme mostra ogni evento con la sua cronologia e le azioni.",
  'nodeDetail.eventsLoading': "Caricamento degli eventi di allarme del nodo…",
  'nodeDetail.eventsEmpty': "Nessun evento di allarme per questo nodo.",
  'nodeDetail.eventsFailed': "Impossibile caricare gli eventi di allarme: {{message}}",
  'nodeDetail.retry': "Riprova",
  'nodeDetail.openEvent': "{{rule}}, iniziato {{time}}: apri Eventi di allarme",
  'nodeDetail.close': "Chiudi",
};
