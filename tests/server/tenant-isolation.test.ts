import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldPlan } from '../../server/seed/plan';
import { DEMO, buildTestApp, call, demoIds, signIn, type TestApp } from './helpers';
import { idsOfCompany, seedSmallWorld } from './world-fixture';

// A token of company B calls every monitoring route the app registered (generated from the routes, so a new route is
// covered without touching this file) with every kind of id of every company it does not belong to. Each answer must
// be a 403 or 404 that holds no data; list routes must answer nothing of the other companies.

const PREFIXES = ['/api/site-dashboard', '/api/sites', '/api/dashboard', '/api/hubs', '/api/plexus', '/api/alertevents', '/api/medication-fridge-reports', '/api/export-jobs'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A body that passes validation, so the tenant check (not the schema) is what answers. */
function bodyFor(method: Method, path: string, foreign: { feed?: string; node?: string; fridge?: string }): unknown {
  if (method === 'GET' || method === 'DELETE') return undefined;
  if (path.startsWith('/api/alertevents/')) return { action: 'comment', comment: 'Checked' };
  if (path.endsWith('/shares')) return { expiresInDays: 7 };
  if (path.endsWith('/medication-fridge-reports')) return { nodeId: foreign.fridge ?? foreign.node ?? 'x', period: lastMonth() };
  if (method === 'PUT' && path.startsWith('/api/medication-fridge-reports/')) return { days: [] };
  if (/readings(-minmax)?$/.test(path) || path.includes('/export/')) {
    const to = new Date();
    const from = new Date(to.getTime() - 86_400_000);
    return {
      ...(foreign.feed ? { feedIds: [foreign.feed] } : {}),
      ...(foreign.node ? { nodeIds: [foreign.node] } : {}),
      from: from.toISOString(), to: to.toISOString(), interval: '1hour', aggregation: 2, dataViewType: 'RawData',
    };
  }
  return {};
}

/** The month before this one, `YYYY-MM` (UTC is close enough: a report may be kept for any month that has begun). */
const lastMonth = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15)).toISOString().slice(0, 7);

const fill = (path: string, id: string) => path.replace(/:\w+/g, encodeURIComponent(id));

describe('tenant isolation', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let routes: { method: Method; path: string }[];
  let sessions: { name: string; token: string; companyId: string; memberOf: string[] }[];

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps));
    // An alert rule and event per company, so the event routes are called with ids of every company too.
    for (const companyId of companies()) {
      const k = idsOfCompany(plan, companyId);
      const ruleId = `rule-${companyId}`;
      await t.deps.db
        .insertInto('alertRules')
        .values({
          id: ruleId, companyId, name: 'Warm', enabled: 1, scopeFeedId: k.feed, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null,
          condition: 'above', low: null, high: 8, forMinutes: 0, clearBy: 0, severity: 'minor', templateId: null, recipients: '[]', escalateTo: '[]',
          escalateAfterMinutes: null, mutedUntil: null, createdAt: 0,
        })
        .execute();
      await t.deps.db
        .insertInto('alertEvents')
        .values({
          id: eventOf(companyId), companyId, ruleId, siteId: k.site, nodeId: k.node, feedId: k.feed, severity: 'minor', state: 'active', startedAt: 1,
          openedAt: 1, endedAt: null, peak: 9, detail: '', acknowledgedBy: null, acknowledgedAt: null, assigneeId: null, muted: 0, escalationSteps: 0,
        })
        .execute();
      // And a report, so the report routes are called with ids of every company.
      await t.deps.db
        .insertInto('medicationFridgeReports')
        .values({
          id: reportOf(companyId), companyId, siteId: k.fridgeSite ?? k.site, nodeId: k.fridge ?? k.node, period: '2020-01', status: 'draft', dayEntries: '{}', excursionEntries: '{}',
          snapshot: null, createdBy: 'seed', createdAt: 0, updatedAt: 0, submittedBy: null, submittedAt: null,
        })
        .execute();
    }
    const ids = await demoIds(t.deps);
    // And an export job of each company, the manager's (the export routes answer a job to its owner only).
    for (const companyId of companies()) {
      const k = idsOfCompany(plan, companyId);
      await t.deps.db
        .insertInto('exportJobs')
        .values({
          id: exportOf(companyId), companyId, siteId: k.site, userId: ids.manager, kind: 'readings', query: '{}', status: 'Pending', progress: 0, rowCount: null,
          error: null, fileName: null, attempts: 0, leaseUntil: null, notBefore: Number.MAX_SAFE_INTEGER, tokenHash: null, tokenExpiresAt: null, createdAt: 0, sentAt: null,
        })
        .execute();
    }
    // And a shared dashboard link of each company's site, so a share id of another company is tried too.
    for (const companyId of companies()) {
      const k = idsOfCompany(plan, companyId);
      await t.deps.db
        .insertInto('siteShares')
        .values({ id: shareOf(companyId), companyId, siteId: k.site, tokenHash: `hash-${companyId}`, createdBy: ids.manager, createdAt: 0, expiresAt: Date.now() + 365 * 86_400_000, revokedAt: null })
        .execute();
    }
    const manager = await signIn(t.app, DEMO.manager);
    const managerNorthwind = (await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, manager.accessToken)).body.data;
    sessions = [
      { name: 'user', token: (await signIn(t.app, DEMO.user)).accessToken, companyId: ids.northwind, memberOf: [ids.northwind] },
      { name: 'viewer', token: (await signIn(t.app, DEMO.viewer)).accessToken, companyId: ids.northwind, memberOf: [ids.northwind] },
      { name: 'manager', token: managerNorthwind.accessToken, companyId: ids.northwind, memberOf: [ids.northwind, ids.mackwell] },
    ];
    routes = t.routes
      .map((r) => {
        const [method, path] = r.split(' ') as [Method, string];
        return { method, path };
      })
      .filter((r) => PREFIXES.some((p) => r.path === p || r.path.startsWith(`${p}/`)));
  });
  afterAll(() => t.close());

  const companies = () => [...new Set(plan.sites.map((s) => s.companyId))];
  const eventOf = (companyId: string) => `event-${companyId}`;
  const reportOf = (companyId: string) => `report-${companyId}`;
  const exportOf = (companyId: string) => `export-${companyId}`;
  const shareOf = (companyId: string) => `share-${companyId}`;
  /** Every id a company owns in the plan, to look for in answers. */
  const ownedBy = (companyId: string) => [
    companyId,
    ...plan.sites.filter((s) => s.companyId === companyId).map((s) => s.id),
    ...plan.hubs.filter((h) => h.companyId === companyId).map((h) => h.id),
    ...plan.nodes.filter((n) => n.companyId === companyId).flatMap((n) => [n.id, ...n.feeds.map((f) => f.id)]),
    ...plan.tags.filter((x) => x.companyId === companyId).map((x) => x.id),
    eventOf(companyId),
    reportOf(companyId),
    exportOf(companyId),
    shareOf(companyId),
  ];
  /** One id of every kind: site, sub-site, hub, node, feed, node tag and the company itself. */
  const kindsOf = (companyId: string) => {
    const k = idsOfCompany(plan, companyId);
    const tag = plan.tags.find((x) => x.companyId === companyId)?.id;
    return Object.entries({ company: companyId, ...k, tag, event: eventOf(companyId), report: reportOf(companyId), export: exportOf(companyId) }).filter((e): e is [string, string] => typeof e[1] === 'string');
  };

  it('covers the monitoring routes that take an id', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/dashboard/company/:id', 'GET /api/dashboard/:siteId/nodes', 'GET /api/site-dashboard/:id', 'GET /api/site-dashboard/sub-sites/:siteId',
      'GET /api/site-dashboard/:id/nodes', 'GET /api/site-dashboard/:id/hubs', 'GET /api/site-dashboard/check-permission/:id', 'GET /api/sites/:id/tree',
      'POST /api/site-dashboard/:id/readings', 'POST /api/site-dashboard/:id/readings-minmax',
    ]) expect(paths).toContain(p);
    expect(routes.filter((r) => r.path.includes(':')).length).toBeGreaterThanOrEqual(10);
  });

  it("answers 403/404 with no data for every id route and every kind of another company's ids", { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const s of sessions) {
      for (const foreign of companies().filter((c) => !s.memberOf.includes(c))) {
        const owned = ownedBy(foreign);
        const kinds = kindsOf(foreign);
        const k = idsOfCompany(plan, foreign);
        for (const r of routes.filter((x) => x.path.includes(':'))) {
          for (const [kind, id] of kinds) {
            const res = await call(t.app, r.method, fill(r.path, id), bodyFor(r.method, r.path, { feed: k.feed, fridge: k.fridge }), s.token);
            calls++;
            const text = JSON.stringify(res.body ?? null);
            const leaked = owned.filter((o) => o !== id && text.includes(o));
            if (![403, 404].includes(res.status) || res.body?.data !== undefined || leaked.length) {
              failures.push(`${s.name} ${r.method} ${r.path} with ${kind} of another company: ${res.status} ${text.slice(0, 160)}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(500);
  });

  it("refuses another company's share id on the session's own site, and a share id is no link", async () => {
    const failures: string[] = [];
    for (const s of sessions) {
      const own = idsOfCompany(plan, s.companyId).site;
      for (const foreign of companies().filter((c) => !s.memberOf.includes(c))) {
        for (const [method, url] of [['DELETE', `/api/site-dashboard/${own}/shares/${shareOf(foreign)}`], ['GET', `/api/shared/${shareOf(foreign)}`]] as const) {
          const res = await call(t.app, method, url, undefined, s.token);
          if (![403, 404].includes(res.status) || res.body?.data !== undefined) failures.push(`${s.name} ${method} ${url}: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const stillLive = await t.deps.db.selectFrom('siteShares').select('id').where('id', 'in', companies().map(shareOf)).where('revokedAt', 'is', null).execute();
    expect(stillLive).toHaveLength(companies().length);
  });

  it("refuses another company's feeds and nodes in a readings call on the session's own site", async () => {
    const failures: string[] = [];
    const readingRoutes = routes.filter((r) => r.method === 'POST' && (/readings(-minmax)?$/.test(r.path) || r.path.includes('/export/')));
    expect(readingRoutes.length).toBeGreaterThanOrEqual(2);
    for (const s of sessions) {
      const own = idsOfCompany(plan, s.companyId).site;
      for (const foreign of companies().filter((c) => !s.memberOf.includes(c))) {
        const k = idsOfCompany(plan, foreign);
        for (const r of readingRoutes) {
          for (const body of [bodyFor(r.method, r.path, { feed: k.feed }), bodyFor(r.method, r.path, { node: k.node })]) {
            const res = await call(t.app, r.method, fill(r.path, own), body, s.token);
            if (![403, 404].includes(res.status) || res.body?.data !== undefined) failures.push(`${s.name} ${r.path} ${JSON.stringify(body).slice(0, 80)}: ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers list routes (no id in the path) with nothing of another company, whatever the query names", async () => {
    const failures: string[] = [];
    for (const s of sessions) {
      const foreign = companies().filter((c) => !s.memberOf.includes(c));
      const owned = foreign.flatMap(ownedBy);
      for (const r of routes.filter((x) => !x.path.includes(':') && x.method === 'GET')) {
        for (const c of foreign) {
          const k = idsOfCompany(plan, c);
          const q = `?companyId=${c}&siteId=${k.site}&id=${k.site}`;
          const res = await call(t.app, 'GET', `${r.path}${q}`, undefined, s.token);
          const text = JSON.stringify(res.body ?? null);
          const leaked = owned.filter((o) => text.includes(o));
          if (res.status >= 500 || leaked.length) failures.push(`${s.name} GET ${r.path}${q}: ${res.status} leaked ${leaked.length}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the same routes answer the session its own ids (the refusals above are about tenancy, not the calls)', async () => {
    const failures: string[] = [];
    const s = sessions.find((x) => x.name === 'manager')!;
    const kinds = kindsOf(s.companyId);
    const k = idsOfCompany(plan, s.companyId);
    // An export's file is there only once the job has run, and its link needs the mailed token: exports.test.ts runs them.
    const fileRoutes = ['/api/export-jobs/:id/file', '/api/export-jobs/:id/download'];
    for (const r of routes.filter((x) => x.path.includes(':') && (x.method === 'GET' || x.method === 'POST') && !fileRoutes.includes(x.path))) {
      let ok = false;
      for (const [, id] of kinds) {
        const res = await call(t.app, r.method, fill(r.path, id), bodyFor(r.method, r.path, { feed: k.feed, fridge: k.fridge }), s.token);
        if (res.status >= 200 && res.status < 300) ok = true;
      }
      if (!ok) failures.push(`${r.method} ${r.path} answered no id of the session's own company`);
    }
    expect(failures).toEqual([]);
  });
  // Export schedules are a management resource: another company's schedule is a 404 for every verb and
  // never listed, and a schedule of the session's company cannot name another company's site, feeds or people.
  it("answers another company's export schedule 404 and refuses its site, feeds and people in a schedule (400)", async () => {
    const failures: string[] = [];
    const ids = await demoIds(t.deps);
    const scheduleOf = (companyId: string) => `schedule-${companyId}`;
    for (const companyId of companies()) {
      const k = idsOfCompany(plan, companyId);
      await t.deps.db
        .insertInto('exportSchedules')
        .values({
          id: scheduleOf(companyId), companyId, siteId: k.site, name: `Schedule ${companyId}`, kind: 'readings', query: JSON.stringify({ feedIds: [k.feed] }), every: 'week',
          recipients: JSON.stringify([ids.manager]), createdBy: ids.manager, anchorAt: 0, nextRunAt: Number.MAX_SAFE_INTEGER, lastRunAt: null, createdAt: 0,
        })
        .execute();
    }
    const s = sessions.find((x) => x.name === 'manager')!;
    const own = idsOfCompany(plan, s.companyId);
    const week = { from: '2026-03-02T00:00:00Z', to: '2026-03-09T00:00:00Z', interval: '1hour', dataViewType: 'RawData' };
    const valid = { siteId: own.site, query: { ...week, feedIds: [own.feed] }, every: 'week', recipients: [ids.manager] };
    expect((await call(t.app, 'POST', '/api/export-schedules', valid, s.token)).status).toBe(201);
    const members = await t.deps.db.selectFrom('memberships').select(['userId', 'companyId']).execute();
    for (const foreign of companies().filter((c) => !s.memberOf.includes(c))) {
      const k = idsOfCompany(plan, foreign);
      for (const [method, body] of [['GET', undefined], ['PUT', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
        const r = await call(t.app, method, `/api/export-schedules/${scheduleOf(foreign)}`, body, s.token);
        if (r.status !== 404 || r.body?.data !== undefined) failures.push(`${method} another company's schedule: ${r.status}`);
      }
      const list = await call(t.app, 'GET', `/api/export-schedules?limit=1000&siteId=${k.site}`, undefined, s.token);
      if (list.status !== 200 || JSON.stringify(list.body).includes(scheduleOf(foreign))) failures.push(`list with another company's site: ${list.status}`);
      const stranger = members.find((m) => m.companyId === foreign && !members.some((x) => x.userId === m.userId && x.companyId === s.companyId))?.userId;
      for (const [field, body] of [
        ['siteId', { ...valid, siteId: k.site }],
        ['query', { ...valid, query: { ...week, feedIds: [k.feed] } }],
        ['query', { ...valid, query: { ...week, nodeIds: [k.node] } }],
        ...(stranger ? [['recipients', { ...valid, recipients: [stranger] }] as const] : []),
      ] as const) {
        const r = await call(t.app, 'POST', '/api/export-schedules', body, s.token);
        const named = (r.body as { details?: { path: string }[] }).details?.map((d) => d.path) ?? [];
        if (r.status !== 400 || !named.includes(field)) failures.push(`POST naming another company's ${field}: ${r.status} ${JSON.stringify(r.body).slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    const theirs = await t.deps.db.selectFrom('exportSchedules').select('id').where('id', 'in', companies().map(scheduleOf)).execute();
    expect(theirs).toHaveLength(companies().length);
  });
});
