import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGlanceResponse, GLANCE_ROWS } from '../../src/api/contract/admin-glance';
import { WEAK_BATTERY_PCT } from '../../src/api/contract/link-health';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';
import type { WorldPlan } from '../../server/seed/plan';

// The Admin Dashboard's glance: what is wrong on the platform and where, for platform admins acting as themselves only.
describe('GET /api/admin/glance', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const tok = { admin: '', manager: '', user: '', viewer: '' };

  const glance = async (token = tok.admin) => {
    const r = await call(t.app, 'GET', '/api/admin/glance', undefined, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return adminGlanceResponse.parse(r.body.data);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps));
    ids = await demoIds(t.deps);
    tok.admin = (await signInAdmin(t.app)).accessToken;
    tok.manager = (await signIn(t.app, DEMO.manager)).accessToken;
    tok.user = (await signIn(t.app, DEMO.user)).accessToken;
    tok.viewer = (await signIn(t.app, DEMO.viewer)).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the weak batteries of every company, lowest first, by the shared threshold', async () => {
    const mackwellNode = plan.nodes.find((n) => n.companyId === ids.mackwell && n.batteryPct !== null)!;
    await t.deps.db.updateTable('nodes').set({ batteryPct: 5 }).where('id', '=', mackwellNode.id).execute();
    // Exactly at the threshold counts as weak; one above does not.
    const edge = plan.nodes.find((n) => n.companyId === ids.northwind && n.batteryPct !== null)!;
    await t.deps.db.updateTable('nodes').set({ batteryPct: WEAK_BATTERY_PCT }).where('id', '=', edge.id).execute();
    const weakInDb = await t.deps.db.selectFrom('nodes').select('id').where('batteryPct', '<=', WEAK_BATTERY_PCT).execute();

    const g = await glance();
    expect(g.weakBatteries.total).toBe(weakInDb.length);
    expect(g.weakBatteries.nodes.length).toBe(Math.min(GLANCE_ROWS, weakInDb.length));
    expect(g.weakBatteries.nodes.map((n) => n.batteryPct)).toEqual([...g.weakBatteries.nodes.map((n) => n.batteryPct)].sort((a, b) => a - b));
    expect(g.weakBatteries.nodes.every((n) => n.batteryPct <= WEAK_BATTERY_PCT)).toBe(true);
    expect(g.weakBatteries.nodes[0]).toMatchObject({ batteryPct: expect.any(Number), companyId: expect.any(String), siteId: expect.any(String) });
    const five = g.weakBatteries.nodes.find((n) => n.nodeId === mackwellNode.id);
    expect(five).toMatchObject({ batteryPct: 5, companyId: ids.mackwell, siteId: mackwellNode.siteId, nodeName: mackwellNode.name });
    await t.deps.db.updateTable('nodes').set({ batteryPct: WEAK_BATTERY_PCT + 1 }).where('id', '=', edge.id).execute();
    expect((await glance()).weakBatteries.total).toBe(weakInDb.length - 1);
  });

  it('counts open critical alert events by company with the newest event, and leaves resolved and milder ones out', async () => {
    const rule = await t.deps.db.selectFrom('alertRules').select(['id', 'companyId']).where('companyId', '=', ids.northwind).executeTakeFirst();
    const node = plan.nodes.find((n) => n.companyId === ids.northwind)!;
    expect(rule, 'the small world has alert rules').toBeTruthy();
    const base = {
      companyId: ids.northwind, ruleId: rule!.id, siteId: node.siteId, nodeId: node.id, feedId: null, peak: null, detail: '',
      acknowledgedBy: null, acknowledgedAt: null, assigneeId: null, muted: 0, escalationSteps: 0, endedAt: null,
    };
    const now = Date.now();
    await t.deps.db.insertInto('alertEvents').values([
      { ...base, id: 'glance-crit-old', severity: 'critical', state: 'acknowledged', startedAt: now - 7_200_000, openedAt: now - 7_200_000 },
      { ...base, id: 'glance-crit-new', severity: 'critical', state: 'active', startedAt: now - 60_000, openedAt: now - 60_000 },
      { ...base, id: 'glance-crit-done', severity: 'critical', state: 'resolved', startedAt: now, openedAt: now, endedAt: now },
      { ...base, id: 'glance-minor', severity: 'minor', state: 'active', startedAt: now, openedAt: now },
    ]).execute();
    const open = await t.deps.db.selectFrom('alertEvents').select(['id', 'companyId']).where('severity', '=', 'critical').where('state', '!=', 'resolved').execute();

    const g = await glance();
    expect(g.criticalAlerts.total).toBe(open.length);
    const northwind = g.criticalAlerts.companies.find((c) => c.companyId === ids.northwind)!;
    expect(northwind.count).toBe(open.filter((e) => e.companyId === ids.northwind).length);
    expect(northwind.newestEventId).toBe('glance-crit-new');
    expect(g.criticalAlerts.companyCount).toBe(new Set(open.map((e) => e.companyId)).size);
    expect(JSON.stringify(g)).not.toContain('glance-crit-done');
    expect(JSON.stringify(g)).not.toContain('glance-minor');
  });

  it('counts offline devices by company, most first', async () => {
    const g = await glance();
    const quiet = plan.hubs.find((h) => h.quietSince !== null)!;
    expect(g.offlineDevices.companies.some((c) => c.companyId === quiet.companyId && c.count > 0)).toBe(true);
    expect(g.offlineDevices.total).toBeGreaterThanOrEqual(g.offlineDevices.companies.reduce((n, c) => n + c.count, 0));
    expect(g.offlineDevices.companyCount).toBeGreaterThanOrEqual(g.offlineDevices.companies.length);
    const counts = g.offlineDevices.companies.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('lists open shadow sessions until they are exited, and recent sign-ins', async () => {
    expect((await glance()).shadowSessions.total).toBe(0);
    const companyShadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, tok.admin)).body.data;
    const userShadow = (await call(t.app, 'POST', '/api/shadow-user', { userId: ids.user }, tok.admin)).body.data;
    let g = await glance();
    expect(g.shadowSessions.total).toBe(2);
    expect(g.shadowSessions.sessions.map((s) => [s.kind, s.subjectName]).sort()).toEqual([['company', 'Harbour Pharmacy Group'], ['user', expect.any(String)]].sort());
    const company = g.shadowSessions.sessions.find((s) => s.kind === 'company')!;
    expect(company).toMatchObject({ companyId: ids.harbour, companyName: 'Harbour Pharmacy Group' });
    expect(company.actorName).toBeTruthy();
    expect(g.shadowSessions.sessions.find((s) => s.kind === 'user')!.companyId).not.toBeNull();

    expect((await call(t.app, 'POST', '/api/exit-shadow', {}, companyShadow.accessToken)).status).toBe(200);
    g = await glance();
    expect(g.shadowSessions.sessions.map((s) => s.kind)).toEqual(['user']);
    expect((await call(t.app, 'POST', '/api/exit-shadow', {}, userShadow.accessToken)).status).toBe(200);

    g = await glance();
    expect(g.shadowSessions.total).toBe(0);
    // Everyone signed in by this suite, the admin among them, marked as one.
    expect(g.recentSignIns.total).toBeGreaterThanOrEqual(4);
    expect(g.recentSignIns.users.find((u) => u.email === DEMO.admin)).toMatchObject({ admin: true });
    const times = g.recentSignIns.users.map((u) => Date.parse(u.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is refused to managers, users, viewers, shadow sessions (even an admin behind one) and the signed-out', async () => {
    for (const token of [tok.manager, tok.user, tok.viewer]) {
      const r = await call(t.app, 'GET', '/api/admin/glance', undefined, token);
      expect(r.status).toBe(403);
      expect(r.body.data).toBeUndefined();
    }
    const shadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.mackwell }, tok.admin)).body.data.accessToken;
    expect((await call(t.app, 'GET', '/api/admin/glance', undefined, shadow)).status).toBe(403);
    await call(t.app, 'POST', '/api/exit-shadow', {}, shadow);
    expect((await call(t.app, 'GET', '/api/admin/glance')).status).toBe(401);
  });

  it('Plexus answers a manager their own company only: another company is 403, whatever they ask', async () => {
    const r = await call(t.app, 'GET', `/api/plexus?companyId=${ids.harbour}`, undefined, tok.manager);
    expect(r.status).toBe(403);
    expect(r.body.data).toBeUndefined();
  });
});
