import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { buildTestApp, call, freshIp, signInAdmin, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from './readings-fixtures';
import type { Db } from '../../server/db/database';
import { listNodes } from '../../server/db/nodes.repository';
import { DEVICE_TYPES as WORLD_DEVICE_TYPES } from '../../server/seed/patterns';
import { DEVICE_TYPES, node } from '../../src/api/contract/nodes';
import { hub } from '../../src/api/contract/hubs';
import { feed } from '../../src/api/contract/feeds';
import { signalType } from '../../src/api/contract/signal-types';
import { listAnswer } from '../../src/api/contract/list';

/**
 * What the generic resource suite (resources.test.ts) cannot say about hubs, nodes, feeds and signal types: the rows
 * they name must be the company's, what moves with what, hub status and keys, tags, the safe range driving every
 * out-of-range judgement, built-in signal types, and the node list at 50,000 nodes.
 */
describe('device resources', () => {
  let t: TestApp;
  let db: Db;
  let company: string;
  let other: string;
  let siteA: string;
  let siteB: string;
  let foreignSite: string;
  let manager: string;
  let user: string;
  let foreignManager: string;
  let admin: { accessToken: string };
  const get = (url: string, token = manager) => call(t.app, 'GET', url, undefined, token);
  const post = (url: string, body: unknown, token = manager) => call(t.app, 'POST', url, body, token);
  const put = (url: string, body: unknown, token = manager) => call(t.app, 'PUT', url, body, token);
  const del = (url: string, token = manager) => call(t.app, 'DELETE', url, undefined, token);
  let n = 0;
  const uniq = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 7)}`;
  const fieldsOf = (body: unknown) => (body as { details: { path: string }[] }).details.map((d) => d.path);

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.deps.db;
    company = await addCompany(db);
    other = await addCompany(db);
    siteA = await addSite(db, company, { name: 'Alpha House' });
    siteB = await addSite(db, company, { name: 'Beta Court' });
    foreignSite = await addSite(db, other);
    manager = (await memberOf(t.app, db, company, 'manager')).token;
    user = (await memberOf(t.app, db, company, 'user')).token;
    foreignManager = (await memberOf(t.app, db, other, 'manager')).token;
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const newHub = async (siteId = siteA, body: Record<string, unknown> = {}) => {
    const r = await post('/api/hubs', { siteId, serial: uniq('HUB'), name: uniq('Hub'), ...body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return hub.parse(r.body.data);
  };
  const newNode = async (hubId: string, body: Record<string, unknown> = {}) => {
    const r = await post('/api/nodes', { hubId, name: uniq('Node'), serial: uniq('N'), deviceType: 'Temperature & Humidity', ...body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return node.parse(r.body.data);
  };
  const newFeed = async (nodeId: string, signalTypeId: string, body: Record<string, unknown> = {}) => {
    const r = await post('/api/feeds', { nodeId, signalTypeId, name: uniq('Feed'), ...body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return feed.parse(r.body.data);
  };
  const newTag = async (name = uniq('Tag'), token = manager) => {
    const r = await post('/api/node-tags', { name, colour: '#112233' }, token);
    expect(r.status).toBe(201);
    return r.body.data as { id: string; name: string; colour: string };
  };
  const feedTotal = async (query: string) => listAnswer(feed).parse((await get(`/api/feeds?${query}`)).body).total;
  const actingFor = async (companyId: string) =>
    (await post('/api/switch-company', { companyId }, admin.accessToken)).body.data.accessToken as string;
  const shadowOf = async (companyId: string) =>
    (await post('/api/shadow-company', { companyId }, admin.accessToken)).body.data.accessToken as string;

  describe('hubs', () => {
    it("creates a hub at a site of the company; a foreign site is 400 naming siteId, another company's serial 400 naming serial", async () => {
      const made = await newHub(siteA, { firmware: undefined });
      expect(made).toMatchObject({ siteId: siteA, siteName: 'Alpha House', firmware: '', lastSeenAt: null, status: 'never', nodeCount: 0, keyCount: 0 });
      const foreign = await post('/api/hubs', { siteId: foreignSite, serial: uniq('HUB'), name: 'Theirs' });
      expect(foreign).toMatchObject({ status: 400, body: { code: 'bad_request' } });
      expect(fieldsOf(foreign.body)).toEqual(['siteId']);
      const theirHub = await addHub(db, foreignSite);
      const theirSerial = (await db.selectFrom('hubs').select('serial').where('id', '=', theirHub).executeTakeFirstOrThrow()).serial;
      for (const r of [
        await post('/api/hubs', { siteId: siteA, serial: theirSerial, name: 'Clash' }),
        await put(`/api/hubs/${made.id}`, { serial: theirSerial }),
      ]) {
        // Never "already registered": that would confirm the hub exists elsewhere (hub-serials.test.ts has the rest).
        expect(r).toMatchObject({ status: 400, body: { code: 'bad_request' } });
        expect(fieldsOf(r.body)).toEqual(['serial']);
      }
      // Its own serial again is no clash.
      expect((await put(`/api/hubs/${made.id}`, { serial: made.serial, firmware: '3.1' })).body.data).toMatchObject({ serial: made.serial, firmware: '3.1' });
    });

    it('is online when seen within 3 reporting periods, offline after, never before its first report', async () => {
      const made = await newHub();
      const status = async () => hub.parse((await get(`/api/hubs/${made.id}`)).body.data).status;
      expect(await status()).toBe('never');
      await db.updateTable('hubs').set({ lastSeenAt: Date.now() - 40 * 60_000 }).where('id', '=', made.id).execute();
      expect(await status()).toBe('online');
      await db.updateTable('hubs').set({ lastSeenAt: Date.now() - 46 * 60_000 }).where('id', '=', made.id).execute();
      expect(await status()).toBe('offline');
    });

    it('moves its nodes to its new site, keeps their feeds, and refuses to be deleted while it has nodes', async () => {
      const made = await newHub(siteA);
      const behind = await newNode(made.id);
      const type = await addSignalType(db, 'instant');
      const f = await newFeed(behind.id, type);
      const moved = hub.parse((await put(`/api/hubs/${made.id}`, { siteId: siteB })).body.data);
      expect(moved).toMatchObject({ siteId: siteB, siteName: 'Beta Court', nodeCount: 1 });
      expect(node.parse((await get(`/api/nodes/${behind.id}`)).body.data)).toMatchObject({ siteId: siteB, siteName: 'Beta Court', feedCount: 1 });
      expect(feed.parse((await get(`/api/feeds/${f.id}`)).body.data)).toMatchObject({ nodeId: behind.id, siteId: siteB });
      const refused = await del(`/api/hubs/${made.id}`);
      expect(refused).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'nodes', count: 1, names: [behind.name] } } });
    });

    it('filters by siteId', async () => {
      const a = await newHub(siteA);
      const b = await newHub(siteB);
      const ids = (await get(`/api/hubs?siteId=${siteB}&limit=1000`)).body.data.map((h: { id: string }) => h.id);
      expect(ids).toContain(b.id);
      expect(ids).not.toContain(a.id);
    });

    it("keeps the API key routes' paths and answers under the resource's rules, counts live keys, and audits with both identities", async () => {
      const made = await newHub();
      const key = await post(`/api/hubs/${made.id}/api-keys`, { label: 'Roof' });
      expect(key.status).toBe(201);
      expect(key.body.data).toEqual({ id: expect.any(String), key: expect.stringMatching(/^swk_/), label: 'Roof', createdAt: expect.any(String) });
      expect(hub.parse((await get(`/api/hubs/${made.id}`)).body.data).keyCount).toBe(1);
      expect((await get(`/api/hubs/${made.id}/api-keys`)).body.data).toEqual([{ id: key.body.data.id, label: 'Roof', createdAt: key.body.data.createdAt, revokedAt: null }]);
      expect((await del(`/api/hubs/${made.id}/api-keys/${key.body.data.id}`)).body.data.revokedAt).toEqual(expect.any(String));
      expect(hub.parse((await get(`/api/hubs/${made.id}`)).body.data).keyCount).toBe(0);

      // Readers of hubs may not see keys; another company's hub is 404 as for every other verb of the resource.
      expect((await get(`/api/hubs/${made.id}`, user)).status).toBe(200);
      expect((await get(`/api/hubs/${made.id}/api-keys`, user)).status).toBe(403);
      expect((await get(`/api/hubs/${made.id}/api-keys`, foreignManager)).status).toBe(404);
      expect((await get(`/api/hubs/${made.id}`, foreignManager)).status).toBe(404);
      // An admin acts for a company like everyone else; outside any company there is none to act for.
      expect((await post(`/api/hubs/${made.id}/api-keys`, {}, admin.accessToken)).status).toBe(400);
      expect((await post(`/api/hubs/${made.id}/api-keys`, {}, await actingFor(company))).status).toBe(201);

      const before = await db.selectFrom('auditLog').select(({ fn }) => fn.max('id').as('id')).executeTakeFirst();
      const shadowKey = await post(`/api/hubs/${made.id}/api-keys`, { label: 'by shadow' }, await shadowOf(company));
      expect(shadowKey.status).toBe(201);
      const rows = await db.selectFrom('auditLog').selectAll().where('id', '>', Number(before?.id ?? 0)).where('action', 'not like', 'shadow.start').execute();
      expect(rows).toEqual([expect.objectContaining({ action: 'hub-api-key.create', companyId: company, shadow: 'company', detail: expect.stringContaining(shadowKey.body.data.id) })]);
    });
  });

  describe('nodes', () => {
    it('knows every device type the demo world uses', () => {
      expect(DEVICE_TYPES).toEqual(expect.arrayContaining([...WORLD_DEVICE_TYPES]));
      expect(DEVICE_TYPES).toEqual(expect.arrayContaining(['Pulse Logger', 'Fridge Probe', 'Temperature & Humidity', 'Emergency Light']));
    });

    it("takes its site from its hub; tags must be the company's and are replaced on change (kept when left out)", async () => {
      const h = await newHub(siteB);
      const [t1, t2] = [await newTag('Zulu'), await newTag('Alpha')];
      const made = await newNode(h.id, { tagIds: [t1.id, t2.id, t1.id] });
      expect(made).toMatchObject({ hubId: h.id, hubName: h.name, siteId: siteB, siteName: 'Beta Court', batteryPct: null, signalDbm: null, lastSeenAt: null, feedCount: 0 });
      expect(made.tags).toEqual([t2, t1].map(({ id, name, colour }) => ({ id, name, colour })));
      expect(node.parse((await put(`/api/nodes/${made.id}`, { name: 'Renamed' })).body.data).tags.map((x) => x.id)).toEqual([t2.id, t1.id]);
      expect(node.parse((await put(`/api/nodes/${made.id}`, { tagIds: [t1.id] })).body.data).tags.map((x) => x.id)).toEqual([t1.id]);
      expect(node.parse((await put(`/api/nodes/${made.id}`, { tagIds: [] })).body.data).tags).toEqual([]);
      const theirTag = await newTag(uniq('Theirs'), foreignManager);
      for (const r of [await put(`/api/nodes/${made.id}`, { tagIds: [t1.id, theirTag.id] }), await post('/api/nodes', { hubId: h.id, name: 'X', serial: 'X', deviceType: 'Pulse Logger', tagIds: [theirTag.id] })]) {
        expect(r.status).toBe(400);
        expect(fieldsOf(r.body)).toEqual(['tagIds']);
      }
      expect(node.parse((await get(`/api/nodes/${made.id}`)).body.data).tags).toEqual([]);
      const foreignHub = await addHub(db, foreignSite);
      const r = await put(`/api/nodes/${made.id}`, { hubId: foreignHub });
      expect(r.status).toBe(400);
      expect(fieldsOf(r.body)).toEqual(['hubId']);
    });

    it('moves to another hub with its site, and its feeds stay; refuses to be deleted while it has feeds', async () => {
      const [h1, h2] = [await newHub(siteA), await newHub(siteB)];
      const made = await newNode(h1.id);
      const f = await newFeed(made.id, await addSignalType(db, 'instant'));
      const moved = node.parse((await put(`/api/nodes/${made.id}`, { hubId: h2.id })).body.data);
      expect(moved).toMatchObject({ hubId: h2.id, hubName: h2.name, siteId: siteB, siteName: 'Beta Court', feedCount: 1 });
      expect(feed.parse((await get(`/api/feeds/${f.id}`)).body.data)).toMatchObject({ nodeId: made.id, siteId: siteB, siteName: 'Beta Court' });
      expect(await feedTotal(`siteId=${siteB}&nodeId=${made.id}`)).toBe(1);
      const refused = await del(`/api/nodes/${made.id}`);
      expect(refused).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'feeds', count: 1, names: [f.name] } } });
    });

    it('filters by siteId, hubId and tagId, and sorts by name, deviceType, hubName, siteName and lastSeenAt', async () => {
      const prefix = uniq('Sortable');
      const [h1, h2] = [await newHub(siteB, { name: `${prefix} hub b` }), await newHub(siteA, { name: `${prefix} hub a` })];
      const tag = await newTag();
      const made = [
        await newNode(h1.id, { name: `${prefix} c`, deviceType: 'Pulse Logger', tagIds: [tag.id] }),
        await newNode(h2.id, { name: `${prefix} a`, deviceType: 'Fridge Probe' }),
        await newNode(h1.id, { name: `${prefix} b`, deviceType: 'Emergency Light', tagIds: [tag.id] }),
      ];
      await db.updateTable('nodes').set({ lastSeenAt: Date.now() - 1000 }).where('id', '=', made[0]!.id).execute();
      await db.updateTable('nodes').set({ lastSeenAt: Date.now() - 5000 }).where('id', '=', made[2]!.id).execute();
      await db.updateTable('nodes').set({ lastSeenAt: Date.now() - 3000 }).where('id', '=', made[1]!.id).execute();
      const names = async (query: string) =>
        listAnswer(node).parse((await get(`/api/nodes?q=${encodeURIComponent(prefix)}&${query}`)).body).data.map((x) => x.name.slice(prefix.length + 1));
      expect(await names('sort=name')).toEqual(['a', 'b', 'c']);
      expect(await names('sort=-name')).toEqual(['c', 'b', 'a']);
      expect(await names('sort=deviceType')).toEqual(['b', 'a', 'c']);
      // b and c share a hub and a site, so only a's place is fixed by those sorts.
      expect((await names('sort=hubName'))[0]).toBe('a');
      expect((await names('sort=-hubName'))[2]).toBe('a');
      expect((await names('sort=siteName'))[0]).toBe('a');
      expect((await names('sort=-siteName'))[2]).toBe('a');
      expect(await names('sort=-lastSeenAt')).toEqual(['c', 'a', 'b']);
      expect(await names(`siteId=${siteA}`)).toEqual(['a']);
      expect(await names(`hubId=${h1.id}`)).toEqual(['b', 'c']);
      expect(await names(`tagId=${tag.id}&sort=-name`)).toEqual(['c', 'b']);
      expect((await get('/api/nodes?hubId=x&tagId=y&siteId=z')).body).toEqual({ data: [], total: 0 });
    });
  });

  describe('feeds', () => {
    it("answers the names around it and refuses another company's node or signal type (400 naming the field)", async () => {
      const h = await newHub(siteA);
      const nd = await newNode(h.id);
      const builtIn = await addSignalType(db, 'counter', 'kWh');
      const made = await newFeed(nd.id, builtIn, { low: null, high: 100 });
      const typeName = (await db.selectFrom('signalTypes').select('name').where('id', '=', builtIn).executeTakeFirstOrThrow()).name;
      expect(made).toMatchObject({
        nodeId: nd.id, nodeName: nd.name, siteId: siteA, siteName: 'Alpha House', signalTypeId: builtIn, signalTypeName: typeName, unit: 'kWh', kind: 'counter', low: null, high: 100,
      });
      const own = signalType.parse((await post('/api/signal-types', { key: `own_${n++}_${Date.now()}`, name: 'Flow', unit: 'L/min', kind: 'instant' })).body.data);
      expect((await newFeed(nd.id, own.id)).signalTypeName).toBe('Flow');
      const theirs = signalType.parse((await post('/api/signal-types', { key: `theirs_${n++}_${Date.now()}`, name: 'Theirs', unit: 'x', kind: 'instant' }, foreignManager)).body.data);
      const theirNode = await addNode(db, await addHub(db, foreignSite));
      const refused: [Record<string, string>, string][] = [[{ signalTypeId: theirs.id }, 'signalTypeId'], [{ nodeId: theirNode }, 'nodeId']];
      for (const [body, field] of refused) {
        const r = await post('/api/feeds', { nodeId: nd.id, signalTypeId: builtIn, name: 'X', ...body });
        expect(r.status).toBe(400);
        expect(fieldsOf(r.body)).toEqual([field]);
        expect(fieldsOf((await put(`/api/feeds/${made.id}`, body)).body)).toEqual([field]);
      }
      expect(await feedTotal(`signalTypeId=${own.id}`)).toBe(1);
      expect(await feedTotal(`nodeId=${nd.id}`)).toBe(2);
    });

    it('keeps low below high, also when a change gives one end and the other is stored; null clears an end', async () => {
      const nd = await newNode((await newHub()).id);
      const made = await newFeed(nd.id, await addSignalType(db, 'instant'), { low: 2, high: 8 });
      for (const body of [{ low: 8 }, { high: 2 }, { low: 9, high: 3 }]) {
        const r = await put(`/api/feeds/${made.id}`, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(fieldsOf(r.body)).toContain('high');
      }
      expect(feed.parse((await put(`/api/feeds/${made.id}`, { high: null })).body.data)).toMatchObject({ low: 2, high: null });
      expect(feed.parse((await put(`/api/feeds/${made.id}`, { low: 20 })).body.data)).toMatchObject({ low: 20, high: null });
      const stored = await db.selectFrom('feeds').select(['rangeMin', 'rangeMax']).where('id', '=', made.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ rangeMin: 20, rangeMax: null });
    });

    it('refuses to delete a feed with readings (409 naming their count), and deletes one without, leaving nothing behind', async () => {
      const h = await newHub();
      const nd = await newNode(h.id);
      const type = await addSignalType(db, 'instant');
      const [kept, gone] = [await newFeed(nd.id, type), await newFeed(nd.id, type)];
      const key = (await post(`/api/hubs/${h.id}/api-keys`, {})).body.data.key as string;
      const now = Date.now();
      const r = await t.app.inject({
        method: 'POST', url: '/api/ingest', remoteAddress: freshIp(), headers: { 'x-api-key': key },
        payload: { readings: [{ feedId: kept.id, ts: now - 120_000, value: 1 }, { feedId: kept.id, ts: now - 60_000, value: 2 }] },
      });
      expect(r.statusCode).toBe(200);
      expect(await del(`/api/feeds/${kept.id}`)).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'readings', count: 2 } } });
      expect((await del(`/api/feeds/${gone.id}`)).status).toBe(200);
      for (const table of ['readings', 'readingRollups', 'feedLatest'] as const) {
        expect(await db.selectFrom(table).select('feedId').where('feedId', '=', gone.id).execute()).toEqual([]);
      }
    });

    it("drives out of range everywhere: the feed's low/high first, else the site's fridge range (2–8 °C)", async () => {
      const site = await addSite(db, company, { name: uniq('Range site') });
      const h = await newHub(site);
      const key = (await post(`/api/hubs/${h.id}/api-keys`, {})).body.data.key as string;
      const room = await newNode(h.id, { deviceType: 'Temperature & Humidity' });
      const fridge = await newNode(h.id, { deviceType: 'Fridge Probe' });
      // The fridge rule knows the built-in temperature type by its key.
      await db
        .insertInto('signalTypes')
        .values({ id: 'st-temperature', key: 'temperature', name: 'Temperature', unit: '°C', kind: 'instant', companyId: null })
        // Built-in keys are unique among built-ins (the partial index signal_types_builtin_key), as the seed writes them.
        .onConflict((oc) => oc.column('key').where('companyId', 'is', null).doNothing())
        .execute();
      const temperature = (await db.selectFrom('signalTypes').select('id').where('key', '=', 'temperature').where('companyId', 'is', null).executeTakeFirstOrThrow()).id;
      const roomFeed = await newFeed(room.id, temperature, { low: 15, high: 25 });
      const fridgeFeed = await newFeed(fridge.id, temperature);
      const ingest = async (feedId: string, value: number) => {
        const r = await t.app.inject({ method: 'POST', url: '/api/ingest', remoteAddress: freshIp(), headers: { 'x-api-key': key }, payload: { readings: [{ feedId, ts: Date.now() - 1000 * ++n, value }] } });
        expect(r.statusCode).toBe(200);
      };
      const judged = async () => {
        const dash = (await get('/api/dashboard')).body.data.sites.find((s: { id: string }) => s.id === site);
        const nodes = (await get(`/api/site-dashboard/${site}/nodes`)).body.data as { feeds: { id: string; rangeMin: number | null; rangeMax: number | null }[] }[];
        const feeds = new Map(nodes.flatMap((x) => x.feeds).map((f) => [f.id, [f.rangeMin, f.rangeMax]]));
        const inRange = new Map((dash.latest as { feedId: string; inRange: boolean | null }[]).map((l) => [l.feedId, l.inRange]));
        return { outOfRange: dash.outOfRangeFeeds as number, room: [inRange.get(roomFeed.id), ...feeds.get(roomFeed.id)!], fridge: [inRange.get(fridgeFeed.id), ...feeds.get(fridgeFeed.id)!] };
      };
      await ingest(roomFeed.id, 30);
      await ingest(fridgeFeed.id, 9);
      expect(await judged()).toEqual({ outOfRange: 2, room: [false, 15, 25], fridge: [false, 2, 8] });
      await put(`/api/feeds/${roomFeed.id}`, { high: 35 });
      await put(`/api/feeds/${fridgeFeed.id}`, { low: 1, high: 10 });
      expect(await judged()).toEqual({ outOfRange: 0, room: [true, 15, 35], fridge: [true, 1, 10] });
      // Without its own range the fridge is judged by the site's again.
      await put(`/api/feeds/${fridgeFeed.id}`, { low: null, high: null });
      expect(await judged()).toEqual({ outOfRange: 1, room: [true, 15, 35], fridge: [false, 2, 8] });
    });
  });

  describe('signal types', () => {
    it('lists the built-in types in every company, with the feed count of the caller\'s company', async () => {
      const builtIn = await addSignalType(db, 'instant');
      const nd = await newNode((await newHub()).id);
      await newFeed(nd.id, builtIn);
      await addFeed(db, await addNode(db, await addHub(db, foreignSite)), builtIn);
      await addFeed(db, await addNode(db, await addHub(db, foreignSite)), builtIn);
      for (const [token, count] of [[manager, 1], [foreignManager, 2], [user, 1]] as const) {
        const one = signalType.parse((await get(`/api/signal-types/${builtIn}`, token)).body.data);
        expect(one).toMatchObject({ id: builtIn, builtIn: true, feedCount: count });
        const list = listAnswer(signalType).parse((await get(`/api/signal-types?q=${builtIn}`, token)).body);
        expect(list.data.map((x) => x.id)).toEqual([builtIn]);
      }
    });

    it('lets only a platform admin change or delete a built-in type; managers and company shadows get 403', async () => {
      const builtIn = await addSignalType(db, 'instant');
      const nd = await newNode((await newHub()).id);
      await newFeed(nd.id, builtIn);
      for (const token of [manager, await shadowOf(company)]) {
        expect((await put(`/api/signal-types/${builtIn}`, { name: 'Mine now' }, token)).status).toBe(403);
        expect((await del(`/api/signal-types/${builtIn}`, token)).status).toBe(403);
      }
      const asAdmin = await actingFor(company);
      expect(signalType.parse((await put(`/api/signal-types/${builtIn}`, { name: 'Renamed by the platform' }, asAdmin)).body.data)).toMatchObject({ name: 'Renamed by the platform', builtIn: true });
      expect(await del(`/api/signal-types/${builtIn}`, asAdmin)).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'feeds', count: 1 } } });
      const unused = await addSignalType(db, 'counter');
      expect((await del(`/api/signal-types/${unused}`, asAdmin)).status).toBe(200);
    });

    it("keeps keys unique (409 naming key) against built-in types and the company's own; another company may repeat one", async () => {
      const builtInKey = `platform_${Date.now()}`;
      await db.insertInto('signalTypes').values({ id: builtInKey, key: builtInKey, name: 'Platform', unit: '', kind: 'instant', companyId: null }).execute();
      const mine = `mine_${Date.now()}`;
      const theirs = `theirs_${Date.now()}`;
      expect((await post('/api/signal-types', { key: mine, name: 'Mine', unit: '', kind: 'counter' })).status).toBe(201);
      expect((await post('/api/signal-types', { key: theirs, name: 'Theirs', unit: '', kind: 'counter' }, foreignManager)).status).toBe(201);
      // Keys are unique per company: another company's key is free here.
      expect((await post('/api/signal-types', { key: theirs, name: 'Ours too', unit: '', kind: 'counter' })).status).toBe(201);
      for (const key of [builtInKey, mine]) {
        const r = await post('/api/signal-types', { key, name: 'Clash', unit: '', kind: 'instant' });
        expect(r).toMatchObject({ status: 409, body: { code: 'duplicate' } });
        expect(fieldsOf(r.body)).toEqual(['key']);
      }
      // A company's own type is written by its managers, whoever else can read it.
      const own = (await get(`/api/signal-types?q=${mine}`)).body.data[0] as { id: string };
      expect((await put(`/api/signal-types/${own.id}`, { key: mine, unit: 'kWh' })).body.data).toMatchObject({ key: mine, unit: 'kWh', builtIn: false });
      expect((await put(`/api/signal-types/${own.id}`, { unit: 'x' }, user)).status).toBe(403);
      expect((await get(`/api/signal-types/${own.id}`, foreignManager)).status).toBe(404);
    });
  });

  describe('the node list at 50,000 nodes', () => {
    let big: string;
    let hubs: string[];
    let tag: string;
    beforeAll(async () => {
      big = await addCompany(db);
      const sites = [await addSite(db, big), await addSite(db, big)];
      hubs = [];
      for (let i = 0; i < 20; i++) hubs.push(await addHub(db, sites[i % 2]!));
      tag = 'big-tag';
      await db.insertInto('nodeTags').values({ id: tag, companyId: big, name: 'Big', colour: '#000000' }).execute();
      const type = await addSignalType(db, 'instant');
      const now = Date.now();
      for (let b = 0; b < 50; b++) {
        const rows = Array.from({ length: 1000 }, (_, j) => {
          const i = b * 1000 + j;
          const hubId = hubs[i % 20]!;
          return {
            id: `big-${i}`, hubId, siteId: sites[i % 2]!, companyId: big, name: `Node ${(i * 7919) % 50_000}`, serial: `B${i}`,
            deviceType: DEVICE_TYPES[i % 4]!, batteryPct: 80, signalDbm: -70, lastSeenAt: now - i, createdAt: now,
          };
        });
        await db.insertInto('nodes').values(rows).execute();
        await db.insertInto('nodeTagLinks').values(rows.filter((_, j) => j % 10 === 0).map((r) => ({ nodeId: r.id, tagId: tag }))).execute();
        await db.insertInto('feeds').values(rows.filter((_, j) => j % 2 === 0).map((r) => ({ id: `${r.id}-f`, nodeId: r.id, companyId: big, signalTypeId: type, name: 'T', rangeMin: null, rangeMax: null }))).execute();
      }
      await sql`ANALYZE`.execute(db);
    }, 120_000);

    /** What a call runs: the statements executed, and every query compiled on the way (subqueries included). */
    const recording = () => {
      const compiled: { sql: string; parameters: readonly unknown[] }[] = [];
      const statements = { length: 0 };
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          const c = db.getExecutor().compileQuery(args.node, args.queryId);
          compiled.push({ sql: c.sql, parameters: c.parameters });
          return args.node;
        },
        transformResult: async (args) => {
          statements.length++;
          return args.result;
        },
      };
      return { db: db.withPlugin(plugin), statements, compiled };
    };

    it('answers any page, filter and sort in five statements, with the tags and feed counts of the page', async () => {
      for (const query of [
        { offset: 0, limit: 100 }, { offset: 49_900, limit: 100 }, { offset: 0, limit: 1000, sort: '-lastSeenAt' as const },
        { offset: 0, limit: 100, sort: 'hubName' as const, tagId: tag }, { offset: 0, limit: 100, siteId: 'none' },
      ]) {
        const r = recording();
        const page = await listNodes(r.db, big, query);
        expect(r.statements.length, JSON.stringify(query)).toBeLessThanOrEqual(5);
        // A page that is not full tells the total itself (an empty first page: one statement, no count).
        expect(r.statements.length).toBeGreaterThanOrEqual(query.siteId ? 1 : 2);
        if (query.siteId) {
          expect(page).toEqual({ data: [], total: 0 });
          continue;
        }
        expect(page.total).toBe(query.tagId ? 5000 : 50_000);
        expect(page.data).toHaveLength(query.limit);
        for (const x of page.data) {
          const i = Number(x.id.slice(4));
          expect(x.feedCount).toBe(i % 2 === 0 ? 1 : 0);
          expect(x.tags.map((tg) => tg.id)).toEqual(i % 10 === 0 ? [tag] : []);
        }
      }
      const first = await listNodes(db, big, { offset: 0, limit: 3 });
      expect(first.data.map((x) => x.name)).toEqual(['Node 0', 'Node 1', 'Node 10']);
    });

    it.skipIf(Boolean(process.env.DATABASE_URL))('reads the default page off the (company, name, …, serial) index on SQLite, without sorting the company', async () => {
      const r = recording();
      await listNodes(r.db, big, { offset: 0, limit: 100 });
      const page = r.compiled.find((x) => /order by/i.test(x.sql) && /limit/i.test(x.sql))!;
      // sql.raw binds nothing, so the plan is asked for with the values written in.
      const literal = page.parameters.reduce<string>((text, p) => text.replace('?', typeof p === 'number' ? String(p) : `'${String(p)}'`), page.sql);
      const details = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(literal)}`.execute(db)).rows.map((x) => x.detail).join(' | ');
      expect(details).toContain('nodes_company_search');
      expect(details).not.toContain('TEMP B-TREE');
    });

    it.skipIf(Boolean(process.env.DATABASE_URL))('filters by name and serial inside that index on SQLite, reading no node row', async () => {
      const r = recording();
      const page = await listNodes(r.db, big, { offset: 0, limit: 100, q: 'node 49 b4' });
      expect(page.total).toBeGreaterThan(0);
      // Every word in the name or the serial.
      const matches = (x: { name: string; serial: string }) => ['node', '49', 'b4'].every((w) => `${x.name}\n${x.serial}`.toLowerCase().includes(w));
      expect(page.data.every(matches)).toBe(true);
      for (const c of r.compiled.filter((x) => /like/i.test(x.sql))) {
        const literal = c.parameters.reduce<string>((text, p) => text.replace('?', typeof p === 'number' ? String(p) : `'${String(p)}'`), c.sql);
        const details = (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(literal)}`.execute(db)).rows.map((x) => x.detail).join(' | ');
        expect(details).toContain('COVERING INDEX nodes_company_search');
      }
    });
  });
});
