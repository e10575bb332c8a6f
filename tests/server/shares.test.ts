import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldPlan } from '../../server/seed/plan';
import { buildTestApp, call, demoIds, freshIp, roleTokens, testClock, type TestApp } from './helpers';
import { idsOfCompany, nodesOfSite, seedSmallWorld } from './world-fixture';
import { sha256 } from '../../server/auth/secrets';
import { SHARED_PER_ADDRESS } from '../../server/routes/shares';
import { checkPointBudget, MAX_POINTS_PER_CALL } from '../../server/monitoring/point-budget';
import { createdShare, sharedDashboard, sharesResponse } from '../../src/api/contract/shares';
import { readingsResponse, type ReadingsRequest } from '../../src/api/contract/monitoring';

const DAY = 86_400_000;

describe('shared dashboard links', () => {
  let t: TestApp;
  let plan: WorldPlan;
  const clock = testClock();
  let tokens: Awaited<ReturnType<typeof roleTokens>>;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  /** Northwind's site, a sub-site of it and another site (made here), and Harbour's ids. */
  let site: string;
  let subSite: string;
  let otherSite: string;
  let foreign: ReturnType<typeof idsOfCompany>;

  /** The node and feed of each site made here (the small world gives Northwind one site, without sub-sites). */
  const made = new Map<string, { node: string; feed: string }>();
  const nodesOf = (siteId: string) => [...nodesOfSite(plan, siteId).map((n) => n.id), ...(made.has(siteId) ? [made.get(siteId)!.node] : [])];
  const feedsOf = (siteId: string) => [...nodesOfSite(plan, siteId).flatMap((n) => n.feeds.map((f) => f.id)), ...(made.has(siteId) ? [made.get(siteId)!.feed] : [])];
  const addSite = async (name: string, parentSiteId: string | null) => {
    const db = t.deps.db;
    const signalType = await db.selectFrom('signalTypes').select('id').where('companyId', 'is', null).where('kind', '=', 'instant').executeTakeFirstOrThrow();
    const id = `share-test-${name}`;
    const base = { companyId: ids.northwind, createdAt: 0 };
    await db.insertInto('sites').values({ ...base, id, parentSiteId, name, address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: null, safeMax: null }).execute();
    await db.insertInto('hubs').values({ ...base, id: `${id}-hub`, siteId: id, serial: `${id}-hub`, name, firmware: '', reportingPeriodS: 900, lastSeenAt: null }).execute();
    await db.insertInto('nodes').values({ ...base, id: `${id}-node`, hubId: `${id}-hub`, siteId: id, name, serial: `${id}-node`, deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null }).execute();
    await db.insertInto('feeds').values({ companyId: ids.northwind, id: `${id}-feed`, nodeId: `${id}-node`, signalTypeId: signalType.id, name, rangeMin: null, rangeMax: null }).execute();
    made.set(id, { node: `${id}-node`, feed: `${id}-feed` });
    return id;
  };
  const day = (feedIds: string[]): ReadingsRequest => ({
    feedIds, from: new Date(clock.now() - DAY).toISOString(), to: new Date(clock.now()).toISOString(), interval: '1hour', aggregation: 2, dataViewType: 'RawData',
  });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  const share = async (siteId: string, expiresInDays = 7, who = tokens.manager) => {
    const r = await call(t.app, 'POST', `/api/site-dashboard/${siteId}/shares`, { expiresInDays }, who);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return createdShare.parse(r.body.data);
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    ({ plan } = await seedSmallWorld(t.deps));
    ids = await demoIds(t.deps);
    tokens = await roleTokens(t.app, ids);
    site = idsOfCompany(plan, ids.northwind).site;
    subSite = await addSite('cellar', site);
    otherSite = await addSite('annex', null);
    foreign = idsOfCompany(plan, ids.harbour);
  });
  afterAll(() => t.close());

  it('are made by managers and admins only, for 1 to 90 days, of a site of their company', async () => {
    for (const who of [tokens.user, tokens.viewer]) {
      expect((await call(t.app, 'POST', `/api/site-dashboard/${site}/shares`, { expiresInDays: 7 }, who)).status).toBe(403);
    }
    for (const expiresInDays of [0, 91]) {
      const r = await call(t.app, 'POST', `/api/site-dashboard/${site}/shares`, { expiresInDays }, tokens.manager);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('expiresInDays') });
    }
    for (const id of [foreign.site, 'no-such-site']) {
      const r = await call(t.app, 'POST', `/api/site-dashboard/${id}/shares`, { expiresInDays: 7 }, tokens.manager);
      expect(r.status).toBe(404);
      expect(r.body.data).toBeUndefined();
    }

    const made = await share(site);
    expect(made.url).toMatch(new RegExp(`^http://localhost:\\d+/site-dashboard-export/site/${site}\\?token=[\\w-]{43,}$`));
    expect(made.expiresAt).toBe(new Date(clock.now() + 7 * DAY).toISOString());
    // Only the hash is kept: no column of the row holds the token.
    const token = tokenOf(made.url);
    const rows = await t.deps.db.selectFrom('siteShares').selectAll().where('siteId', '=', site).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const audited = await t.deps.db.selectFrom('auditLog').select(['action', 'actorUserId', 'companyId']).where('action', '=', 'shares.create').execute();
    expect(audited).toEqual([{ action: 'shares.create', actorUserId: ids.manager, companyId: ids.northwind }]);
    // An admin manages too.
    await share(site, 1, tokens.adminNorthwind);
  });

  it('are listed to every member of the company, without their tokens', async () => {
    clock.advance(1000); // newest first: a later one than those made above
    const made = await share(site, 30);
    const manager = await t.deps.db.selectFrom('users').select('name').where('id', '=', ids.manager).executeTakeFirstOrThrow();
    for (const who of [tokens.manager, tokens.user, tokens.viewer]) {
      const r = await call(t.app, 'GET', `/api/site-dashboard/${site}/shares`, undefined, who);
      expect(r.status).toBe(200);
      const list = sharesResponse.parse(r.body.data);
      expect((r.body as { total?: number }).total).toBe(list.length);
      expect(list[0]).toEqual({
        id: made.id, siteId: site, createdAt: new Date(clock.now()).toISOString(), expiresAt: made.expiresAt, createdBy: ids.manager, createdByName: manager.name, revokedAt: null,
      });
      expect(JSON.stringify(r.body)).not.toContain(tokenOf(made.url));
    }
    expect((await call(t.app, 'GET', `/api/site-dashboard/${foreign.site}/shares`, undefined, tokens.manager)).status).toBe(404);
  });

  it('open that site only, without sign-in, in the shapes of the site dashboard, and may not be framed', async () => {
    const made = await share(site);
    const r = await call(t.app, 'GET', `/api/shared/${tokenOf(made.url)}`);
    expect(r.status).toBe(200);
    const page = sharedDashboard.parse(r.body.data);
    expect(page.site).toMatchObject({ id: site, timezone: expect.any(String), name: plan.sites.find((s) => s.id === site)!.name });
    expect(page.expiresAt).toBe(made.expiresAt);
    expect(page.nodes.map((n) => n.id).sort()).toEqual(nodesOfSite(plan, site).map((n) => n.id).sort());
    expect(page.nodes.every((n) => n.siteId === site) && page.hubs.every((h) => h.siteId === site)).toBe(true);
    expect(page.nodes.flatMap((n) => n.feeds.map((f) => f.id)).sort()).toEqual(feedsOf(site).sort());
    // The signed-in site dashboard reads the same nodes and hubs.
    expect(page.nodes).toEqual((await call(t.app, 'GET', `/api/site-dashboard/${site}/nodes`, undefined, tokens.user)).body.data);
    expect(page.hubs).toEqual((await call(t.app, 'GET', `/api/site-dashboard/${site}/hubs`, undefined, tokens.user)).body.data);
    // Nothing of the company, the parent, sub-sites or other sites.
    const text = JSON.stringify(r.body);
    for (const other of [ids.northwind, otherSite, foreign.site, subSite, ...feedsOf(subSite), ...feedsOf(otherSite)]) expect(text).not.toContain(other);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
    // The page the link opens is framed by no one either, and keeps its token out of Referer headers.
    const pageAnswer = await t.app.inject({ method: 'GET', url: new URL(made.url).pathname + new URL(made.url).search });
    expect(pageAnswer.headers['x-frame-options']).toBe('DENY');
    expect(pageAnswer.headers['referrer-policy']).toBe('no-referrer');
    // Elsewhere the referrer is the product's default: the shared page alone sends none.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("read that site's readings as the signed-in call does, and refuse every other feed or node", async () => {
    const token = tokenOf((await share(site)).url);
    const feeds = feedsOf(site);
    const r = await call(t.app, 'POST', `/api/shared/${token}/readings`, day(feeds));
    expect(r.status).toBe(200);
    const answer = readingsResponse.parse(r.body.data);
    expect(answer.series.map((s) => s.feedId)).toEqual(feeds);
    expect(r.body).toEqual((await call(t.app, 'POST', `/api/site-dashboard/${site}/readings`, day(feeds), tokens.user)).body);
    const byNode = await call(t.app, 'POST', `/api/shared/${token}/readings`, { ...day([]), feedIds: undefined, nodeIds: [nodesOfSite(plan, site)[0]!.id], dataViewType: 'MinMax' });
    expect(byNode.status).toBe(200);

    const refused: Partial<ReadingsRequest>[] = [
      { feedIds: [feeds[0]!, feedsOf(otherSite)[0]!] },
      { feedIds: [foreign.feed] },
      { feedIds: ['no-such-feed'] },
      { feedIds: undefined, nodeIds: [nodesOf(otherSite)[0]!] },
      { feedIds: undefined, nodeIds: [foreign.node] },
      // The signed-in call reads sub-sites too; a share opens its own site only.
      { feedIds: [feedsOf(subSite)[0]!] },
      { feedIds: undefined, nodeIds: [nodesOf(subSite)[0]!] },
    ];
    for (const change of refused) {
      const res = await call(t.app, 'POST', `/api/shared/${token}/readings`, { ...day(feeds), ...change });
      expect(res.status, JSON.stringify(change)).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
      expect(res.body.data).toBeUndefined();
    }
    // The bad-input rules of the signed-in call hold too.
    const bad = await call(t.app, 'POST', `/api/shared/${token}/readings`, { ...day(feeds), interval: '1week' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('interval');
  });

  it('answer at most 200,000 points per readings call, naming a coarser interval past it', () => {
    const q = (interval: ReadingsRequest['interval'], days: number, extra: Partial<ReadingsRequest> = {}): ReadingsRequest => ({
      feedIds: [], from: new Date(0).toISOString(), to: new Date(days * DAY).toISOString(), interval, aggregation: 2, dataViewType: 'RawData', ...extra,
    });
    // 50 feeds × 96 quarter hours × 41 days = 196,800: inside.
    expect(() => checkPointBudget(q('15minutes', 41), 50)).not.toThrow();
    // 50 × 96 × 42 = 201,600: past it; 30-minute buckets fit.
    expect(() => checkPointBudget(q('15minutes', 42), 50)).toThrow(expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^interval: .*choose 30minutes/) }));
    expect(() => checkPointBudget(q('15minutes', 42), 50)).toThrow(expect.objectContaining({ details: [expect.objectContaining({ path: 'interval', limit: MAX_POINTS_PER_CALL })] }));
    // Raw points count maxPoints per feed.
    expect(() => checkPointBudget(q('1hour', 1, { aggregation: undefined, maxPoints: 4000 }), 50)).not.toThrow();
    expect(() => checkPointBudget(q('1hour', 1, { aggregation: undefined, maxPoints: 4001 }), 50)).toThrow(expect.objectContaining({ message: expect.stringMatching(/^maxPoints: /) }));
  });

  it('are no bearer token: a share token opens no signed-in route', async () => {
    const token = tokenOf((await share(site)).url);
    for (const url of ['/api/sites', `/api/site-dashboard/${site}`, `/api/site-dashboard/${site}/shares`, '/api/me']) {
      const r = await call(t.app, 'GET', url, undefined, token);
      expect(r.status, url).toBe(401);
      expect(r.body.data).toBeUndefined();
    }
    expect((await call(t.app, 'POST', `/api/site-dashboard/${otherSite}/readings`, day(feedsOf(otherSite)), token)).status).toBe(401);
  });

  it('answer a malformed or unknown token as not found', async () => {
    for (const bad of ['short', 'x'.repeat(43), 'a'.repeat(101), 'has%20space-and-more-than-twenty']) {
      const r = await call(t.app, 'GET', `/api/shared/${bad}`);
      expect(r.status, bad).toBe(404);
      expect(r.body).toMatchObject({ code: 'not_found' });
    }
  });

  it('stop working the moment they are revoked', async () => {
    const made = await share(site);
    const token = tokenOf(made.url);
    expect((await call(t.app, 'GET', `/api/shared/${token}`)).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/site-dashboard/${site}/shares/${made.id}`, undefined, tokens.user)).status).toBe(403);
    // Another site's id with this share's id, and another company's manager: not found.
    expect((await call(t.app, 'DELETE', `/api/site-dashboard/${otherSite}/shares/${made.id}`, undefined, tokens.manager)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/site-dashboard/${site}/shares/${made.id}`, undefined, tokens.managerMackwell)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/shared/${token}`)).status).toBe(200);

    const r = await call(t.app, 'DELETE', `/api/site-dashboard/${site}/shares/${made.id}`, undefined, tokens.manager);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ deleted: true });
    for (const res of [await call(t.app, 'GET', `/api/shared/${token}`), await call(t.app, 'POST', `/api/shared/${token}/readings`, day(feedsOf(site)))]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
      expect(res.body.data).toBeUndefined();
    }
    const listed = sharesResponse.parse((await call(t.app, 'GET', `/api/site-dashboard/${site}/shares`, undefined, tokens.user)).body.data);
    const revokedAt = listed.find((s) => s.id === made.id)!.revokedAt;
    expect(revokedAt).toBe(new Date(clock.now()).toISOString());
    const audited = await t.deps.db.selectFrom('auditLog').select('detail').where('action', '=', 'shares.revoke').execute();
    expect(audited.map((a) => a.detail).join()).toContain(made.id);
    // Revoking again changes nothing.
    clock.advance(1000);
    expect((await call(t.app, 'DELETE', `/api/site-dashboard/${site}/shares/${made.id}`, undefined, tokens.manager)).body.data).toEqual({ deleted: true });
    const again = sharesResponse.parse((await call(t.app, 'GET', `/api/site-dashboard/${site}/shares`, undefined, tokens.user)).body.data);
    expect(again.find((s) => s.id === made.id)!.revokedAt).toBe(revokedAt);
  });

  it('limit calls per address', async () => {
    const ip = freshIp();
    const hit = () => t.app.inject({ method: 'GET', url: '/api/shared/no-such-token-of-some-length', remoteAddress: ip });
    for (let i = 0; i < SHARED_PER_ADDRESS; i++) expect((await hit()).statusCode).toBe(404);
    const r = await hit();
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
  });

  // Last: it moves the clock past every link's end.
  it('stop working once they expire', async () => {
    const short = tokenOf((await share(site, 1)).url);
    const long = tokenOf((await share(site, 90)).url);
    expect((await call(t.app, 'GET', `/api/shared/${short}`)).status).toBe(200);
    clock.advance(DAY - 1);
    expect((await call(t.app, 'GET', `/api/shared/${short}`)).status).toBe(200);
    clock.advance(1);
    for (const res of [await call(t.app, 'GET', `/api/shared/${short}`), await call(t.app, 'POST', `/api/shared/${short}/readings`, day(feedsOf(site)))]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found' });
    }
    expect((await call(t.app, 'GET', `/api/shared/${long}`)).status).toBe(200);
    clock.advance(89 * DAY);
    expect((await call(t.app, 'GET', `/api/shared/${long}`)).status).toBe(404);
  });
});
