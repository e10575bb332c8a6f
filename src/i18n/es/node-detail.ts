/** The site dashboard's node detail: one node's latest readings, link health and alert events. */
export const nodeDetail = {
  'nodeDetail.open': "Detalles de {{node}}",
  'nodeDetail.readings': "Últimas lecturas",
  'nodeDetail.noFeeds': "Este nodo no tiene flujos de datos.",
  'nodeDetail.noReading': "Aún sin lecturas",
  'nodeDetail.safeRange': "Rango seguro",
  'nodeDetail.events': "Eventos de alerta",
  'nodeDetail.eventsIntro': "Los más recientes primero. Eventos de alerta muestra cada evento con su historial y sus acciones.",
  'nodeDetail.eventsLoading': "Cargando los eventos de alerta del nodo…",
  'nodeDetail.eventsEmpty': "Este nodo no tiene eventos de alerta.",
  'nodeDetail.eventsFailed': "No se pudieron cargar los eventos de alerta: {{message}}",
  'nodeDetail.retry': "Intentar de nuevo",
  'nodeDetail.openEvent': "{{rule}}, iniciado {{time}}: abrir Eventos de alerta",
  'nodeDetail.close': "Cerrar",
};
