import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from '../readings-fixtures';
import { storeReadings } from '../../../server/monitoring/ingest';
import type { AlertRulesTable } from '../../../server/db/alerts.schema';

const MIN = 60_000;

describe('alerts evaluated in the ingest transaction', () => {
  let t: TestApp;
  let company: string;
  let site: string;
  let node: string;
  let feed: string;
  let signalType: string;
  let managerId: string;
  const T0 = Date.UTC(2026, 5, 1, 8, 0);

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    company = await addCompany(db);
    site = await addSite(db, company);
    node = await addNode(db, await addHub(db, site));
    signalType = await addSignalType(db, 'instant');
    feed = await addFeed(db, node, signalType);
    managerId = (await memberOf(t.app, db, company, 'manager')).userId;
  });
  afterAll(() => t.close());

  const addRule = async (over: Partial<AlertRulesTable>) => {
    const id = crypto.randomUUID();
    await t.deps.db
      .insertInto('alertRules')
      .values({
        id, companyId: company, name: 'Fridge warm', enabled: 1, scopeFeedId: null, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null,
        condition: 'outside', low: 2, high: 8, forMinutes: 30, clearBy: 0.5, severity: 'critical', templateId: null,
        recipients: JSON.stringify([managerId]), escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null, createdAt: T0 - 60 * MIN,
        ...over,
      })
      .execute();
    return id;
  };
  const store = (f: string, points: [number, number][]) => storeReadings(t.deps.db, points.map(([m, value]) => ({ feedId: f, ts: T0 + m * MIN, value })), { seenAt: T0 + 90 * MIN });
  const eventsOf = (ruleId: string) => t.deps.db.selectFrom('alertEvents').selectAll().where('ruleId', '=', ruleId).orderBy('startedAt').execute();

  it('a fridge out of range for 30 minutes opens one event with its peak, mails its recipients, and ends back in range', async () => {
    const ruleId = await addRule({ scopeFeedId: feed });
    expect((await store(feed, [[0, 5], [15, 8.4], [30, 9]])).alerts).toBeUndefined();
    expect(await eventsOf(ruleId)).toEqual([]);
    const fired = await store(feed, [[45, 9.5], [50, 9.2]]);
    expect(fired.alerts).toHaveLength(1);
    let [e] = await eventsOf(ruleId);
    expect(e).toMatchObject({ state: 'active', severity: 'critical', siteId: site, nodeId: node, feedId: feed, muted: 0, endedAt: null });
    expect(Number(e!.startedAt)).toBe(T0 + 15 * MIN);
    expect(Number(e!.openedAt)).toBe(T0 + 45 * MIN);
    expect(e!.peak).toBe(9.5);
    const mails = await t.deps.db.selectFrom('alertNotifications').selectAll().where('eventId', '=', e!.id).execute();
    expect(mails.map((m) => [m.userId, m.kind])).toEqual([[managerId, 'opened']]);
    // Worse again: the same event's peak moves; 7.8 is inside the half-degree band, so it stays open.
    await store(feed, [[55, 10.1], [60, 7.8]]);
    expect(await eventsOf(ruleId)).toHaveLength(1);
    [e] = await eventsOf(ruleId);
    expect(e!.peak).toBe(10.1);
    expect(e!.endedAt).toBeNull();
    await store(feed, [[65, 7.4]]);
    [e] = await eventsOf(ruleId);
    expect(Number(e!.endedAt)).toBe(T0 + 65 * MIN);
    const history = await t.deps.db.selectFrom('alertEventHistory').select(['action']).where('eventId', '=', e!.id).orderBy('at').execute();
    expect(history.map((h) => h.action)).toEqual(['opened', 'ended']);
    const kinds = await t.deps.db.selectFrom('alertNotifications').select('kind').where('eventId', '=', e!.id).orderBy('kind').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['ended', 'opened']);
  });

  it('a rule on a signal type across a site watches every feed of that type there; a maintenance window mutes and mails nobody', async () => {
    const other = await addFeed(t.deps.db, node, signalType);
    await t.deps.db.updateTable('sites').set({ mutedUntil: T0 + 24 * 60 * MIN }).where('id', '=', site).execute();
    const ruleId = await addRule({ scopeSiteId: site, scopeSignalTypeId: signalType, condition: 'above', low: null, high: 8, forMinutes: 0, clearBy: 0 });
    await store(other, [[100, 12]]);
    const [e] = await eventsOf(ruleId);
    expect(e).toMatchObject({ feedId: other, muted: 1 });
    expect(await t.deps.db.selectFrom('alertNotifications').selectAll().where('eventId', '=', e!.id).execute()).toEqual([]);
    await t.deps.db.updateTable('sites').set({ mutedUntil: null }).where('id', '=', site).execute();
  });

  it('a disabled rule and another company’s rule see nothing', async () => {
    const disabled = await addRule({ scopeFeedId: feed, enabled: 0, forMinutes: 0 });
    const otherCompany = await addCompany(t.deps.db);
    const foreign = crypto.randomUUID();
    await t.deps.db
      .insertInto('alertRules')
      .values({
        id: foreign, companyId: otherCompany, name: 'x', enabled: 1, scopeFeedId: feed, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null,
        condition: 'above', low: null, high: 0, forMinutes: 0, clearBy: 0, severity: 'minor', templateId: null, recipients: '[]', escalateTo: '[]',
        escalateAfterMinutes: null, mutedUntil: null, createdAt: T0,
      })
      .execute();
    await store(feed, [[200, 30]]);
    expect(await eventsOf(disabled)).toEqual([]);
    expect(await eventsOf(foreign)).toEqual([]);
  });
});
