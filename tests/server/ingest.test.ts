import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, call, freshIp, signInAdmin, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, bruteLocalBucket, memberOf } from './readings-fixtures';
import { rebuildRollups, storeReadings, type ReadingInput } from '../../server/monitoring/ingest';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface Expected {
  feedId: string;
  grain: string;
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  firstTs: number;
  first: number;
  lastTs: number;
  last: number;
}

/** The rollups of stored readings, computed here from the raw rows alone. */
function expectedRollups(rows: { feedId: string; ts: number; value: number }[], zoneOf: (feedId: string) => string): Expected[] {
  const out = new Map<string, Expected>();
  const sorted = [...rows].sort((a, b) => (a.feedId < b.feedId ? -1 : a.feedId > b.feedId ? 1 : a.ts - b.ts));
  for (const r of sorted) {
    const keys: [string, number][] = [
      ['15m', Math.floor(r.ts / (15 * MIN)) * 15 * MIN],
      ['1h', Math.floor(r.ts / HOUR) * HOUR],
      ['1d', bruteLocalBucket(r.ts, zoneOf(r.feedId), 24)],
    ];
    for (const [grain, bucket] of keys) {
      const k = `${r.feedId}|${grain}|${bucket}`;
      const e = out.get(k);
      if (!e) {
        out.set(k, { feedId: r.feedId, grain, bucket, min: r.value, max: r.value, sum: r.value, count: 1, firstTs: r.ts, first: r.value, lastTs: r.ts, last: r.value });
      } else {
        e.min = Math.min(e.min, r.value);
        e.max = Math.max(e.max, r.value);
        e.sum += r.value;
        e.count++;
        e.lastTs = r.ts;
        e.last = r.value;
      }
    }
  }
  return [...out.values()].sort((a, b) => (a.feedId + a.grain + String(a.bucket).padStart(16, '0') < b.feedId + b.grain + String(b.bucket).padStart(16, '0') ? -1 : 1));
}

describe('storeReadings', () => {
  let t: TestApp;
  let london: string;
  let santiago: string;
  let hubId: string;
  let nodeA: string;
  let nodeB: string;
  const zones = new Map<string, string>();
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    const company = await addCompany(db);
    const siteL = await addSite(db, company, { timezone: 'Europe/London' });
    const siteS = await addSite(db, company, { timezone: 'America/Santiago' });
    hubId = await addHub(db, siteL);
    const sig = await addSignalType(db, 'instant');
    nodeA = await addNode(db, hubId);
    nodeB = await addNode(db, hubId, siteS);
    london = await addFeed(db, nodeA, sig);
    santiago = await addFeed(db, nodeB, sig);
    zones.set(london, 'Europe/London').set(santiago, 'America/Santiago');
  });
  afterAll(() => t.close());

  const clear = async () => {
    const db = t.deps.db;
    for (const table of ['readings', 'readingRollups', 'feedLatest'] as const) await db.deleteFrom(table).where('feedId', 'in', [london, santiago]).execute();
  };
  const stored = () => t.deps.db.selectFrom('readings').select(['feedId', 'ts', 'value']).where('feedId', 'in', [london, santiago]).orderBy('feedId').orderBy('ts').execute();
  const rollups = () =>
    t.deps.db.selectFrom('readingRollups').selectAll().where('feedId', 'in', [london, santiago]).orderBy('feedId').orderBy('grain').orderBy('bucket').execute();
  const latest = () => t.deps.db.selectFrom('feedLatest').selectAll().where('feedId', 'in', [london, santiago]).orderBy('feedId').execute();

  it('keeps every rollup equal to the aggregate of the raw rows, whatever the batches, order and duplicates (property)', async () => {
    // London across its autumn change, Santiago across its spring change (a day whose midnight does not exist).
    const base = { L: Date.parse('2024-10-25T21:00:00Z'), S: Date.parse('2024-09-06T23:00:00Z') };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ s: fc.boolean(), minute: fc.integer({ min: 0, max: 4 * 24 * 60 }), value: fc.integer({ min: -500, max: 500 }) }), { minLength: 1, maxLength: 150 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }),
        async (draws, sizes) => {
          await clear();
          const rows: ReadingInput[] = draws.map((d) => ({ feedId: d.s ? santiago : london, ts: (d.s ? base.S : base.L) + d.minute * MIN, value: d.value / 4 }));
          let accepted = 0;
          let duplicates = 0;
          for (let i = 0, k = 0; i < rows.length; k++) {
            const n = sizes[k % sizes.length]!;
            const r = await storeReadings(t.deps.db, rows.slice(i, i + n));
            accepted += r.accepted;
            duplicates += r.duplicates;
            i += n;
          }
          // The first reading given for a (feed, ts) is the one kept.
          const firsts = new Map<string, ReadingInput>();
          for (const r of rows) if (!firsts.has(`${r.feedId}|${r.ts}`)) firsts.set(`${r.feedId}|${r.ts}`, r);
          expect(accepted).toBe(firsts.size);
          expect(duplicates).toBe(rows.length - firsts.size);
          const raw = await stored();
          expect(raw).toEqual([...firsts.values()].sort((a, b) => (a.feedId < b.feedId ? -1 : a.feedId > b.feedId ? 1 : a.ts - b.ts)));
          const got = await rollups();
          expect(got.map(({ rising: _r, ...rest }) => rest)).toEqual(expectedRollups(raw, (f) => zones.get(f)!));
          // A bucket marked rising really never goes down.
          for (const r of got.filter((g) => g.rising === 1)) {
            const end = r.grain === '15m' ? r.bucket + 15 * MIN : r.grain === '1h' ? r.bucket + HOUR : r.bucket + 26 * HOUR;
            const inside = raw.filter((x) => x.feedId === r.feedId && x.ts >= r.firstTs && x.ts <= r.lastTs && x.ts < end);
            for (let i = 1; i < inside.length; i++) expect(inside[i]!.value).toBeGreaterThanOrEqual(inside[i - 1]!.value);
          }
          // The latest value is the newest reading's.
          const newest = new Map<string, { feedId: string; ts: number; value: number }>();
          for (const r of raw) newest.set(r.feedId, r);
          expect(await latest()).toEqual([...newest.values()].sort((a, b) => (a.feedId < b.feedId ? -1 : 1)));
        },
      ),
      { numRuns: process.env.DATABASE_URL ? 20 : 40 },
    );
  });

  it('is idempotent: a batch stored twice changes nothing, not even with other values', async () => {
    await clear();
    const start = Date.parse('2024-06-01T00:00:00Z');
    const batch = Array.from({ length: 500 }, (_, i) => ({ feedId: i % 2 ? london : santiago, ts: start + i * 7 * MIN, value: Math.sin(i) * 10 }));
    expect(await storeReadings(t.deps.db, batch)).toEqual({ accepted: 500, duplicates: 0 });
    const before = { raw: await stored(), rollups: await rollups(), latest: await latest() };
    expect(await storeReadings(t.deps.db, batch)).toEqual({ accepted: 0, duplicates: 500 });
    expect(await storeReadings(t.deps.db, batch.map((r) => ({ ...r, value: r.value + 100 })))).toEqual({ accepted: 0, duplicates: 500 });
    expect({ raw: await stored(), rollups: await rollups(), latest: await latest() }).toEqual(before);
    // Repeats inside one batch: the first one given is stored.
    const ts = start + DAY * 10;
    expect(await storeReadings(t.deps.db, [{ feedId: london, ts, value: 1 }, { feedId: london, ts, value: 2 }])).toEqual({ accepted: 1, duplicates: 1 });
    expect((await stored()).find((r) => r.ts === ts)?.value).toBe(1);
  });

  it('marks buckets rising exactly when appended in order, and "not known" after an interleaved late reading', async () => {
    await clear();
    const h = Date.parse('2024-06-02T10:00:00Z');
    const at = (m: number, v: number) => ({ feedId: london, ts: h + m * MIN, value: v });
    await storeReadings(t.deps.db, [at(0, 1), at(5, 2)]);
    await storeReadings(t.deps.db, [at(7, 2), at(10, 5)]); // appended, not lower: still rising
    await storeReadings(t.deps.db, [at(20, 6), at(25, 3)]); // a decrease inside the second quarter
    await storeReadings(t.deps.db, [at(31, 1)]); // third quarter holds one reading
    await storeReadings(t.deps.db, [at(30, 0)]); // prepended, not higher: still rising
    const q = async (minute: number) => (await rollups()).find((r) => r.grain === '15m' && r.bucket === h + minute * MIN)!;
    expect((await q(0)).rising).toBe(1);
    expect((await q(15)).rising).toBe(0);
    expect((await q(30)).rising).toBe(1);
    await storeReadings(t.deps.db, [at(3, 1.5)]); // late, between stored readings: not known any more
    expect((await q(0)).rising).toBe(0);
    expect((await rollups()).find((r) => r.grain === '1h' && r.bucket === h)!.rising).toBe(0);
  });

  it('moves nodes and hubs last seen forward only, and feed_latest to the newest reading', async () => {
    await clear();
    const db = t.deps.db;
    await db.updateTable('nodes').set({ lastSeenAt: null }).where('id', 'in', [nodeA, nodeB]).execute();
    await db.updateTable('hubs').set({ lastSeenAt: null }).where('id', '=', hubId).execute();
    const t0 = Date.parse('2024-07-01T00:00:00Z');
    await storeReadings(db, [{ feedId: london, ts: t0, value: 1 }, { feedId: london, ts: t0 + HOUR, value: 2 }, { feedId: santiago, ts: t0 + 2 * HOUR, value: 3 }]);
    const seen = async () => ({
      a: (await db.selectFrom('nodes').select('lastSeenAt').where('id', '=', nodeA).executeTakeFirstOrThrow()).lastSeenAt,
      b: (await db.selectFrom('nodes').select('lastSeenAt').where('id', '=', nodeB).executeTakeFirstOrThrow()).lastSeenAt,
      hub: (await db.selectFrom('hubs').select('lastSeenAt').where('id', '=', hubId).executeTakeFirstOrThrow()).lastSeenAt,
    });
    expect(await seen()).toEqual({ a: t0 + HOUR, b: t0 + 2 * HOUR, hub: t0 + 2 * HOUR });
    // A late, older reading moves nothing back; the route's arrival time moves the hub.
    await storeReadings(db, [{ feedId: london, ts: t0 - DAY, value: 9 }], { seenAt: t0 + 5 * HOUR });
    expect(await seen()).toEqual({ a: t0 + HOUR, b: t0 + 2 * HOUR, hub: t0 + 5 * HOUR });
    expect((await latest()).find((l) => l.feedId === london)).toEqual({ feedId: london, ts: t0 + HOUR, value: 2 });
  });

  it('rebuildRollups recomputes from raw rows: exact rising flags, and days in a changed time zone', async () => {
    await clear();
    const db = t.deps.db;
    const start = Date.parse('2024-03-30T00:00:00Z');
    const rows = Array.from({ length: 300 }, (_, i) => ({ feedId: london, ts: start + i * 11 * MIN, value: i % 50 === 49 ? 0 : i }));
    // Interleaved late readings leave rising flags "not known".
    await storeReadings(db, rows.filter((_, i) => i % 2 === 0));
    await storeReadings(db, rows.filter((_, i) => i % 2 === 1));
    expect((await rollups()).some((r) => r.rising === 0 && r.grain === '1h')).toBe(true);
    const siteId = (await db.selectFrom('nodes').select('siteId').where('id', '=', nodeA).executeTakeFirstOrThrow()).siteId;
    await db.updateTable('sites').set({ timezone: 'Asia/Kolkata' }).where('id', '=', siteId).execute();
    try {
      await rebuildRollups(db, [london]);
      const raw = await stored();
      const got = await rollups();
      expect(got.map(({ rising: _r, ...rest }) => rest)).toEqual(expectedRollups(raw, () => 'Asia/Kolkata'));
      for (const r of got) {
        const inside = raw.filter((x) => x.ts >= r.firstTs && x.ts <= r.lastTs);
        expect(r.rising, `${r.grain} ${r.bucket}`).toBe(inside.every((x, i) => i === 0 || x.value >= inside[i - 1]!.value) ? 1 : 0);
      }
    } finally {
      await db.updateTable('sites').set({ timezone: 'Europe/London' }).where('id', '=', siteId).execute();
    }
  });

  it('refuses unknown feeds and stores nothing of the batch', async () => {
    await clear();
    await expect(storeReadings(t.deps.db, [{ feedId: london, ts: Date.parse('2024-07-01T00:00:00Z'), value: 1 }, { feedId: 'nope', ts: 1, value: 1 }])).rejects.toThrow(/unknown feed/);
    expect(await stored()).toEqual([]);
  });
});

describe('POST /api/ingest and hub API keys', () => {
  let t: TestApp;
  let company: string;
  let hubId: string;
  let otherHub: string;
  let feed: string;
  let counter: string;
  let foreignFeed: string;
  let otherCompanyHub: string;
  let manager: string;
  let user: string;
  let foreignManager: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    company = await addCompany(db);
    const site = await addSite(db, company);
    hubId = await addHub(db, site);
    otherHub = await addHub(db, site);
    const node = await addNode(db, hubId);
    feed = await addFeed(db, node, await addSignalType(db, 'instant'));
    counter = await addFeed(db, node, await addSignalType(db, 'counter'));
    foreignFeed = await addFeed(db, await addNode(db, otherHub), await addSignalType(db, 'instant'));
    const other = await addCompany(db);
    otherCompanyHub = await addHub(db, await addSite(db, other));
    manager = (await memberOf(t.app, db, company, 'manager')).token;
    user = (await memberOf(t.app, db, company, 'user')).token;
    foreignManager = (await memberOf(t.app, db, other, 'manager')).token;
  });
  afterAll(() => t.close());

  const ingest = (body: unknown, key?: string) =>
    t.app.inject({ method: 'POST', url: '/api/ingest', payload: body as object, remoteAddress: freshIp(), headers: key === undefined ? {} : { 'x-api-key': key } });
  const newKey = async (label?: string) => {
    const r = await call(t.app, 'POST', `/api/hubs/${hubId}/api-keys`, label === undefined ? {} : { label }, manager);
    expect(r.status).toBe(201);
    return r.body.data as { id: string; key: string; label: string; createdAt: string };
  };
  const count = async (feedId: string) =>
    Number((await t.deps.db.selectFrom('readings').select((eb) => eb.fn.countAll().as('n')).where('feedId', '=', feedId).executeTakeFirstOrThrow()).n);
  const auditOf = (action: string) => t.deps.db.selectFrom('auditLog').selectAll().where('action', '=', action).where('companyId', '=', company).execute();

  it('a manager creates a key shown once; the list never shows it; both are audited', async () => {
    const k = await newKey('Roof hub');
    expect(k.key).toMatch(/^swk_[A-Za-z0-9_-]{43}$/);
    expect(k).toMatchObject({ id: expect.any(String), label: 'Roof hub', createdAt: expect.stringMatching(/Z$/) });
    const stored = await t.deps.db.selectFrom('hubApiKeys').selectAll().where('id', '=', k.id).executeTakeFirstOrThrow();
    expect(stored.keyHash).toBe(crypto.createHash('sha256').update(k.key).digest('base64url'));
    const list = await call(t.app, 'GET', `/api/hubs/${hubId}/api-keys`, undefined, manager);
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual({ id: k.id, label: 'Roof hub', createdAt: k.createdAt, revokedAt: null });
    expect(JSON.stringify(list.body)).not.toContain(k.key);
    expect((await auditOf('hub-api-key.create')).some((a) => a.detail.includes(k.id))).toBe(true);
  });

  it('stores a batch with ISO and epoch-ms times, then answers duplicates for the same batch', async () => {
    const { key } = await newKey();
    const now = Date.now();
    const body = {
      readings: [
        { feedId: feed, ts: new Date(now - 2 * HOUR).toISOString(), value: 4.5 },
        { feedId: feed, ts: now - HOUR, value: 5.5 },
        { feedId: counter, ts: now - HOUR, value: 1000 },
      ],
    };
    const r = await ingest(body, key);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: { accepted: 3, duplicates: 0 } });
    expect((await ingest(body, key)).json()).toEqual({ data: { accepted: 0, duplicates: 3 } });
    const latest = await t.deps.db.selectFrom('feedLatest').selectAll().where('feedId', '=', feed).executeTakeFirstOrThrow();
    expect(latest).toEqual({ feedId: feed, ts: now - HOUR, value: 5.5 });
    // The hub was seen when the batch arrived.
    const hub = await t.deps.db.selectFrom('hubs').select('lastSeenAt').where('id', '=', hubId).executeTakeFirstOrThrow();
    expect(hub.lastSeenAt).toBeGreaterThanOrEqual(now);
  });

  it('refuses a batch with any bad row whole, naming every bad row, and applies nothing', async () => {
    const { key } = await newKey();
    const now = Date.now();
    const before = { feed: await count(feed), foreign: await count(foreignFeed), rollups: await t.deps.db.selectFrom('readingRollups').selectAll().orderBy('feedId').orderBy('grain').orderBy('bucket').execute() };
    const r = await ingest(
      {
        readings: [
          { feedId: feed, ts: now - 10 * MIN, value: 1 },
          { feedId: foreignFeed, ts: now - 10 * MIN, value: 2 },
          { feedId: feed, ts: now + 6 * MIN, value: 3 },
          { feedId: feed, ts: now - 731 * DAY, value: 4 },
          { feedId: 'no-such-feed', ts: now, value: 5 },
          { feedId: feed, ts: now - 20 * MIN, value: 6 },
        ],
      },
      key,
    );
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('readings.1.feedId') });
    expect(body.details).toEqual([
      { row: 1, field: 'feedId', message: expect.any(String) },
      { row: 2, field: 'ts', message: expect.stringContaining('future') },
      { row: 3, field: 'ts', message: expect.stringContaining('2 years') },
      { row: 4, field: 'feedId', message: expect.any(String) },
    ]);
    expect(await count(feed)).toBe(before.feed);
    expect(await count(foreignFeed)).toBe(before.foreign);
    expect(await t.deps.db.selectFrom('readingRollups').selectAll().orderBy('feedId').orderBy('grain').orderBy('bucket').execute()).toEqual(before.rollups);
  });

  it('names rows the contract refuses (value not a number, unknown field, bad time) in the same shape', async () => {
    const { key } = await newKey();
    const r = await ingest({ readings: [{ feedId: feed, ts: Date.now(), value: 1 }, { feedId: feed, ts: 'yesterday', value: 'x' }, { feedId: feed, ts: Date.now(), value: 1, extra: 1 }] }, key);
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.message).toContain('readings.1.');
    expect(body.details).toEqual(expect.arrayContaining([
      expect.objectContaining({ row: 1, field: 'ts' }),
      expect.objectContaining({ row: 1, field: 'value' }),
      expect.objectContaining({ row: 2, field: 'extra' }),
    ]));
    // Whole-body problems name the field.
    const empty = await ingest({ readings: [] }, key);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('readings');
  });

  it('is 401 without a key, with an unknown key and with a revoked key', async () => {
    const body = { readings: [{ feedId: feed, ts: Date.now(), value: 1 }] };
    for (const key of [undefined, '', 'swk_unknown', 'x'.repeat(5000)]) {
      const r = await ingest(body, key);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ message: expect.any(String), code: 'invalid_api_key' });
    }
    const k = await newKey('to revoke');
    expect((await ingest(body, k.key)).statusCode).toBe(200);
    const del = await call(t.app, 'DELETE', `/api/hubs/${hubId}/api-keys/${k.id}`, undefined, manager);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: k.id, revokedAt: expect.stringMatching(/Z$/) });
    expect((await ingest(body, k.key)).statusCode).toBe(401);
    // Revoking again changes nothing and is not audited twice.
    const again = await call(t.app, 'DELETE', `/api/hubs/${hubId}/api-keys/${k.id}`, undefined, manager);
    expect(again.body.data.revokedAt).toBe(del.body.data.revokedAt);
    expect((await auditOf('hub-api-key.revoke')).filter((a) => a.detail.includes(k.id))).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/hubs/${hubId}/api-keys/no-such-key`, undefined, manager)).status).toBe(404);
  });

  it('checks the key before it reads the body: without one, even a large broken body is a 401, not a parse error', async () => {
    const junk = `{"readings":[${'x'.repeat(3 * 1024 * 1024)}`;
    for (const headers of [{}, { 'x-api-key': 'swk_unknown' }]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/ingest', payload: junk, headers: { 'content-type': 'application/json', ...headers } });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ code: 'invalid_api_key' });
    }
  });

  it("a hub's key only reaches that hub's feeds", async () => {
    const r = await call(t.app, 'POST', `/api/hubs/${otherHub}/api-keys`, {}, manager);
    const res = await ingest({ readings: [{ feedId: feed, ts: Date.now(), value: 1 }] }, r.body.data.key);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ row: 0, field: 'feedId', message: expect.any(String) }]);
  });

  it('key management: 403 for a member without manager rights, 404 for another company, admins may', async () => {
    for (const [method, url] of [['POST', `/api/hubs/${hubId}/api-keys`], ['GET', `/api/hubs/${hubId}/api-keys`], ['DELETE', `/api/hubs/${hubId}/api-keys/x`]] as const) {
      const u = await call(t.app, method, url, method === 'POST' ? {} : undefined, user);
      expect(u.status).toBe(403);
      const f = await call(t.app, method, url, method === 'POST' ? {} : undefined, foreignManager);
      expect(f.status).toBe(404);
      expect(f.body).toEqual({ message: expect.any(String), code: 'not_found' });
      expect((await call(t.app, method, url, method === 'POST' ? {} : undefined)).status).toBe(401);
    }
    expect((await call(t.app, 'GET', `/api/hubs/${otherCompanyHub}/api-keys`, undefined, manager)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/hubs/no-such-hub/api-keys', undefined, manager)).status).toBe(404);
    // Admins manage the keys of the company they act for (switch-company), under the hubs resource's one scope rule.
    const admin = await signInAdmin(t.app);
    expect((await call(t.app, 'POST', `/api/hubs/${otherCompanyHub}/api-keys`, { label: 'by admin' }, admin.accessToken)).status).toBe(400);
    const { companyId: otherCompany } = await t.deps.db.selectFrom('hubs').select('companyId').where('id', '=', otherCompanyHub).executeTakeFirstOrThrow();
    const actingFor = (await call(t.app, 'POST', '/api/switch-company', { companyId: otherCompany }, admin.accessToken)).body.data.accessToken;
    const created = await call(t.app, 'POST', `/api/hubs/${otherCompanyHub}/api-keys`, { label: 'by admin' }, actingFor);
    expect(created.status).toBe(201);
    // A company shadow acts as that company's manager, so it may too; it stays inside that company.
    const shadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: company }, admin.accessToken)).body.data;
    expect((await call(t.app, 'GET', `/api/hubs/${hubId}/api-keys`, undefined, shadow.accessToken)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/hubs/${otherCompanyHub}/api-keys`, undefined, shadow.accessToken)).status).toBe(404);
  });
});
