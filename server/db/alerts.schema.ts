import type { Selectable } from 'kysely';

/** The alert tables of migration 0011; Database in schema.ts includes them. */
export interface MessageTemplatesTable {
  id: string;
  companyId: string;
  name: string;
  channel: 'email';
  locale: 'en' | 'zh' | 'es' | 'fr' | 'it' | 'ar';
  subject: string;
  body: string;
  createdAt: number;
}
export interface AlertRulesTable {
  id: string;
  companyId: string;
  name: string;
  enabled: number;
  scopeFeedId: string | null;
  scopeNodeId: string | null;
  scopeSiteId: string | null;
  scopeSignalTypeId: string | null;
  condition: 'above' | 'below' | 'outside' | 'no_data' | 'battery_below';
  low: number | null;
  high: number | null;
  forMinutes: number;
  clearBy: number | null;
  severity: 'critical' | 'major' | 'minor' | 'warning';
  templateId: string | null;
  /** JSON arrays of user ids. */
  recipients: string;
  escalateTo: string;
  escalateAfterMinutes: number | null;
  mutedUntil: number | null;
  createdAt: number;
}
export interface AlertEventsTable {
  id: string;
  companyId: string;
  ruleId: string;
  siteId: string;
  nodeId: string;
  feedId: string | null;
  severity: AlertRulesTable['severity'];
  state: 'active' | 'acknowledged' | 'resolved';
  /** When the condition began (the first breaching reading); openedAt is when it fired. */
  startedAt: number;
  openedAt: number;
  endedAt: number | null;
  peak: number | null;
  detail: string;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
  assigneeId: string | null;
  muted: number;
  escalationSteps: number;
}
export interface AlertStatesTable {
  ruleId: string;
  /** The feed (threshold and no-data rules) or the node (battery rules). */
  subjectId: string;
  phase: 'clear' | 'pending' | 'open';
  lastTs: number | null;
  since: number | null;
  peak: number | null;
  watchedSince: number;
  eventId: string | null;
}
export interface AlertEventHistoryTable {
  id: string;
  eventId: string;
  action: string;
  userId: string | null;
  at: number;
  comment: string | null;
}
export interface AlertNotificationsTable {
  id: string;
  eventId: string;
  userId: string;
  kind: 'opened' | 'escalated' | 'ended';
  step: number;
  createdAt: number;
  attempts: number;
  nextAt: number;
  sentAt: number | null;
  error: string | null;
}
export interface AlertLinksTable {
  tokenHash: string;
  eventId: string;
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

export interface AlertTables {
  messageTemplates: MessageTemplatesTable;
  alertRules: AlertRulesTable;
  alertEvents: AlertEventsTable;
  alertStates: AlertStatesTable;
  alertEventHistory: AlertEventHistoryTable;
  alertNotifications: AlertNotificationsTable;
  alertLinks: AlertLinksTable;
}

export type AlertRuleRow = Selectable<AlertRulesTable>;
export type AlertEventRow = Selectable<AlertEventsTable>;
export type MessageTemplateRow = Selectable<MessageTemplatesTable>;
