import { sql, type Insertable } from 'kysely';
import type { Db } from './database';
import type { AlertEventRow, AlertEventsTable } from './alerts.schema';
import type { AlertEvent, AlertEventListQuery } from '../../src/api/contract/alerts';

const iso = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** Events as the API answers them (docs/product.md, Alerts), with their rule's name, comments and history. */
export async function eventViews(db: Db, rows: (AlertEventRow & { ruleName: string })[]): Promise<AlertEvent[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const history = await db
    .selectFrom('alertEventHistory as h')
    .leftJoin('users as u', 'u.id', 'h.userId')
    .select(['h.eventId', 'h.action', 'h.userId', 'h.at', 'h.comment', 'u.name'])
    .where('h.eventId', 'in', ids)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
  // The peak's unit is the feed's signal type's (additive to the contract of docs/product.md, Alerts): one look-up for the whole page.
  const feedIds = [...new Set(rows.flatMap((r) => (r.feedId ? [r.feedId] : [])))];
  const units = feedIds.length
    ? await db.selectFrom('feeds').innerJoin('signalTypes', 'signalTypes.id', 'feeds.signalTypeId').select(['feeds.id', 'signalTypes.unit']).where('feeds.id', 'in', feedIds).execute()
    : [];
  const unitOf = new Map(units.map((u) => [u.id, u.unit]));
  const byEvent = new Map<string, typeof history>();
  for (const h of history) byEvent.set(h.eventId, [...(byEvent.get(h.eventId) ?? []), h]);
  return rows.map((r) => {
    const hs = byEvent.get(r.id) ?? [];
    return {
      id: r.id, ruleId: r.ruleId, ruleName: r.ruleName, siteId: r.siteId, nodeId: r.nodeId, feedId: r.feedId, severity: r.severity, state: r.state,
      startedAt: iso(r.startedAt)!, endedAt: iso(r.endedAt), peak: num(r.peak), unit: r.feedId ? (unitOf.get(r.feedId) ?? null) : null, detail: r.detail, acknowledgedBy: r.acknowledgedBy,
      acknowledgedAt: iso(r.acknowledgedAt), assigneeId: r.assigneeId, muted: Boolean(r.muted),
      comments: hs.filter((h) => h.comment && h.userId).map((h) => ({ userId: h.userId!, name: h.name ?? '', text: h.comment!, at: iso(h.at)! })),
      history: hs.map((h) => ({ action: h.action, userId: h.userId, ...(h.userId ? { name: h.name ?? '' } : {}), at: iso(h.at)!, ...(h.comment ? { comment: h.comment } : {}) })),
    };
  });
}

const withRule = (db: Db) => db.selectFrom('alertEvents').innerJoin('alertRules', 'alertRules.id', 'alertEvents.ruleId').selectAll('alertEvents').select('alertRules.name as ruleName');

/** The company's events, newest first, filtered as the list call of docs/product.md, Alerts asks; `total` counts every match. */
export async function listEvents(db: Db, companyId: string, q: AlertEventListQuery): Promise<{ data: AlertEvent[]; total: number }> {
  let base = db.selectFrom('alertEvents').where('alertEvents.companyId', '=', companyId);
  if (q.state) base = base.where('alertEvents.state', '=', q.state);
  if (q.severity) base = base.where('alertEvents.severity', '=', q.severity);
  if (q.siteId) base = base.where('alertEvents.siteId', '=', q.siteId);
  if (q.from) base = base.where('alertEvents.startedAt', '>=', Date.parse(q.from));
  if (q.to) base = base.where('alertEvents.startedAt', '<', Date.parse(q.to));
  const rows = await base
    .innerJoin('alertRules', 'alertRules.id', 'alertEvents.ruleId')
    .selectAll('alertEvents')
    .select('alertRules.name as ruleName')
    .orderBy('alertEvents.startedAt', 'desc')
    .orderBy('alertEvents.id', 'desc')
    .limit(sql.lit(Math.trunc(q.limit)))
    .offset(sql.lit(Math.trunc(q.offset)))
    .execute();
  const total = rows.length < q.limit && (rows.length > 0 || q.offset === 0)
    ? q.offset + rows.length
    : Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  return { data: await eventViews(db, rows), total };
}

export async function eventsOfNode(db: Db, companyId: string, nodeId: string, limit = 200): Promise<AlertEvent[]> {
  const rows = await withRule(db)
    .where('alertEvents.companyId', '=', companyId)
    .where('alertEvents.nodeId', '=', nodeId)
    .orderBy('alertEvents.startedAt', 'desc')
    .orderBy('alertEvents.id', 'desc')
    .limit(limit)
    .execute();
  return eventViews(db, rows);
}

/** A site's open (not resolved) events, newest first: what a wall display shows beside the site's readings. */
export async function openEventsOfSite(db: Db, companyId: string, siteId: string, limit = 50): Promise<AlertEvent[]> {
  const rows = await withRule(db)
    .where('alertEvents.companyId', '=', companyId)
    .where('alertEvents.siteId', '=', siteId)
    .where('alertEvents.state', '!=', 'resolved')
    .orderBy('alertEvents.startedAt', 'desc')
    .orderBy('alertEvents.id', 'desc')
    .limit(limit)
    .execute();
  return eventViews(db, rows);
}

export const findEvent = (db: Db, companyId: string, id: string) =>
  withRule(db).where('alertEvents.id', '=', id).where('alertEvents.companyId', '=', companyId).executeTakeFirst();

export async function eventView(db: Db, id: string): Promise<AlertEvent> {
  const row = await withRule(db).where('alertEvents.id', '=', id).executeTakeFirstOrThrow();
  return (await eventViews(db, [row]))[0]!;
}

/** The open (not resolved) events per company, for the top bar's badge. */
export async function openCount(db: Db, companyId: string): Promise<number> {
  const row = await db.selectFrom('alertEvents').select(sql<number>`count(*)`.as('n')).where('companyId', '=', companyId).where('state', '!=', 'resolved').executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Acknowledges an event that is still active, as `userId`: false when it was acknowledged or resolved already. */
export async function acknowledgeIfActive(trx: Db, eventId: string, userId: string, at: number): Promise<boolean> {
  const r = await trx
    .updateTable('alertEvents')
    .set({ state: 'acknowledged', acknowledgedBy: userId, acknowledgedAt: at })
    .where('id', '=', eventId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Resolves an event; history and checks are the caller's (server/alerts/event-actions.ts). */
export async function markResolved(trx: Db, eventId: string): Promise<void> {
  await trx.updateTable('alertEvents').set({ state: 'resolved' }).where('id', '=', eventId).execute();
}

/** Assigns an event to a member, or to nobody. */
export async function setAssignee(trx: Db, eventId: string, assigneeId: string | null): Promise<void> {
  await trx.updateTable('alertEvents').set({ assigneeId }).where('id', '=', eventId).execute();
}

export async function insertEvent(trx: Db, row: Insertable<AlertEventsTable>): Promise<void> {
  await trx.insertInto('alertEvents').values(row).execute();
}

/** Events still active, open and not muted whose rule escalates, with whom and after how long. */
export const eventsToEscalate = (db: Db) =>
  db
    .selectFrom('alertEvents as e')
    .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
    .select(['e.id', 'e.companyId', 'e.siteId', 'e.openedAt', 'e.escalationSteps', 'e.muted', 'r.escalateTo', 'r.escalateAfterMinutes'])
    .where('e.state', '=', 'active')
    .where('e.endedAt', 'is', null)
    .where('e.muted', '=', 0)
    .where('r.escalateAfterMinutes', 'is not', null)
    .execute();

/** Moves an event to escalation step `step` if it is still active and below it: false when someone got there first. */
export async function advanceEscalation(trx: Db, eventId: string, step: number): Promise<boolean> {
  const r = await trx
    .updateTable('alertEvents')
    .set({ escalationSteps: step })
    .where('id', '=', eventId)
    .where('state', '=', 'active')
    .where('escalationSteps', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
