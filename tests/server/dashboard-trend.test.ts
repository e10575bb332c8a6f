import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardResponse, type DashboardResponse } from '../../src/api/contract/monitoring';
import { hourlyTrends, tileFacts } from '../../server/monitoring/trend';
import type { WorldPlan } from '../../server/seed/plan';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, testClock, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';

const HOUR = 3_600_000;

// The dashboard tiles' 24-hour trend against an independent computation from the raw readings, on
// SQLite and, where DATABASE_URL is set, PostgreSQL.
describe('GET /api/dashboard: each tile’s 24-hour trend and range', () => {
  // Stopped, so the seed's "now", the server's and this test's are one instant (the sign-in codes need it near real time).
  const clock = testClock();
  let t: TestApp;
  let plan: WorldPlan;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let dashboard: DashboardResponse;

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    ({ plan } = await seedSmallWorld(t.deps, { now: clock.now() }));
    ids = await demoIds(t.deps);
    const token = (await signIn(t.app, DEMO.user)).accessToken;
    const r = await call(t.app, 'GET', '/api/dashboard', undefined, token);
    expect(r.status).toBe(200);
    dashboard = dashboardResponse.parse(r.body.data);
  });
  afterAll(() => t.close());

  const tiles = () => dashboard.sites.flatMap((s) => s.latest);

  /** Hourly mean, min and max of the raw readings of the last 24 hours (the current hour included), computed here. */
  async function fromRaw(feedId: string) {
    const now = clock.now();
    const from = Math.floor(now / HOUR) * HOUR - 23 * HOUR;
    const rows = await t.deps.db.selectFrom('readings').select(['ts', 'value']).where('feedId', '=', feedId).where('ts', '>=', from).where('ts', '<=', now).orderBy('ts').execute();
    const hours = new Map<number, number[]>();
    for (const r of rows) {
      const h = Math.floor(Number(r.ts) / HOUR) * HOUR;
      hours.set(h, [...(hours.get(h) ?? []), Number(r.value)]);
    }
    const t0 = [...hours.keys()].sort((a, b) => a - b);
    return {
      t: t0,
      avg: t0.map((h) => hours.get(h)!.reduce((a, b) => a + b, 0) / hours.get(h)!.length),
      min: t0.map((h) => Math.min(...hours.get(h)!)),
      max: t0.map((h) => Math.max(...hours.get(h)!)),
    };
  }

  it('answers, for every tile, the hourly mean, min and max of its raw readings of the last 24 hours', async () => {
    const all = tiles();
    expect(all.length).toBeGreaterThan(0);
    let full = 0;
    for (const tile of all) {
      const want = await fromRaw(tile.feedId);
      expect(tile.trend.t, tile.feedId).toEqual(want.t);
      expect(tile.trend.min).toEqual(want.min);
      expect(tile.trend.max).toEqual(want.max);
      tile.trend.avg.forEach((a, i) => expect(a).toBeCloseTo(want.avg[i]!, 9));
      expect(tile.trend.t.length).toBeLessThanOrEqual(24);
      if (tile.trend.t.length === 24) full++;
    }
    // Devices that reported all day have a point for every hour; quiet ones have fewer.
    expect(full).toBeGreaterThan(0);
  });

  it('ends at the latest reading: the newest point holds the tile’s value', () => {
    for (const tile of tiles()) {
      const at = Date.parse(tile.at);
      const last = tile.trend.t.length - 1;
      if (at < clock.now() - 23 * HOUR) continue; // a device quiet for a day has no recent points
      expect(tile.trend.t[last]).toBe(Math.floor(at / HOUR) * HOUR);
      expect(tile.trend.min[last]).toBeLessThanOrEqual(tile.value);
      expect(tile.trend.max[last]).toBeGreaterThanOrEqual(tile.value);
    }
  });

  it('carries the range each tile is judged by, consistent with inRange', () => {
    for (const tile of tiles()) {
      if (tile.rangeMin === null && tile.rangeMax === null) {
        expect(tile.inRange).toBeNull();
        continue;
      }
      const inside = (tile.rangeMin === null || tile.value >= tile.rangeMin) && (tile.rangeMax === null || tile.value <= tile.rangeMax);
      expect(tile.inRange).toBe(inside);
    }
  });

  it('judges the failing fridge by the site’s safe range (2–8 °C by default), its value above the band', async () => {
    const failing = plan.nodes.find((n) => n.id === plan.failing!.nodeId)!;
    const admin = (await signInAdmin(t.app)).accessToken;
    const r = await call(t.app, 'GET', `/api/dashboard/company/${failing.companyId}`, undefined, admin);
    const d = dashboardResponse.parse(r.body.data);
    const tile = d.sites.find((s) => s.id === failing.siteId)!.latest.find((x) => x.feedId === plan.failing!.feedId)!;
    expect(tile).toMatchObject({ rangeMin: 2, rangeMax: 8, inRange: false });
    expect(tile.value).toBeGreaterThan(8);
    // The drift shows in the trend: the newest hour is warmer than the first.
    expect(tile.trend.avg.at(-1)!).toBeGreaterThan(tile.trend.avg[0]!);
  });

  it('says whether each tile’s node is online, as the site’s node list does', async () => {
    const token = (await signIn(t.app, DEMO.user)).accessToken;
    let offline = 0;
    for (const site of dashboard.sites) {
      const r = await call(t.app, 'GET', `/api/site-dashboard/${site.id}/nodes`, undefined, token);
      const online = new Map((r.body.data as { id: string; online: boolean }[]).map((n) => [n.id, n.online]));
      const nodes = new Map((r.body.data as { id: string; lastSeenAt: string | null }[]).map((n) => [n.id, n]));
      for (const tile of site.latest) {
        expect(tile.online).toBe(online.get(tile.nodeId));
        if (!tile.online) offline++;
        // The moment it will go quiet agrees with the status now: online exactly while that moment is ahead.
        const seen = nodes.get(tile.nodeId)!.lastSeenAt;
        expect(tile.offlineAt).toBe(seen === null ? null : new Date(Date.parse(seen) + tile.reportingWindowMs).toISOString());
        expect(tile.reportingWindowMs).toBeGreaterThan(0);
        if (tile.offlineAt) expect(Date.parse(tile.offlineAt) >= clock.now()).toBe(tile.online);
      }
    }
    // The small world has quiet nodes; whether one makes a tile is up to the ranking, so only sanity is checked.
    expect(offline).toBeLessThan(tiles().length);
  });

  it('shows a company only its own feeds; another company’s feed ids get no facts', async () => {
    const own = new Set(plan.nodes.filter((n) => n.companyId === ids.northwind).flatMap((n) => n.feeds.map((f) => f.id)));
    for (const tile of tiles()) expect(own.has(tile.feedId)).toBe(true);
    const foreign = plan.nodes.filter((n) => n.companyId === ids.harbour).flatMap((n) => n.feeds.map((f) => f.id));
    expect(foreign.length).toBeGreaterThan(0);
    expect((await tileFacts(t.deps.db, ids.northwind, foreign, clock.now())).size).toBe(0);
    expect((await tileFacts(t.deps.db, ids.harbour, foreign, clock.now())).size).toBe(foreign.length);
  });

  it('reads any number of feeds in bounded statements (ids past the first 2,000 still answered)', async () => {
    const real = tiles().slice(0, 3).map((x) => x.feedId);
    const padding = Array.from({ length: 2_100 }, (_, i) => `no-such-feed-${i}`);
    const trends = await hourlyTrends(t.deps.db, [...padding, ...real], clock.now());
    expect(trends.size).toBe(padding.length + real.length);
    for (const id of real) expect(trends.get(id)).toEqual(tiles().find((x) => x.feedId === id)!.trend);
    expect(trends.get('no-such-feed-0')).toEqual({ t: [], avg: [], min: [], max: [] });
  });
});
