import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponse, type SearchResult } from '../../src/api/contract/search';
import type { WorldPlan } from '../../server/seed/plan';
import { DEMO, buildTestApp, call, demoIds, newUser, signIn, signInAdmin, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';

// GET /api/search on the small seeded world plus named rows of our own, so every ranking tier has a known witness.
// Northwind (company A) holds the "Zephyr" rows; Mackwell (company B) holds one of its own to tell the two apart.

describe('GET /api/search', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const tok = { user: '', viewer: '', managerMackwell: '', admin: '', adminNorthwind: '', shadowHarbour: '', stranger: '' };
  /** Our own rows by name, with their company. */
  const made = new Map<string, { id: string; companyId: string }>();
  const idOf = (name: string) => made.get(name)!.id;
  let seq = 0;

  const addSite = async (companyId: string, name: string, parentSiteId: string | null = null) => {
    const id = `search-site-${++seq}`;
    await t.deps.db.insertInto('sites').values({
      id, companyId, parentSiteId, name, address: `${seq} Search Street`, coordinates: '', latitude: null, longitude: null,
      timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: Date.now(),
    }).execute();
    await t.deps.db.insertInto('hubs').values({
      id: `${id}-hub`, siteId: id, companyId, serial: `${id}-hub`, name: 'Gateway', firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: Date.now(),
    }).execute();
    made.set(name, { id, companyId });
    return id;
  };
  const addNode = async (companyId: string, siteId: string, name: string, deviceType = 'Fridge Probe') => {
    const id = `search-node-${++seq}`;
    await t.deps.db.insertInto('nodes').values({
      id, hubId: `${siteId}-hub`, siteId, companyId, name, serial: id, deviceType, batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: Date.now(),
    }).execute();
    made.set(name, { id, companyId });
    return id;
  };

  const search = async (query: string, token: string) => {
    const r = await call(t.app, 'GET', `/api/search?${query}`, undefined, token);
    if (r.status !== 200) throw new Error(`${query}: ${r.status} ${JSON.stringify(r.body)}`);
    expect(Object.keys(r.body)).toEqual(['data']);
    return searchResponse.parse(r.body.data).results;
  };
  const labels = (rs: SearchResult[]) => rs.map((r) => r.label);
  const q = (text: string, rest = '') => `q=${encodeURIComponent(text)}${rest}`;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps));
    ids = await demoIds(t.deps);

    const zephyr = await addSite(ids.northwind, 'Zephyr');
    await addSite(ids.northwind, 'Zephyr House');
    await addSite(ids.northwind, 'North Zephyr Wing', zephyr);
    await addNode(ids.northwind, zephyr, 'Zephyr Probe 1');
    await addNode(ids.northwind, zephyr, 'Zephyr Attic', 'Temperature & Humidity');
    await addNode(ids.northwind, zephyr, 'Antizephyr Store');
    for (const name of ['Cold 100% Room', 'Cold 1000 Room', 'Plant_Room', 'Plant Room', 'Back\\slash Store', 'Backslash Store']) {
      await addNode(ids.northwind, zephyr, name);
    }
    for (let i = 1; i <= 25; i++) await addNode(ids.northwind, zephyr, `Bulk Probe ${String(i).padStart(2, '0')}`);
    const depot = await addSite(ids.mackwell, 'Zephyr Mackwell Depot');
    await addNode(ids.mackwell, depot, 'Zephyr Mackwell Probe');

    tok.user = (await signIn(t.app, DEMO.user)).accessToken;
    tok.viewer = (await signIn(t.app, DEMO.viewer)).accessToken;
    const manager = (await signIn(t.app, DEMO.manager)).accessToken;
    tok.managerMackwell = (await call(t.app, 'POST', '/api/switch-company', { companyId: ids.mackwell }, manager)).body.data.accessToken;
    const admin = await signInAdmin(t.app);
    tok.admin = admin.accessToken;
    tok.adminNorthwind = (await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, tok.admin)).body.data.accessToken;
    tok.shadowHarbour = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, tok.admin)).body.data.accessToken;
    const stranger = await newUser(t.app);
    tok.stranger = (await signIn(t.app, stranger.email, stranger.password)).accessToken;
  });
  afterAll(() => t.close());

  describe('ranking', () => {
    it('puts an exact match, then label prefixes, then word prefixes, then substrings; ties by shorter label, then alphabetically', async () => {
      const rs = await search(q('zephyr', '&kinds=site,node'), tok.user);
      expect(labels(rs)).toEqual(['Zephyr', 'Zephyr Attic', 'Zephyr House', 'Zephyr Probe 1', 'North Zephyr Wing', 'Antizephyr Store']);
      expect(rs.map((r) => r.score)).toEqual([5, 4, 4, 4, 3, 2]);
    });

    it('ignores case and extra whitespace, and finds every term anywhere below a whole-phrase match', async () => {
      expect(labels(await search(q('  ZEPHYR   house '), tok.user))).toEqual(['Zephyr House']);
      const rs = await search(q('store zephyr'), tok.user);
      expect(rs.map((r) => [r.label, r.score])).toEqual([['Antizephyr Store', 1]]);
    });

    it('answers each kind with its detail and the site to open', async () => {
      const rs = await search(q('zephyr', '&kinds=site,node'), tok.user);
      const by = new Map(rs.map((r) => [r.label, r]));
      expect(by.get('Zephyr')).toEqual({ kind: 'site', id: idOf('Zephyr'), label: 'Zephyr', detail: expect.stringContaining('Search Street'), siteId: idOf('Zephyr'), score: 5 });
      expect(by.get('North Zephyr Wing')).toMatchObject({ kind: 'site', detail: 'Zephyr', siteId: idOf('North Zephyr Wing') });
      expect(by.get('Zephyr Attic')).toEqual({
        kind: 'node', id: idOf('Zephyr Attic'), label: 'Zephyr Attic', detail: 'Zephyr · Temperature & Humidity', siteId: idOf('Zephyr'), score: 4,
      });
    });

    it('merges kinds by score: an exact company name comes before a prefix match of a site', async () => {
      await addSite(ids.northwind, 'Northwind Care Homes Annex');
      const rs = await search(q('northwind care homes'), tok.user);
      expect(rs.slice(0, 2).map((r) => [r.kind, r.label])).toEqual([['company', 'Northwind Care Homes'], ['site', 'Northwind Care Homes Annex']]);
      expect(rs[0]).toMatchObject({ id: ids.northwind, detail: 'UKE', score: 5 });
      expect(rs[0]!.siteId).toBeUndefined();
    });
  });

  describe('limit and kinds', () => {
    it('answers 20 by default and at most limit, best first', async () => {
      expect(await search(q('bulk probe'), tok.user)).toHaveLength(20);
      expect(await search(q('bulk probe', '&limit=50'), tok.user)).toHaveLength(25);
      expect(labels(await search(q('zephyr', '&kinds=site,node&limit=2'), tok.user))).toEqual(['Zephyr', 'Zephyr Attic']);
      const one = await search(q('bulk probe', '&limit=1'), tok.user);
      expect(labels(one)).toEqual(['Bulk Probe 01']);
    });

    it('answers only the kinds asked for', async () => {
      const sites = await search(q('zephyr', '&kinds=site'), tok.user);
      expect(new Set(sites.map((r) => r.kind))).toEqual(new Set(['site']));
      expect(sites.length).toBe(3);
      const nodes = await search(q('zephyr', '&kinds=node'), tok.user);
      expect(new Set(nodes.map((r) => r.kind))).toEqual(new Set(['node']));
      const companies = await search(q('northwind', '&kinds=company, company'), tok.user);
      expect(companies.map((r) => [r.kind, r.id])).toEqual([['company', ids.northwind]]);
    });
  });

  describe('who finds what', () => {
    it("never shows a token of company B the sites and nodes of company A, even by their exact names", async () => {
      const northwind = new Set([...plan.sites, ...plan.nodes, ...made.values()].filter((r) => r.companyId === ids.northwind).map((r) => r.id));
      const names = [...plan.sites.filter((s) => s.companyId === ids.northwind).map((s) => s.name), plan.nodes.find((n) => n.companyId === ids.northwind)!.name, 'Zephyr'];
      for (const name of names) {
        const rs = await search(q(name), tok.managerMackwell);
        expect(rs.filter((r) => northwind.has(r.id))).toEqual([]);
      }
      const zephyr = await search(q('zephyr'), tok.managerMackwell);
      expect(labels(zephyr).sort()).toEqual(['Zephyr Mackwell Depot', 'Zephyr Mackwell Probe']);
      expect(zephyr.every((r) => r.siteId === idOf('Zephyr Mackwell Depot'))).toBe(true);
    });

    it("keeps a viewer to its company's sites and nodes", async () => {
      const rs = await search(q('zephyr', '&limit=50'), tok.viewer);
      expect(labels(rs)).not.toContain('Zephyr Mackwell Depot');
      expect(labels(rs)).not.toContain('Zephyr Mackwell Probe');
      expect(labels(rs)).toContain('Zephyr');
      const own = new Set([...plan.sites, ...plan.nodes, ...made.values()].filter((r) => r.companyId === ids.northwind).map((r) => r.id));
      for (const word of ['gateway', 'fridge', 'room', 'e']) {
        for (const r of await search(q(word, '&kinds=site,node&limit=50'), tok.viewer)) expect(own.has(r.id)).toBe(true);
      }
    });

    it('finds no sites, nodes or companies for an account without a company', async () => {
      expect(await search(q('zephyr'), tok.stranger)).toEqual([]);
      expect(await search(q('northwind'), tok.stranger)).toEqual([]);
    });

    it('refuses a token whose holder has left its company (403), as the sites list does', async () => {
      const { email, password } = await newUser(t.app);
      const { id: userId } = await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      await t.deps.db.insertInto('memberships').values({ userId, companyId: ids.harbour, role: 'viewer' }).execute();
      const token = (await signIn(t.app, email, password)).accessToken;
      expect(await search(q('a', '&kinds=site'), token)).toBeDefined();
      await t.deps.db.deleteFrom('memberships').where('userId', '=', userId).execute();
      const r = await call(t.app, 'GET', `/api/search?${q('zephyr')}`, undefined, token);
      expect(r.status).toBe(403);
      expect(r.body.data).toBeUndefined();
    });

    it('never offers the caller, another platform admin or a disabled account: shadow-user refuses them (docs/product.md, Sessions)', async () => {
      const ada = await newUser(t.app);
      await t.deps.db.updateTable('users').set({ platformRole: 'admin', name: 'Ada Second Admin' }).where('email', '=', ada.email).execute();
      const dis = await newUser(t.app);
      await t.deps.db.updateTable('users').set({ disabled: 1, name: 'Ada Disabled' }).where('email', '=', dis.email).execute();
      const offered = await search(q('ada', '&kinds=user'), tok.admin);
      expect(offered).toEqual([]);
      const me = await t.deps.db.selectFrom('users').select('name').where('id', '=', ids.admin).executeTakeFirstOrThrow();
      expect((await search(q(me.name, '&kinds=user'), tok.admin)).map((r) => r.id)).not.toContain(ids.admin);
      // Every user the search does offer can be shadowed.
      for (const r of await search(q('sitewatch.test', '&kinds=user'), tok.admin)) {
        expect((await call(t.app, 'POST', '/api/shadow-user', { userId: r.id }, tok.admin)).status).toBe(200);
      }
    });

    it('finds users only for an admin acting as themselves; for anyone else the kind is silently empty', async () => {
      const admin = await search(q('viewer', '&kinds=user'), tok.admin);
      expect(admin).toEqual([{ kind: 'user', id: ids.viewer, label: 'Vic Viewer', detail: DEMO.viewer, score: 4 }]);
      expect((await search(q('sitewatch.test', '&kinds=user'), tok.admin)).map((r) => r.id).sort()).toEqual(
        [ids.manager, ids.user, ids.viewer].sort(),
      );
      expect((await search(q('vic viewer'), tok.adminNorthwind)).map((r) => [r.kind, r.score])).toEqual([['user', 5]]);
      for (const token of [tok.user, tok.viewer, tok.managerMackwell, tok.stranger, tok.shadowHarbour]) {
        expect(await search(q('viewer', '&kinds=user'), token)).toEqual([]);
        expect((await search(q('viewer'), token)).filter((r) => r.kind === 'user')).toEqual([]);
      }
    });

    it('finds every company for an admin, the own companies for members, the shadowed one for a company shadow', async () => {
      const all = await t.deps.db.selectFrom('companies').select(['id', 'name']).execute();
      const companiesFor = async (token: string) => (await search(q('r', '&kinds=company&limit=50'), token)).map((r) => r.id).sort();
      expect(await companiesFor(tok.admin)).toEqual(all.filter((c) => c.name.toLowerCase().includes('r')).map((c) => c.id).sort());
      expect(await companiesFor(tok.managerMackwell)).toEqual([ids.northwind, ids.mackwell].sort());
      expect(await companiesFor(tok.user)).toEqual([ids.northwind]);
      expect(await companiesFor(tok.shadowHarbour)).toEqual([ids.harbour]);
    });

    it("shows an admin the sites of the company the token acts for, and none without one", async () => {
      expect(labels(await search(q('zephyr', '&kinds=site'), tok.adminNorthwind))).toEqual(['Zephyr', 'Zephyr House', 'North Zephyr Wing']);
      expect(await search(q('zephyr', '&kinds=site,node'), tok.admin)).toEqual([]);
    });
  });

  describe('input', () => {
    it('matches %, _ and \\ literally', async () => {
      expect(labels(await search(q('0%', '&kinds=node'), tok.user))).toEqual(['Cold 100% Room']);
      expect(labels(await search(q('t_r', '&kinds=node'), tok.user))).toEqual(['Plant_Room']);
      expect(labels(await search(q('k\\s', '&kinds=node'), tok.user))).toEqual(['Back\\slash Store']);
      expect(await search(q('%'), tok.user)).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'Cold 100% Room' })]));
      expect(labels(await search(q('%'), tok.user))).toEqual(['Cold 100% Room']);
      expect(await search(q('_'), tok.user)).toHaveLength(1);
    });

    it.each([
      ['no q', '', 'q'],
      ['a blank q', 'q=%20%20', 'q'],
      ['a q of 201 characters', q('x'.repeat(201)), 'q'],
      ['q twice', 'q=a&q=b', 'q'],
      ['a NUL in q', 'q=a%00b', 'q'],
      ['an unknown kind', `${q('a')}&kinds=site,sensor`, 'kinds'],
      ['an empty kinds', `${q('a')}&kinds=`, 'kinds'],
      ['a limit of 0', `${q('a')}&limit=0`, 'limit'],
      ['a limit of 51', `${q('a')}&limit=51`, 'limit'],
      ['a fractional limit', `${q('a')}&limit=1.5`, 'limit'],
      ['a limit that is no number', `${q('a')}&limit=many`, 'limit'],
    ])('answers %s with a 400 naming the field', async (_name, query, field) => {
      const r = await call(t.app, 'GET', `/api/search?${query}`, undefined, tok.user);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(new RegExp(`^${field}`)) });
      expect(r.body.data).toBeUndefined();
    });

    it('answers 401 without a token or with a forged one', async () => {
      for (const auth of [undefined, 'not-a-jwt']) {
        const r = await call(t.app, 'GET', `/api/search?${q('zephyr')}`, undefined, auth);
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(r.body.data).toBeUndefined();
      }
    });
  });
});
