import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { AlertRulesTable, AlertRuleRow, MessageTemplateRow, MessageTemplatesTable } from './alerts.schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import type { AlertRule, AlertScope, MessageTemplate } from '../../src/api/contract/alerts';

// ---- message templates ----

const TEMPLATE_SORTS: Record<'name' | 'locale', SortColumn> = {
  name: { ref: 'name', text: true },
  locale: { ref: 'locale' },
};

export const templateView = (r: MessageTemplateRow): MessageTemplate => ({
  id: r.id, companyId: r.companyId, name: r.name, channel: r.channel, locale: r.locale, subject: r.subject, body: r.body,
});

export async function listTemplates(db: Db, companyId: string, params: ListParams<keyof typeof TEMPLATE_SORTS> & { locale?: string }): Promise<ListAnswer<MessageTemplate>> {
  let q = db.selectFrom('messageTemplates').selectAll().where('companyId', '=', companyId);
  if (params.locale) q = q.where('locale', '=', params.locale as MessageTemplateRow['locale']);
  if (params.q) q = q.where(matchesAll([sql.ref('name'), sql.ref('subject')], params.q));
  const page = await pageOf(q, params, TEMPLATE_SORTS, 'name', 'id');
  return { data: page.data.map(templateView), total: page.total };
}

export const findTemplate = (db: Db, companyId: string, id: string): Promise<MessageTemplateRow | undefined> =>
  db.selectFrom('messageTemplates').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

/** Names are unique per company and language: "Warm fridge" exists once in English and once in French. */
export const findTemplateByName = (db: Db, companyId: string, name: string, locale: string): Promise<MessageTemplateRow | undefined> =>
  db
    .selectFrom('messageTemplates')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('locale', '=', locale as MessageTemplateRow['locale'])
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();

export async function insertTemplate(db: Db, row: Insertable<MessageTemplatesTable>): Promise<void> {
  await db.insertInto('messageTemplates').values(row).execute();
}
export async function updateTemplate(db: Db, id: string, change: Updateable<MessageTemplatesTable>): Promise<void> {
  // A PUT may name no field (an empty body): an UPDATE with nothing to set is not SQL.
  if (Object.keys(change).length === 0) return;
  await db.updateTable('messageTemplates').set(change).where('id', '=', id).execute();
}
export async function deleteTemplate(db: Db, id: string): Promise<void> {
  await db.deleteFrom('messageTemplates').where('id', '=', id).execute();
}

/** The rules that mail with a template. */
export async function rulesUsingTemplate(db: Db, templateId: string, sample = 3): Promise<{ count: number; names: string[] }> {
  const rows = await db.selectFrom('alertRules').select('name').where('templateId', '=', templateId).orderBy('name').execute();
  return { count: rows.length, names: rows.slice(0, sample).map((r) => r.name) };
}

// ---- alert rules ----

const RULE_SORTS: Record<'name' | 'severity' | 'condition' | 'scopeName', SortColumn> = {
  name: { ref: 'alertRules.name', text: true },
  severity: { ref: 'severityRank' },
  condition: { ref: 'alertRules.condition' },
  scopeName: { ref: 'scopeName', text: true },
};

/** Rules with the name of what they watch, one statement however many rules. */
function rulesWithScope(db: Db) {
  return db
    .selectFrom('alertRules')
    .leftJoin('feeds', 'feeds.id', 'alertRules.scopeFeedId')
    .leftJoin('nodes as feedNode', 'feedNode.id', 'feeds.nodeId')
    .leftJoin('nodes', 'nodes.id', 'alertRules.scopeNodeId')
    .leftJoin('sites', 'sites.id', 'alertRules.scopeSiteId')
    .leftJoin('signalTypes', 'signalTypes.id', 'alertRules.scopeSignalTypeId')
    .selectAll('alertRules')
    .select(
      sql<string>`coalesce(feed_node.name || ' · ' || feeds.name, nodes.name, sites.name || ' · ' || signal_types.name, '')`.as('scopeName'),
    )
    .select(sql<number>`case alert_rules.severity when 'critical' then 0 when 'major' then 1 when 'minor' then 2 else 3 end`.as('severityRank'));
}

/** A rule's recipients or escalation list, stored as a JSON array of user ids; anything else reads as nobody. */
export const userIdsOf = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const scopeOf = (r: AlertRuleRow): AlertScope =>
  r.scopeFeedId ? { feedId: r.scopeFeedId } : r.scopeNodeId ? { nodeId: r.scopeNodeId } : { siteId: r.scopeSiteId ?? '', signalTypeId: r.scopeSignalTypeId ?? '' };

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export const ruleToApi = (r: AlertRuleRow & { scopeName: string | null }): AlertRule => ({
  id: r.id, companyId: r.companyId, name: r.name, enabled: Boolean(r.enabled), scope: scopeOf(r), scopeName: r.scopeName ?? '',
  condition: r.condition, low: num(r.low), high: num(r.high), forMinutes: Number(r.forMinutes), clearBy: num(r.clearBy), severity: r.severity,
  templateId: r.templateId, recipients: userIdsOf(r.recipients), escalateTo: userIdsOf(r.escalateTo),
  escalateAfterMinutes: r.escalateAfterMinutes === null ? null : Number(r.escalateAfterMinutes),
  mutedUntil: r.mutedUntil === null ? null : new Date(Number(r.mutedUntil)).toISOString(),
});

export async function listRules(
  db: Db,
  companyId: string,
  params: ListParams<keyof typeof RULE_SORTS> & { siteId?: string; enabled?: '1' | '0' },
): Promise<ListAnswer<AlertRule>> {
  let q = rulesWithScope(db).where('alertRules.companyId', '=', companyId);
  if (params.enabled) q = q.where('alertRules.enabled', '=', Number(params.enabled));
  if (params.siteId) {
    const siteId = params.siteId;
    q = q.where((eb) => eb.or([eb('alertRules.scopeSiteId', '=', siteId), eb('nodes.siteId', '=', siteId), eb('feedNode.siteId', '=', siteId)]));
  }
  if (params.q) q = q.where(matchesAll([sql.ref('alertRules.name')], params.q));
  const page = await pageOf(q, params, RULE_SORTS, 'name', 'alertRules.id');
  return { data: page.data.map(ruleToApi), total: page.total };
}

export const findRule = (db: Db, companyId: string, id: string): Promise<AlertRuleRow | undefined> =>
  db.selectFrom('alertRules').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

export async function ruleView(db: Db, id: string): Promise<AlertRule> {
  return ruleToApi(await rulesWithScope(db).where('alertRules.id', '=', id).executeTakeFirstOrThrow());
}

export const findRuleByName = (db: Db, companyId: string, name: string): Promise<AlertRuleRow | undefined> =>
  db.selectFrom('alertRules').selectAll().where('companyId', '=', companyId).where(sql<boolean>`lower(name) = lower(${name})`).executeTakeFirst();

export async function insertRule(db: Db, row: Insertable<AlertRulesTable>): Promise<void> {
  await db.insertInto('alertRules').values(row).execute();
}
export async function updateRule(db: Db, id: string, change: Updateable<AlertRulesTable>): Promise<void> {
  // A PUT may name no field (an empty body): nothing to set, and nothing the evaluator knew has changed.
  if (Object.keys(change).length === 0) return;
  await db.updateTable('alertRules').set(change).where('id', '=', id).execute();
  // What the evaluator knew was about the old thresholds: the next reading starts afresh (open events stay open).
  await db.updateTable('alertStates').set({ phase: 'clear', since: null, peak: null }).where('ruleId', '=', id).where('phase', '=', 'pending').execute();
}
export async function deleteRule(db: Db, id: string): Promise<void> {
  await db.deleteFrom('alertRules').where('id', '=', id).execute();
}

/** The rule's events: a rule with history is kept (disable it instead), so its events keep their rule. */
export async function eventsOfRule(db: Db, ruleId: string): Promise<{ count: number; names: string[] }> {
  const row = await db.selectFrom('alertEvents').select(sql<number>`count(*)`.as('n')).where('ruleId', '=', ruleId).executeTakeFirst();
  return { count: Number(row?.n ?? 0), names: [] };
}

/** Each enabled `no_data` rule with each feed of the company it watches, and that pair's state if it has one. */
export const noDataRuleFeeds = (db: Db) =>
  db
    .selectFrom('alertRules as r')
    .innerJoin('feeds as f', (join) =>
      join.on((eb) => eb.or([eb('f.id', '=', eb.ref('r.scopeFeedId')), eb('f.nodeId', '=', eb.ref('r.scopeNodeId')), eb('f.signalTypeId', '=', eb.ref('r.scopeSignalTypeId'))])),
    )
    .innerJoin('nodes as n', 'n.id', 'f.nodeId')
    .innerJoin('sites as s', 's.id', 'n.siteId')
    .leftJoin('alertStates as st', (join) => join.onRef('st.ruleId', '=', 'r.id').onRef('st.subjectId', '=', 'f.id'))
    .select([
      'r.id as ruleId', 'r.companyId', 'r.forMinutes', 'r.severity', 'r.recipients', 'r.mutedUntil', 'r.createdAt', 'f.id as feedId', 'n.id as nodeId',
      'n.siteId', 's.mutedUntil as siteMutedUntil', 'st.phase', 'st.lastTs', 'st.watchedSince', 'st.eventId',
    ])
    .where('r.condition', '=', 'no_data')
    .where('r.enabled', '=', 1)
    .whereRef('f.companyId', '=', 'r.companyId')
    .where((eb) => eb.or([eb('r.scopeSiteId', 'is', null), eb('n.siteId', '=', eb.ref('r.scopeSiteId'))]))
    .execute();
