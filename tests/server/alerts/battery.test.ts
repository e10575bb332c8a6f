import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite } from '../readings-fixtures';
import { storeReadings } from '../../../server/monitoring/ingest';

const MIN = 60_000;

describe('battery rules (battery_below)', () => {
  let t: TestApp;
  let node: string;
  let battery: string;
  let temperature: string;
  let company: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    company = await addCompany(db);
    node = await addNode(db, await addHub(db, await addSite(db, company)));
    // The built-in battery type if the database has one, else a company type keyed `battery` like it.
    const builtIn = await db.selectFrom('signalTypes').select('id').where('key', '=', 'battery').where('companyId', 'is', null).executeTakeFirst();
    let batteryType = builtIn?.id;
    if (!batteryType) {
      batteryType = await addSignalType(db, 'instant', '%');
      await db.updateTable('signalTypes').set({ key: 'battery' }).where('id', '=', batteryType).execute();
    }
    battery = await addFeed(db, node, batteryType, 'Battery');
    temperature = await addFeed(db, node, await addSignalType(db, 'instant'), 'Temperature');
    await db
      .insertInto('alertRules')
      .values({
        id: crypto.randomUUID(), companyId: company, name: 'Battery low', enabled: 1, scopeFeedId: null, scopeNodeId: node, scopeSiteId: null,
        scopeSignalTypeId: null, condition: 'battery_below', low: 20, high: null, forMinutes: 10, clearBy: 5, severity: 'warning', templateId: null,
        recipients: '[]', escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null, createdAt: 0,
      })
      .execute();
  });
  afterAll(() => t.close());

  const events = () => t.deps.db.selectFrom('alertEvents').selectAll().where('companyId', '=', company).execute();

  it('keeps the node’s battery from its battery feed, and opens an event when it stays below for the pending period', async () => {
    const T0 = Date.now() - 120 * MIN;
    const db = t.deps.db;
    // A low temperature is no battery: the rule watches only the node's battery feeds.
    await storeReadings(db, [{ feedId: temperature, ts: T0, value: 3 }]);
    await storeReadings(db, [{ feedId: battery, ts: T0, value: 18 }, { feedId: battery, ts: T0 + 5 * MIN, value: 17 }]);
    expect((await db.selectFrom('nodes').select('batteryPct').where('id', '=', node).executeTakeFirstOrThrow()).batteryPct).toBe(17);
    expect(await events()).toHaveLength(0);
    await storeReadings(db, [{ feedId: battery, ts: T0 + 11 * MIN, value: 16 }]);
    const [opened] = await events();
    expect(opened).toMatchObject({ feedId: battery, nodeId: node, endedAt: null, peak: 16 });
    expect(Number(opened!.startedAt)).toBe(T0);
    // The detail names the battery's threshold, not the rule's pending period.
    expect(opened!.detail).toBe('16 (< 20 %)');
    // Hysteresis: 22 % is not clear of 20 + 5; 26 % is.
    await storeReadings(db, [{ feedId: battery, ts: T0 + 20 * MIN, value: 22 }]);
    expect((await events())[0]!.endedAt).toBeNull();
    await storeReadings(db, [{ feedId: battery, ts: T0 + 30 * MIN, value: 26 }]);
    expect(Number((await events())[0]!.endedAt)).toBe(T0 + 30 * MIN);
    expect((await db.selectFrom('nodes').select('batteryPct').where('id', '=', node).executeTakeFirstOrThrow()).batteryPct).toBe(26);
  });
});
