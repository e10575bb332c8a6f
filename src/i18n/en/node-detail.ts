/** The site dashboard's node detail: one node's latest readings, link health and alert events. */
export const nodeDetail = {
  'nodeDetail.open': "Details of {{node}}",
  'nodeDetail.readings': "Latest readings",
  'nodeDetail.noFeeds': "This node has no feeds.",
  'nodeDetail.noReading': "No reading yet",
  'nodeDetail.safeRange': "Safe range",
  'nodeDetail.events': "Alert events",
  'nodeDetail.eventsIntro': "Newest first. Alert Events has every event with its timeline and actions.",
  'nodeDetail.eventsLoading': "Loading the node’s alert events…",
  'nodeDetail.eventsEmpty': "No alert events for this node.",
  'nodeDetail.eventsFailed': "The alert events could not be loaded: {{message}}",
  'nodeDetail.retry': "Try again",
  'nodeDetail.openEvent': "{{rule}}, started {{time}}: open Alert Events",
  'nodeDetail.close': "Close",
} as const;
