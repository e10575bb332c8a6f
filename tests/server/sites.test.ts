import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOverviewResponse, dashboardResponse, hubsResponse, nodesResponse, permissionResponse, plexusResponse, siteBasicInfo,
  siteTree, sitesResponse,
} from '../../src/api/contract/monitoring';
import { parseCoordinates } from '../../src/api/contract/coordinates';
import type { WorldPlan } from '../../server/seed/plan';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, type TestApp } from './helpers';
import { nodesOfSite, seedSmallWorld } from './world-fixture';

// The happy path of every dashboard and site call on a small seeded world; answers are parsed with the contract.
describe('dashboards and site dashboards', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const tok = { user: '', manager: '', viewer: '', admin: '' };
  let adminNorthwind = '';

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps));
    ids = await demoIds(t.deps);
    tok.user = (await signIn(t.app, DEMO.user)).accessToken;
    tok.manager = (await signIn(t.app, DEMO.manager)).accessToken;
    tok.viewer = (await signIn(t.app, DEMO.viewer)).accessToken;
    tok.admin = (await signInAdmin(t.app)).accessToken;
    adminNorthwind = (await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, tok.admin)).body.data.accessToken;
  });
  afterAll(() => t.close());

  const get = async (url: string, token: string) => {
    const r = await call(t.app, 'GET', url, undefined, token);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
    expect(Object.keys(r.body)).toEqual(['data']);
    return r.body.data as unknown;
  };
  const sitesOf = (companyId: string) => plan.sites.filter((s) => s.companyId === companyId);
  const parentWithSubSites = () => plan.sites.find((s) => s.companyId === ids.mackwell && plan.sites.some((c) => c.parentSiteId === s.id))!;

  describe('GET /api/dashboard', () => {
    it("answers the token company's sites with status and at most six latest readings each", async () => {
      const d = dashboardResponse.parse(await get('/api/dashboard', tok.user));
      expect(d.companyId).toBe(ids.northwind);
      expect(d.companyName).toBe('Northwind Care Homes');
      expect(d.sites.map((s) => s.id).sort()).toEqual(sitesOf(ids.northwind).map((s) => s.id).sort());
      for (const s of d.sites) {
        expect(s.devicesOnline + s.devicesOffline).toBe(s.hubCount + s.nodeCount);
        expect(s.nodeCount).toBe(nodesOfSite(plan, s.id).length);
        expect(s.latest.length).toBeGreaterThan(0);
        expect(s.latest.length).toBeLessThanOrEqual(6);
        expect(s.lastReadingAt).not.toBeNull();
        // Every latest reading belongs to a node of that site.
        const nodeIds = new Set(nodesOfSite(plan, s.id).map((n) => n.id));
        for (const l of s.latest) expect(nodeIds.has(l.nodeId)).toBe(true);
      }
    });

    it('leads with the medication fridges after anything out of range', async () => {
      const d = dashboardResponse.parse(await get('/api/dashboard', tok.user));
      const fridgeNodes = new Set(plan.nodes.filter((n) => n.deviceType === 'Fridge Probe').map((n) => n.id));
      const withFridges = d.sites.filter((s) => nodesOfSite(plan, s.id).some((n) => fridgeNodes.has(n.id)));
      expect(withFridges.length).toBeGreaterThan(0);
      // Every site with fridges shows one; past what is out of range, no other reading comes before a fridge's.
      for (const s of withFridges) {
        expect(s.latest.some((l) => fridgeNodes.has(l.nodeId))).toBe(true);
        const flags = s.latest.filter((l) => l.inRange !== false).map((l) => fridgeNodes.has(l.nodeId));
        expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      }
    });

    it('after the fridges, shows one of each kind of signal before a second of any', async () => {
      const d = dashboardResponse.parse(await get('/api/dashboard', tok.user));
      const fridgeNodes = new Set(plan.nodes.filter((n) => n.deviceType === 'Fridge Probe').map((n) => n.id));
      for (const s of d.sites) {
        const units = s.latest.filter((l) => l.inRange !== false && !fridgeNodes.has(l.nodeId)).map((l) => `${l.name}|${l.unit}`);
        const distinct = new Set(units).size;
        // The first `distinct` in-range entries are all different signals.
        expect(new Set(units.slice(0, distinct)).size).toBe(distinct);
      }
    });

    it('shows the failing fridge out of range, ahead of readings in range (seen through the admin view of its company)', async () => {
      const failing = plan.nodes.find((n) => n.id === plan.failing!.nodeId)!;
      const d = dashboardResponse.parse(await get(`/api/dashboard/company/${failing.companyId}`, tok.admin));
      const site = d.sites.find((s) => s.id === failing.siteId)!;
      expect(site.outOfRangeFeeds).toBeGreaterThanOrEqual(1);
      const entry = site.latest.find((l) => l.feedId === plan.failing!.feedId)!;
      expect(entry).toMatchObject({ inRange: false, unit: '°C' });
      expect(entry.value).toBeGreaterThan(8);
      // Out-of-range readings come before the rest.
      const flags = site.latest.map((l) => l.inRange === false);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    });

    it('is a 400 for a session acting for no company (an admin outside any company)', async () => {
      const r = await call(t.app, 'GET', '/api/dashboard', undefined, tok.admin);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('company') });
    });
  });

  describe('GET /api/dashboard/company/{id}', () => {
    it('answers a company the user is a member of, even with a token of another', async () => {
      // The manager's token names Mackwell; Northwind is their other company.
      const d = dashboardResponse.parse(await get(`/api/dashboard/company/${ids.northwind}`, tok.manager));
      expect(d.companyId).toBe(ids.northwind);
      expect(d.sites).toHaveLength(sitesOf(ids.northwind).length);
    });

    it('answers any company for an admin acting as themselves, and 404 for an unknown one', async () => {
      const d = dashboardResponse.parse(await get(`/api/dashboard/company/${ids.harbour}`, tok.admin));
      expect(d.companyName).toBe('Harbour Pharmacy Group');
      expect((await call(t.app, 'GET', '/api/dashboard/company/no-such-company', undefined, tok.admin)).status).toBe(404);
    });

    it('is a 403 for a company the user is not a member of, existing or not', async () => {
      for (const id of [ids.harbour, 'no-such-company']) {
        const r = await call(t.app, 'GET', `/api/dashboard/company/${id}`, undefined, tok.user);
        expect(r.status).toBe(403);
        expect(r.body.data).toBeUndefined();
      }
    });
  });

  describe('site dashboard', () => {
    it('GET /api/dashboard/{siteId}/nodes and /api/site-dashboard/{id}/nodes answer the nodes with feeds, tags and latest', async () => {
      const site = sitesOf(ids.northwind)[0]!;
      const a = nodesResponse.parse(await get(`/api/dashboard/${site.id}/nodes`, tok.user));
      const b = nodesResponse.parse(await get(`/api/site-dashboard/${site.id}/nodes`, tok.viewer));
      expect(b).toEqual(a);
      const planned = nodesOfSite(plan, site.id);
      expect(a.map((n) => n.id).sort()).toEqual(planned.map((n) => n.id).sort());
      for (const n of a) {
        const p = planned.find((x) => x.id === n.id)!;
        expect(n).toMatchObject({ name: p.name, serial: p.serial, deviceType: p.deviceType, hubId: p.hubId, siteId: site.id });
        expect(n.feeds.map((f) => f.id).sort()).toEqual(p.feeds.map((f) => f.id).sort());
        expect(n.tags.map((x) => x.id).sort()).toEqual([...p.tagIds].sort());
        if (n.deviceType === 'Fridge Probe') {
          // A fridge feed is judged by the site's safe range, 2–8 °C by default.
          expect(n.feeds[0]).toMatchObject({ signalKey: 'temperature', unit: '°C', kind: 'instant', rangeMin: 2, rangeMax: 8 });
        }
        if (n.lastSeenAt !== null) expect(n.feeds.every((f) => f.latest !== null)).toBe(true);
      }
      expect(a.some((n) => n.tags.length > 0)).toBe(true);
      expect(a.flatMap((n) => n.feeds).some((f) => f.kind === 'counter' || f.signalKey === 'humidity' || f.signalKey === 'battery')).toBe(true);
    });

    it('GET /api/site-dashboard/{id} answers basic info with the time zone, coordinates and the default safe range', async () => {
      const sub = plan.sites.find((s) => s.parentSiteId === parentWithSubSites().id)!;
      const info = siteBasicInfo.parse(await get(`/api/site-dashboard/${sub.id}`, tok.manager));
      expect(info).toMatchObject({
        id: sub.id, companyId: ids.mackwell, name: sub.name, parentSiteId: parentWithSubSites().id, parentName: parentWithSubSites().name,
        timezone: 'Europe/London', safeMin: 2, safeMax: 8, coordinates: sub.coordinates, subSiteCount: 0,
        hubCount: plan.hubs.filter((h) => h.siteId === sub.id).length, nodeCount: nodesOfSite(plan, sub.id).length,
      });
      expect({ latitude: info.latitude, longitude: info.longitude }).toEqual(parseCoordinates(info.coordinates));
      expect(info.coordinates).toMatch(/^\d+,\d+,[\d.]+ [NS]; \d+,\d+,[\d.]+ [EW]$/);
    });

    it('GET /api/site-dashboard/sub-sites/{siteId} answers the sub-sites with their status', async () => {
      const parent = parentWithSubSites();
      const subs = sitesResponse.parse(await get(`/api/site-dashboard/sub-sites/${parent.id}`, tok.manager));
      expect(subs.map((s) => s.id).sort()).toEqual(plan.sites.filter((s) => s.parentSiteId === parent.id).map((s) => s.id).sort());
      for (const s of subs) expect(s.parentSiteId).toBe(parent.id);
      const leaf = sitesResponse.parse(await get(`/api/site-dashboard/sub-sites/${subs[0]!.id}`, tok.manager));
      expect(leaf).toEqual([]);
    });

    it('GET /api/site-dashboard/{id}/hubs answers hubs with status; the quiet hub is offline', async () => {
      const quiet = plan.hubs.find((h) => h.quietSince !== null)!;
      const hubs = hubsResponse.parse(await get(`/api/site-dashboard/${quiet.siteId}/hubs`, tok.manager));
      expect(hubs.map((h) => h.id).sort()).toEqual(plan.hubs.filter((h) => h.siteId === quiet.siteId).map((h) => h.id).sort());
      const q = hubs.find((h) => h.id === quiet.id)!;
      expect(q.online).toBe(false);
      expect(q.nodeCount).toBe(plan.nodes.filter((n) => n.hubId === quiet.id).length);
      expect(hubs.filter((h) => h.id !== quiet.id).every((h) => h.online)).toBe(true);
    });

    it('GET /api/site-dashboard/check-permission/{id} answers what the caller may do there: { role, view, export, manage }', async () => {
      const site = sitesOf(ids.northwind)[0]!.id;
      const permission = async (token: string) => permissionResponse.parse(await get(`/api/site-dashboard/check-permission/${site}`, token));
      expect(await permission(tok.user)).toEqual({ role: 'user', view: true, export: true, manage: false });
      expect(await permission(tok.viewer)).toEqual({ role: 'viewer', view: true, export: false, manage: false });
      const managerNorthwind = (await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, tok.manager)).body.data.accessToken as string;
      expect(await permission(managerNorthwind)).toEqual({ role: 'manager', view: true, export: true, manage: true });
      expect(await permission(adminNorthwind)).toEqual({ role: 'admin', view: true, export: true, manage: true });
      const shadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.northwind }, tok.admin)).body.data.accessToken as string;
      expect(await permission(shadow)).toEqual({ role: 'manager', view: true, export: true, manage: true });
      // Another company's site is not found, never "not allowed".
      const foreign = sitesOf(ids.mackwell)[0]!.id;
      expect((await call(t.app, 'GET', `/api/site-dashboard/check-permission/${foreign}`, undefined, tok.user)).status).toBe(404);
    });
  });

  describe('sites', () => {
    /** GET /api/sites is a list (docs/product.md, Management): `{ data, total }`, all of a company's sites fitting one page here. */
    const list = async (url: string, token: string) => {
      const r = await call(t.app, 'GET', url, undefined, token);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['data', 'total']);
      expect(r.body).toMatchObject({ total: r.body.data.length });
      return r.body.data as unknown;
    };

    it('GET /api/sites answers the token company sites flat, with parentSiteId', async () => {
      const sites = sitesResponse.parse(await list('/api/sites', tok.manager));
      expect(sites.map((s) => s.id).sort()).toEqual(sitesOf(ids.mackwell).map((s) => s.id).sort());
      expect(sites.some((s) => s.parentSiteId !== null)).toBe(true);
      const parent = sites.find((s) => s.subSiteCount > 0)!;
      expect(sites.filter((s) => s.parentSiteId === parent.id)).toHaveLength(parent.subSiteCount);
    });

    it('GET /api/sites is empty for a session acting for no company', async () => {
      expect(sitesResponse.parse(await list('/api/sites', tok.admin))).toEqual([]);
    });

    it('GET /api/sites/{id}/tree answers the site with its hubs and the nodes behind each', async () => {
      const site = sitesOf(ids.northwind)[0]!;
      const tree = siteTree.parse(await get(`/api/sites/${site.id}/tree`, tok.user));
      expect(tree.site.id).toBe(site.id);
      expect(tree.hubs.map((h) => h.id).sort()).toEqual(plan.hubs.filter((h) => h.siteId === site.id).map((h) => h.id).sort());
      for (const h of tree.hubs) {
        expect(h.nodes.map((n) => n.id).sort()).toEqual(plan.nodes.filter((n) => n.hubId === h.id).map((n) => n.id).sort());
        expect(h.nodeCount).toBe(h.nodes.length);
      }
    });
  });

  describe('Admin Dashboard and Plexus', () => {
    it('GET /api/admin/overview answers every company with sites, devices and out-of-range feeds', async () => {
      const o = adminOverviewResponse.parse(await get('/api/admin/overview', tok.admin));
      expect(o).toHaveLength(6);
      for (const c of o) {
        expect(c.siteCount).toBe(sitesOf(c.companyId).length);
        const devices = plan.hubs.filter((h) => h.companyId === c.companyId).length + plan.nodes.filter((n) => n.companyId === c.companyId).length;
        expect(c.devicesOnline + c.devicesOffline).toBe(devices);
      }
      const failingCompany = plan.nodes.find((n) => n.id === plan.failing!.nodeId)!.companyId;
      expect(o.find((c) => c.companyId === failingCompany)!.outOfRangeFeeds).toBeGreaterThanOrEqual(1);
      expect(o.reduce((s, c) => s + c.devicesOffline, 0)).toBeGreaterThanOrEqual(plan.nodes.filter((n) => n.quietSince !== null).length + 1);
    });

    it('GET /api/admin/overview is refused to everyone else', async () => {
      for (const token of [tok.manager, tok.user, tok.viewer]) expect((await call(t.app, 'GET', '/api/admin/overview', undefined, token)).status).toBe(403);
    });

    it('GET /api/plexus puts quiet devices first at every level', async () => {
      const p = plexusResponse.parse(await get(`/api/plexus?companyId=${ids.mackwell}`, tok.admin));
      expect(p.map((s) => s.siteId).sort()).toEqual(sitesOf(ids.mackwell).map((s) => s.id).sort());
      // The site with the quiet hub comes first, and within it the quiet hub.
      const quiet = plan.hubs.find((h) => h.quietSince !== null)!;
      expect(p[0]!.siteId).toBe(quiet.siteId);
      expect(p[0]!.hubs[0]).toMatchObject({ id: quiet.id, online: false });
      for (const site of p) {
        for (const hub of site.hubs) {
          const firstOnline = hub.nodes.findIndex((n) => n.online);
          if (firstOnline >= 0) expect(hub.nodes.slice(firstOnline).every((n) => n.online)).toBe(true);
        }
      }
      expect(p.flatMap((s) => s.hubs).flatMap((h) => h.nodes).some((n) => n.batteryPct !== null && n.signalDbm !== null)).toBe(true);
    });

    it("GET /api/plexus answers a manager their token company's, and refuses other companies, users and viewers", async () => {
      const own = plexusResponse.parse(await get('/api/plexus', tok.manager));
      expect(own.map((s) => s.siteId).sort()).toEqual(sitesOf(ids.mackwell).map((s) => s.id).sort());
      expect((await call(t.app, 'GET', `/api/plexus?companyId=${ids.northwind}`, undefined, tok.manager)).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/plexus', undefined, tok.user)).status).toBe(403);
      expect((await call(t.app, 'GET', '/api/plexus', undefined, tok.viewer)).status).toBe(403);
    });

    it('GET /api/plexus asks an admin outside any company to choose one', async () => {
      const r = await call(t.app, 'GET', '/api/plexus', undefined, tok.admin);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('companyId');
      const own = plexusResponse.parse(await get('/api/plexus', adminNorthwind));
      expect(own).toHaveLength(sitesOf(ids.northwind).length);
    });
  });
});
