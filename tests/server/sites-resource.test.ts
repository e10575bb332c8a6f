import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAnswer } from '../../src/api/contract/list';
import { siteBasicInfo, sitesResponse } from '../../src/api/contract/monitoring';
import { site, type Site } from '../../src/api/contract/sites';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';

// What the generic resource suite cannot know about sites: the coordinates as people type them, IANA time zones,
// the sub-site tree (no cycles, no parent in another company), what keeps a site from being deleted, and
// GET /api/sites staying the list the dashboards read.
describe('the sites resource', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const tok = { manager: '', harbour: '', admin: '', user: '' };
  let n = 0;
  const unique = (prefix = 'Site') => `${prefix} ${++n} ${Math.random().toString(36).slice(2, 7)}`;

  beforeAll(async () => {
    t = await buildTestApp();
    await seedSmallWorld(t.deps);
    ids = await demoIds(t.deps);
    const manager = (await signIn(t.app, DEMO.manager)).accessToken;
    tok.manager = (await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, manager)).body.data.accessToken;
    tok.user = (await signIn(t.app, DEMO.user)).accessToken;
    tok.admin = (await signInAdmin(t.app)).accessToken;
    tok.harbour = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, tok.admin)).body.data.accessToken;
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>, token = tok.manager): Promise<Site> => {
    const r = await call(t.app, 'POST', '/api/sites', { name: unique(), timezone: 'Europe/London', ...body }, token);
    if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
    return site.parse(r.body.data);
  };
  const put = (id: string, body: Record<string, unknown>) => call(t.app, 'PUT', `/api/sites/${id}`, body, tok.manager);
  const expectBad = (r: { status: number; body: unknown }, field: string) => {
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining(field), details: expect.arrayContaining([expect.objectContaining({ path: field })]) });
  };

  describe('coordinates', () => {
    it.each([
      ['the helper notation of docs/product.md, Sites and coordinates', '51,30,26.5 N; 0,7,39.9 W', 51.507361, -0.12775],
      ['degree, minute and second marks', `51°30'26"N 0°7'39"W`, 51.507222, -0.1275],
      ['typographic marks, spaced, with a comma', '51° 30′ 26.5″ N, 0° 7′ 39.9″ W', 51.507361, -0.12775],
      ['signed degree marks', `-33°51'54.5" 151°12'55.2"`, -33.865139, 151.215333],
      ['a decimal pair', '-33.865139, 151.215333', -33.865139, 151.215333],
      ['decimals with hemisphere letters', '51.5074 N 0.1278 W', 51.5074, -0.1278],
    ])('reads %s, keeping the text as entered', async (_what, text, latitude, longitude) => {
      const made = await create({ coordinates: text });
      expect(made).toMatchObject({ coordinates: text.trim(), latitude, longitude });
      // The site dashboard shows the same position.
      const info = siteBasicInfo.parse((await call(t.app, 'GET', `/api/site-dashboard/${made.id}`, undefined, tok.user)).body.data);
      expect(info).toMatchObject({ coordinates: text.trim(), latitude, longitude });
    });

    it.each([
      ['not a position', 'behind the bike sheds'],
      ['one angle only', `51°30'26"N`],
      ['a latitude past the pole', `91°0'0"N 0°7'39"W`],
      ['minutes of 60', `51°60'0"N 0°7'39"W`],
      ['a sign and a hemisphere together', `51°30'26"N -0°7'39"W`],
      ['latitude and longitude swapped by their letters', '51,30,26 E; 0,7,39 N'],
      ['three numbers', '51.5, -0.12, 3'],
    ])('refuses %s with a 400 naming coordinates, on create and on update', async (_what, coordinates) => {
      expectBad(await call(t.app, 'POST', '/api/sites', { name: unique(), timezone: 'Europe/London', coordinates }, tok.manager), 'coordinates');
      const made = await create({ coordinates: '51.5, -0.12' });
      expectBad(await put(made.id, { coordinates }), 'coordinates');
      expect(site.parse((await call(t.app, 'GET', `/api/sites/${made.id}`, undefined, tok.manager)).body.data)).toEqual(made);
    });

    it('leaves a site without a position when the text is empty, and clears it the same way', async () => {
      expect(await create({})).toMatchObject({ coordinates: '', latitude: null, longitude: null });
      const made = await create({ coordinates: '51.5, -0.12' });
      const cleared = site.parse((await put(made.id, { coordinates: '' })).body.data);
      expect(cleared).toMatchObject({ coordinates: '', latitude: null, longitude: null });
    });
  });

  describe('time zones', () => {
    it.each([
      ['Europe/London', 'Europe/London'],
      ['europe/london', 'Europe/London'],
      ['UTC', 'UTC'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
      ['  Asia/Kolkata ', 'Asia/Kolkata'],
    ])('takes %j and stores %j', async (timezone, stored) => {
      expect((await create({ timezone })).timezone).toBe(stored);
    });

    it.each(['Mars/Olympus_Mons', '+01:00', 'London', '', 'Europe/London/Soho'])('refuses %j with a 400 naming timezone', async (timezone) => {
      expectBad(await call(t.app, 'POST', '/api/sites', { name: unique(), timezone }, tok.manager), 'timezone');
      expectBad(await put((await create({})).id, { timezone }), 'timezone');
    });

    it('changes the zone the site dashboard reads', async () => {
      const made = await create({ timezone: 'Europe/London' });
      const changed = site.parse((await put(made.id, { timezone: 'Australia/Sydney' })).body.data);
      expect(changed.timezone).toBe('Australia/Sydney');
      const info = siteBasicInfo.parse((await call(t.app, 'GET', `/api/site-dashboard/${made.id}`, undefined, tok.user)).body.data);
      expect(info.timezone).toBe('Australia/Sydney');
    });
  });

  describe('the sub-site tree', () => {
    it('puts sites under a parent, names it, counts sub-sites and filters by parent', async () => {
      const top = await create({});
      const a = await create({ parentSiteId: top.id });
      const b = await create({ parentSiteId: top.id });
      expect(a).toMatchObject({ parentSiteId: top.id, parentName: top.name });
      const list = listAnswer(site).parse((await call(t.app, 'GET', `/api/sites?parentSiteId=${top.id}&sort=-name`, undefined, tok.manager)).body);
      expect(list.total).toBe(2);
      expect(list.data.map((s) => s.id)).toEqual([a, b].sort((x, y) => y.name.toLowerCase().localeCompare(x.name.toLowerCase())).map((s) => s.id));
      expect(site.parse((await call(t.app, 'GET', `/api/sites/${top.id}`, undefined, tok.manager)).body.data).subSiteCount).toBe(2);
      // Moved to the top level, it has no parent any more.
      const moved = site.parse((await put(b.id, { parentSiteId: null })).body.data);
      expect(moved).toMatchObject({ parentSiteId: null, parentName: null });
      expect(site.parse((await call(t.app, 'GET', `/api/sites/${top.id}`, undefined, tok.manager)).body.data).subSiteCount).toBe(1);
    });

    it('never lets a site become its own ancestor: itself, a sub-site or a sub-sub-site as parent is a 400 naming parentSiteId', async () => {
      const a = await create({});
      const b = await create({ parentSiteId: a.id });
      const c = await create({ parentSiteId: b.id });
      for (const parent of [a, b, c]) expectBad(await put(a.id, { parentSiteId: parent.id }), 'parentSiteId');
      expectBad(await put(b.id, { parentSiteId: c.id }), 'parentSiteId');
      expect(site.parse((await call(t.app, 'GET', `/api/sites/${a.id}`, undefined, tok.manager)).body.data).parentSiteId).toBeNull();
      // A move that keeps the tree a tree is fine: c under a, then b under c.
      expect((await put(c.id, { parentSiteId: a.id })).status).toBe(200);
      expect((await put(b.id, { parentSiteId: c.id })).status).toBe(200);
    });

    it("refuses a parent of another company exactly like an unknown one, so the answer tells nothing of it", async () => {
      const theirs = await create({}, tok.harbour);
      const mine = await create({});
      const foreign = await call(t.app, 'POST', '/api/sites', { name: unique(), timezone: 'UTC', parentSiteId: theirs.id }, tok.manager);
      const unknown = await call(t.app, 'POST', '/api/sites', { name: unique(), timezone: 'UTC', parentSiteId: 'no-such-site' }, tok.manager);
      expectBad(foreign, 'parentSiteId');
      expect(foreign.body).toEqual(unknown.body);
      expectBad(await put(mine.id, { parentSiteId: theirs.id }), 'parentSiteId');
      // And the other company's site is untouched, with no sub-site.
      expect(site.parse((await call(t.app, 'GET', `/api/sites/${theirs.id}`, undefined, tok.harbour)).body.data).subSiteCount).toBe(0);
    });
  });

  describe('deleting', () => {
    it('answers 409 in_use naming the sub-sites, then the hubs, and deletes once neither is left', async () => {
      const parent = await create({});
      const child = await create({ name: unique('Cold room'), parentSiteId: parent.id });
      const hubId = `${parent.id}-hub`;
      await t.deps.db
        .insertInto('hubs')
        .values({ id: hubId, siteId: parent.id, companyId: ids.northwind, serial: hubId, name: 'Roof hub', firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: Date.now() })
        .execute();
      const subSites = await call(t.app, 'DELETE', `/api/sites/${parent.id}`, undefined, tok.manager);
      expect(subSites).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'sub-sites', count: 1, names: [child.name] } } });
      expect(subSites.body.message).toContain(child.name);
      expect((await call(t.app, 'DELETE', `/api/sites/${child.id}`, undefined, tok.manager)).status).toBe(200);
      const hubs = await call(t.app, 'DELETE', `/api/sites/${parent.id}`, undefined, tok.manager);
      expect(hubs).toMatchObject({ status: 409, body: { code: 'in_use', details: { kind: 'hubs', count: 1, names: ['Roof hub'] } } });
      await t.deps.db.deleteFrom('hubs').where('id', '=', hubId).execute();
      expect((await call(t.app, 'DELETE', `/api/sites/${parent.id}`, undefined, tok.manager)).status).toBe(200);
    });
  });

  describe('the safe range', () => {
    it('keeps low below high, also when a change names one of them', async () => {
      const made = await create({ low: -25, high: -15 });
      expect(made).toMatchObject({ low: -25, high: -15 });
      const info = siteBasicInfo.parse((await call(t.app, 'GET', `/api/site-dashboard/${made.id}`, undefined, tok.user)).body.data);
      expect(info).toMatchObject({ safeMin: -25, safeMax: -15 });
      expectBad(await put(made.id, { low: -10 }), 'high');
      expect(site.parse((await put(made.id, { low: null, high: null })).body.data)).toMatchObject({ low: null, high: null });
      expectBad(await call(t.app, 'POST', '/api/sites', { name: unique(), timezone: 'UTC', low: 8, high: 8 }, tok.manager), 'high');
    });
  });

  describe('GET /api/sites', () => {
    it('answers the dashboard item (siteSummary) with total, paged and sorted by counts', async () => {
      const r = await call(t.app, 'GET', '/api/sites?limit=1000', undefined, tok.user);
      expect(Object.keys(r.body).sort()).toEqual(['data', 'total']);
      const all = sitesResponse.parse(r.body.data);
      expect(r.body).toMatchObject({ total: all.length });
      const byHubs = listAnswer(site).parse((await call(t.app, 'GET', '/api/sites?sort=-hubCount&limit=3', undefined, tok.user)).body);
      expect(byHubs.total).toBe(all.length);
      expect(byHubs.data.map((s) => s.hubCount)).toEqual(all.map((s) => s.hubCount).sort((x, y) => y - x).slice(0, 3));
      const page = listAnswer(site).parse((await call(t.app, 'GET', '/api/sites?sort=nodeCount&limit=2&offset=1', undefined, tok.user)).body);
      expect(page.data.map((s) => s.nodeCount)).toEqual(all.map((s) => s.nodeCount).sort((x, y) => x - y).slice(1, 3));
    });

    it('answers a session acting for no company an empty list, and refuses it a new site (400)', async () => {
      const r = await call(t.app, 'GET', '/api/sites', undefined, tok.admin);
      expect(r).toMatchObject({ status: 200, body: { data: [], total: 0 } });
      const post = await call(t.app, 'POST', '/api/sites', { name: unique(), timezone: 'UTC' }, tok.admin);
      expect(post).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    });
  });
});
