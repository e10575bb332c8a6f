import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { AlertRulesTable, AlertStatesTable } from '../db/alerts.schema';
import { userIdsOf } from '../db/alerts.repository';
import { evaluate, evaluateSilence, mutedAt, type AlertChange, type FeedAlertState, type SilenceChange, type SilenceState } from './evaluator';

/** A rule as it applies to one feed, with what the evaluator and the event need. */
export interface RuleOnFeed {
  ruleId: string;
  companyId: string;
  feedId: string;
  nodeId: string;
  siteId: string;
  condition: AlertRulesTable['condition'];
  low: number | null;
  high: number | null;
  forMinutes: number;
  clearBy: number | null;
  severity: AlertRulesTable['severity'];
  recipients: string;
  mutedUntil: number | null;
  siteMutedUntil: number | null;
  createdAt: number;
}

/** New readings of one feed, in time order. */
export interface FeedReadings {
  feedId: string;
  ts: number[];
  values: number[];
}

/** An event the evaluation opened, changed or ended: the caller publishes it once the transaction commits. */
export interface TouchedEvent {
  eventId: string;
  companyId: string;
  siteId: string;
}

const CHUNK = 500;
const THRESHOLD_CONDITIONS = ['above', 'below', 'outside'] as const;

type Scope = 'feed' | 'node' | 'site';

/** The enabled rules of one scope kind that watch `feedIds`, joined on that kind's own index. */
const rulesByScope = (db: Db, feedIds: readonly string[], scope: Scope) =>
  db
    .selectFrom('feeds as f')
    .innerJoin('nodes as n', 'n.id', 'f.nodeId')
    .innerJoin('sites as s', 's.id', 'n.siteId')
    .innerJoin('signalTypes as st', 'st.id', 'f.signalTypeId')
    .innerJoin('alertRules as r', (join) =>
      scope === 'feed'
        ? join.onRef('r.scopeFeedId', '=', 'f.id')
        : scope === 'node'
          ? join.onRef('r.scopeNodeId', '=', 'f.nodeId')
          : join.onRef('r.scopeSiteId', '=', 'n.siteId').onRef('r.scopeSignalTypeId', '=', 'f.signalTypeId'),
    )
    .whereRef('r.companyId', '=', 'f.companyId')
    .where('r.enabled', '=', 1)
    .where('f.id', 'in', feedIds)
    // A battery rule watches the battery feeds in its scope: the node's charge as its hub reports it.
    .where((eb) => eb.or([eb('r.condition', 'in', [...THRESHOLD_CONDITIONS, 'no_data']), eb.and([eb('r.condition', '=', 'battery_below'), eb('st.key', '=', 'battery')])]))
    .select([
      'r.id as ruleId', 'r.companyId', 'f.id as feedId', 'n.id as nodeId', 'n.siteId', 'r.condition', 'r.low', 'r.high',
      'r.forMinutes', 'r.clearBy', 'r.severity', 'r.recipients', 'r.mutedUntil', 's.mutedUntil as siteMutedUntil', 'r.createdAt',
    ]);

/**
 * The enabled rules that watch these feeds: by feed, by node, or by the feed's signal type across its site. One join
 * per scope kind, united: with the three kinds OR-ed in one join, SQLite walked every rule of the company for each
 * feed (10,000 rules cost ~200 ms per 100 feeds, the ingest bench's rules case), where each kind alone uses its index.
 * UNION (not ALL) keeps a (rule, feed) pair once, as the OR did; the order makes PostgreSQL lock states in one order.
 */
export async function rulesForFeeds(db: Db, feedIds: readonly string[]): Promise<RuleOnFeed[]> {
  const out: RuleOnFeed[] = [];
  for (let i = 0; i < feedIds.length; i += CHUNK) {
    const chunk = feedIds.slice(i, i + CHUNK);
    const rows = await rulesByScope(db, chunk, 'feed')
      .union(rulesByScope(db, chunk, 'node'))
      .union(rulesByScope(db, chunk, 'site'))
      .orderBy('feedId')
      .orderBy('ruleId')
      .execute();
    for (const r of rows) out.push({ ...r, low: num(r.low), high: num(r.high), clearBy: num(r.clearBy), mutedUntil: num(r.mutedUntil), siteMutedUntil: num(r.siteMutedUntil), createdAt: Number(r.createdAt) });
  }
  return out;
}

// PostgreSQL answers bigint as text.
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

type StateRow = AlertStatesTable;

async function statesOf(db: Db, pairs: RuleOnFeed[]): Promise<Map<string, StateRow>> {
  const out = new Map<string, StateRow>();
  const ruleIds = [...new Set(pairs.map((p) => p.ruleId))];
  const feedIds = new Set(pairs.map((p) => p.feedId));
  for (let i = 0; i < ruleIds.length; i += CHUNK) {
    const rows = await db.selectFrom('alertStates').selectAll().where('ruleId', 'in', ruleIds.slice(i, i + CHUNK)).execute();
    for (const r of rows) {
      if (!feedIds.has(r.subjectId)) continue;
      out.set(`${r.ruleId}|${r.subjectId}`, { ...r, lastTs: num(r.lastTs), since: num(r.since), peak: num(r.peak), watchedSince: Number(r.watchedSince) });
    }
  }
  return out;
}

/** The threshold an event's detail names beside the value ("8 (< 15 %)" for a battery). */
const thresholdOf = (rule: RuleOnFeed): string =>
  rule.condition === 'above'
    ? `> ${rule.high}`
    : rule.condition === 'below'
      ? `< ${rule.low}`
      : rule.condition === 'battery_below'
        ? `< ${rule.low} %`
        : rule.condition === 'outside'
          ? `${rule.low}–${rule.high}`
          : `${rule.forMinutes} min`;

/**
 * Evaluates the rules that watch these feeds against their newly stored readings, inside the caller's transaction:
 * states, events, their history and the notifications to send are written with the readings or not at all.
 */
export async function evaluateStored(trx: Db, batches: readonly FeedReadings[], now: number): Promise<TouchedEvent[]> {
  if (batches.length === 0) return [];
  const byFeed = new Map(batches.map((b) => [b.feedId, b]));
  const rules = await rulesForFeeds(trx, [...byFeed.keys()]);
  if (rules.length === 0) return [];
  const states = await statesOf(trx, rules);
  const touched: TouchedEvent[] = [];
  for (const rule of rules) {
    const batch = byFeed.get(rule.feedId)!;
    const key = `${rule.ruleId}|${rule.feedId}`;
    const row = states.get(key);
    let eventId = row?.eventId ?? null;
    let next: StateRow;
    let changes: (AlertChange | SilenceChange)[];
    if (rule.condition === 'no_data') {
      const from: SilenceState = { phase: row?.phase === 'open' ? 'open' : 'clear', lastTs: row?.lastTs ?? null, watchedSince: row?.watchedSince ?? rule.createdAt };
      // Readings only close gaps here (a gap the timer missed included); whether a feed is silent *now* is the timer's
      // question, so "now" is the newest reading, not the clock (a backfill is not a silence).
      const r = evaluateSilence(rule.forMinutes, from, batch.ts, Math.max(...batch.ts));
      changes = r.changes;
      next = { ruleId: rule.ruleId, subjectId: rule.feedId, phase: r.state.phase, lastTs: r.state.lastTs, since: null, peak: null, watchedSince: r.state.watchedSince, eventId };
    } else {
      const from: FeedAlertState =
        !row || row.phase === 'clear' ? { phase: 'clear', lastTs: row?.lastTs ?? null } : { phase: row.phase, lastTs: row.lastTs ?? 0, since: row.since ?? 0, peak: row.peak ?? 0 };
      const readings = batch.ts.map((ts, j) => ({ ts, value: batch.values[j]! }));
      // battery_below is `below` on the battery feed: the same evaluator, pending period and hysteresis.
      const condition = rule.condition === 'battery_below' ? 'below' : (rule.condition as (typeof THRESHOLD_CONDITIONS)[number]);
      const r = evaluate({ condition, low: rule.low, high: rule.high, forMinutes: rule.forMinutes, clearBy: rule.clearBy ?? 0 }, from, readings);
      changes = r.changes;
      const s = r.state;
      next = {
        ruleId: rule.ruleId, subjectId: rule.feedId, phase: s.phase, lastTs: s.lastTs,
        since: s.phase === 'clear' ? null : s.since, peak: s.phase === 'clear' ? null : s.peak, watchedSince: row?.watchedSince ?? rule.createdAt, eventId,
      };
    }
    for (const c of changes) {
      if (c.kind === 'opened') {
        eventId = await openEvent(trx, rule, c, now);
        touched.push({ eventId, companyId: rule.companyId, siteId: rule.siteId });
      } else if (c.kind === 'peak' && eventId) {
        await trx.updateTable('alertEvents').set({ peak: c.peak }).where('id', '=', eventId).execute();
        touched.push({ eventId, companyId: rule.companyId, siteId: rule.siteId });
      } else if (c.kind === 'ended' && eventId) {
        await endEvent(trx, rule, eventId, c.endedAt, now);
        touched.push({ eventId, companyId: rule.companyId, siteId: rule.siteId });
        eventId = null;
      }
    }
    next.eventId = eventId;
    await saveState(trx, next);
  }
  // One message per event and batch, however many changes it had.
  const seen = new Set<string>();
  return touched.filter((t) => !seen.has(t.eventId) && seen.add(t.eventId));
}

async function saveState(trx: Db, s: StateRow): Promise<void> {
  await trx
    .insertInto('alertStates')
    .values(s)
    .onConflict((oc) => oc.columns(['ruleId', 'subjectId']).doUpdateSet({ phase: s.phase, lastTs: s.lastTs, since: s.since, peak: s.peak, watchedSince: s.watchedSince, eventId: s.eventId }))
    .execute();
}

async function openEvent(trx: Db, rule: RuleOnFeed, c: Extract<AlertChange | SilenceChange, { kind: 'opened' }>, now: number): Promise<string> {
  const id = crypto.randomUUID();
  const openedAt = 'at' in c ? c.at : c.startedAt;
  const muted = mutedAt(openedAt, rule.mutedUntil, rule.siteMutedUntil);
  const peak = 'peak' in c ? c.peak : null;
  await trx
    .insertInto('alertEvents')
    .values({
      id, companyId: rule.companyId, ruleId: rule.ruleId, siteId: rule.siteId, nodeId: rule.nodeId, feedId: rule.feedId,
      severity: rule.severity, state: 'active', startedAt: c.startedAt, openedAt, endedAt: null, peak,
      detail: 'value' in c ? `${c.value} (${thresholdOf(rule)})` : `no data for ${rule.forMinutes} min`,
      acknowledgedBy: null, acknowledgedAt: null, assigneeId: null, muted: muted ? 1 : 0, escalationSteps: 0,
    })
    .execute();
  await history(trx, id, 'opened', null, openedAt);
  if (!muted) await notify(trx, id, recipientsOf(rule), 'opened', 0, now);
  return id;
}

async function endEvent(trx: Db, rule: RuleOnFeed, eventId: string, endedAt: number, now: number): Promise<void> {
  await trx.updateTable('alertEvents').set({ endedAt }).where('id', '=', eventId).execute();
  await history(trx, eventId, 'ended', null, endedAt);
  const e = await trx.selectFrom('alertEvents').select('muted').where('id', '=', eventId).executeTakeFirst();
  if (e && !e.muted) await notify(trx, eventId, recipientsOf(rule), 'ended', 0, now);
}

export async function history(trx: Db, eventId: string, action: string, userId: string | null, at: number, comment: string | null = null): Promise<void> {
  await trx.insertInto('alertEventHistory').values({ id: crypto.randomUUID(), eventId, action, userId, at, comment }).execute();
}

/** Queues one mail per person, sent by the notifications worker within seconds of the commit. */
export async function notify(trx: Db, eventId: string, userIds: string[], kind: 'opened' | 'escalated' | 'ended', step: number, now: number): Promise<void> {
  const people = [...new Set(userIds)];
  if (people.length === 0) return;
  await trx
    .insertInto('alertNotifications')
    .values(people.map((userId) => ({ id: crypto.randomUUID(), eventId, userId, kind, step, createdAt: now, attempts: 0, nextAt: now, sentAt: null, error: null })))
    .execute();
}

const recipientsOf = (rule: { recipients: string }): string[] => userIdsOf(rule.recipients);
