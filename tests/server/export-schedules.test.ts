import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldPlan } from '../../server/seed/plan';
import { DEMO, buildTestApp, call, demoIds, mailsTo, roleTokens, testClock, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';
import { exportTick } from '../../server/exports/export-jobs';
import { nextRunAfter, occurrence, scheduleTick } from '../../server/exports/export-schedules';
import { EXPORT_TICK_MS, startExportJobs } from '../../server/jobs/exports';
import { exportSchedule } from '../../src/api/contract/export-schedules';
import { exportJob } from '../../src/api/contract/exports';

const DAY = 86_400_000;

describe('export schedule runs', () => {
  const at = (s: string) => Date.parse(s);
  it('come every 7 days from creation at the same local hour, across a daylight-saving change', () => {
    const anchor = at('2026-03-23T09:00:00Z'); // 09:00 in London (GMT)
    expect(new Date(occurrence(anchor, 'week', 1, 'Europe/London')).toISOString()).toBe('2026-03-30T08:00:00.000Z'); // 09:00 BST
    expect(new Date(occurrence(anchor, 'week', 2, 'Europe/London')).toISOString()).toBe('2026-04-06T08:00:00.000Z');
    expect(occurrence(anchor, 'week', 0, 'Europe/London')).toBe(anchor);
  });

  it('come monthly on the same day, or on the last day of a shorter month without drifting', () => {
    const anchor = at('2026-01-31T09:00:00Z');
    const runs = [1, 2, 3, 4].map((k) => new Date(occurrence(anchor, 'month', k, 'Europe/London')).toISOString());
    expect(runs).toEqual(['2026-02-28T09:00:00.000Z', '2026-03-31T08:00:00.000Z', '2026-04-30T08:00:00.000Z', '2026-05-31T08:00:00.000Z']);
    expect(new Date(occurrence(at('2026-01-15T12:00:00Z'), 'month', 12, 'UTC')).toISOString()).toBe('2027-01-15T12:00:00.000Z');
  });

  it('next after a time is the first run strictly later', () => {
    const anchor = at('2026-01-05T10:00:00Z');
    expect(nextRunAfter(anchor, 'week', anchor, 'UTC')).toBe(anchor + 7 * DAY);
    expect(nextRunAfter(anchor, 'week', anchor + 7 * DAY, 'UTC')).toBe(anchor + 14 * DAY);
    expect(nextRunAfter(anchor, 'week', anchor + 100 * DAY, 'UTC')).toBe(anchor + 105 * DAY);
    expect(nextRunAfter(anchor, 'month', anchor + 400 * DAY, 'UTC')).toBe(at('2027-03-05T10:00:00Z'));
  });
});

describe('export schedules', () => {
  let t: TestApp;
  let plan: WorldPlan;
  const clock = testClock(Date.parse('2026-03-02T09:00:00Z'));
  let tok: Awaited<ReturnType<typeof roleTokens>>;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let site: string;
  let feeds: string[];

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    ({ plan } = await seedSmallWorld(t.deps));
    ids = await demoIds(t.deps);
    const node = plan.nodes.find((n) => n.companyId === ids.northwind && n.feeds.length > 0)!;
    site = node.siteId;
    feeds = node.feeds.map((f) => f.id);
    tok = await roleTokens(t.app, ids);
  });
  afterAll(() => t.close());

  const query = () => ({ feedIds: feeds, from: '2026-02-23T00:00:00Z', to: '2026-03-02T00:00:00Z', interval: '1hour', aggregation: 2, dataViewType: 'RawData' });
  const body = (over: Record<string, unknown> = {}) => ({ siteId: site, query: query(), every: 'week', recipients: [ids.user, ids.viewer], ...over });
  const tick = () => scheduleTick(t.deps, clock.now);
  const jobsOf = (scheduleId: string) => t.deps.db.selectFrom('exportJobs').selectAll().where('scheduleId', '=', scheduleId).orderBy('createdAt').execute();

  it('are created, listed, read, changed and deleted by managers; members read them; users and viewers write nothing', async () => {
    const r = await call(t.app, 'POST', '/api/export-schedules', body(), tok.manager);
    expect(r.status).toBe(201);
    const made = exportSchedule.parse(r.body.data);
    expect(made).toMatchObject({ siteId: site, kind: 'readings', every: 'week', recipients: [ids.user, ids.viewer], lastRunAt: null });
    expect(made.name).toMatch(/^Weekly readings of /);
    expect(Date.parse(made.nextRunAt)).toBe(clock.now() + 7 * DAY);

    const list = await call(t.app, 'GET', `/api/export-schedules?siteId=${site}`, undefined, tok.user);
    expect(list.status).toBe(200);
    expect((list.body.data as { id: string }[]).map((s) => s.id)).toContain(made.id);
    expect((await call(t.app, 'GET', `/api/export-schedules/${made.id}`, undefined, tok.viewer)).status).toBe(200);
    for (const token of [tok.user, tok.viewer]) {
      expect((await call(t.app, 'POST', '/api/export-schedules', body(), token)).status).toBe(403);
      expect((await call(t.app, 'PUT', `/api/export-schedules/${made.id}`, { every: 'month' }, token)).status).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/export-schedules/${made.id}`, undefined, token)).status).toBe(403);
    }

    clock.advance(DAY);
    const put = await call(t.app, 'PUT', `/api/export-schedules/${made.id}`, { every: 'month', name: 'Monthly for the auditor', kind: 'readings-minmax' }, tok.manager);
    expect(put.status).toBe(200);
    const changed = exportSchedule.parse(put.body.data);
    expect(changed).toMatchObject({ every: 'month', name: 'Monthly for the auditor', kind: 'readings-minmax' });
    // Another period counts afresh from the change: the same day next month.
    expect(changed.nextRunAt).toBe(new Date(occurrence(clock.now(), 'month', 1, 'Europe/London')).toISOString());
    // Only the recipients: the rest is kept.
    const only = exportSchedule.parse((await call(t.app, 'PUT', `/api/export-schedules/${made.id}`, { recipients: [ids.manager] }, tok.manager)).body.data);
    expect(only).toMatchObject({ every: 'month', recipients: [ids.manager], query: changed.query, nextRunAt: changed.nextRunAt });

    expect((await call(t.app, 'DELETE', `/api/export-schedules/${made.id}`, undefined, tok.manager)).body.data).toEqual({ deleted: true });
    expect((await call(t.app, 'GET', `/api/export-schedules/${made.id}`, undefined, tok.manager)).status).toBe(404);
  });

  it("refuses another company's site, feeds and people with a 400 naming the field, and answers its schedules 404", async () => {
    const harbourNode = plan.nodes.find((n) => n.companyId === ids.harbour && n.feeds.length > 0)!;
    const cases: [string, Record<string, unknown>][] = [
      ['siteId', body({ siteId: harbourNode.siteId })],
      ['siteId', body({ siteId: 'no-such-site' })],
      ['query', body({ query: { ...query(), feedIds: [harbourNode.feeds[0]!.id] } })],
      ['query', body({ query: { ...query(), feedIds: undefined, nodeIds: [harbourNode.id] } })],
      ['query', body({ query: { ...query(), feedIds: undefined } })],
      ['recipients', body({ recipients: [ids.admin] })],
      ['recipients', body({ recipients: [] })],
    ];
    for (const [field, b] of cases) {
      const r = await call(t.app, 'POST', '/api/export-schedules', b, tok.manager);
      expect(r.status, JSON.stringify(b)).toBe(400);
      expect((r.body as { details: { path: string }[] }).details.map((d) => d.path)).toContain(field);
    }
    // A Harbour schedule made by an admin shadowing Harbour is not there for Northwind.
    const harbourMember = `harbour-member-${Date.now()}`;
    await t.deps.db.insertInto('users').values({ id: harbourMember, email: `${harbourMember}@example.test`, name: 'Harbour member', passwordHash: 'x', mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: 0 }).execute();
    await t.deps.db.insertInto('memberships').values({ userId: harbourMember, companyId: ids.harbour, role: 'user', disabled: 0, invitedAt: null }).execute();
    const theirs = await call(t.app, 'POST', '/api/export-schedules', { siteId: harbourNode.siteId, query: { ...query(), feedIds: [harbourNode.feeds[0]!.id] }, every: 'month', recipients: [harbourMember] }, tok.shadowHarbour);
    expect(theirs.status).toBe(201);
    for (const [method, b] of [['GET', undefined], ['PUT', { name: 'Mine' }], ['DELETE', undefined]] as const) {
      expect((await call(t.app, method, `/api/export-schedules/${theirs.body.data.id}`, b, tok.manager)).status).toBe(404);
    }
    // And a Northwind member is no recipient of a Harbour schedule.
    expect((await call(t.app, 'PUT', `/api/export-schedules/${theirs.body.data.id}`, { recipients: [ids.user] }, tok.shadowHarbour)).status).toBe(400);
  });

  it('queues exactly one job per period through the export queue, mailed to each recipient with the signed link', async () => {
    const made = exportSchedule.parse((await call(t.app, 'POST', '/api/export-schedules', body(), tok.manager)).body.data);
    const created = clock.now();
    expect(await tick()).toEqual([]);
    clock.advance(7 * DAY - 1);
    expect(await tick()).toEqual([]);
    clock.advance(1);
    // Two passes at once (two instances, or a pass that overlaps): one job for the run.
    const [a, b] = await Promise.all([tick(), tick()]);
    expect([...a, ...b].filter((j) => j.scheduleId === made.id)).toHaveLength(1);
    expect(await tick()).toEqual([]);
    const [job] = await jobsOf(made.id);
    expect(job).toMatchObject({ status: 'Pending', userId: ids.manager, siteId: site, kind: 'readings' });
    // The week that just ended, from creation to this run.
    const q = JSON.parse(job!.query) as { from: string; to: string; feedIds: string[] };
    expect([Date.parse(q.from), Date.parse(q.to)]).toEqual([created, created + 7 * DAY]);
    expect(q.feedIds).toEqual(feeds);
    const after = exportSchedule.parse((await call(t.app, 'GET', `/api/export-schedules/${made.id}`, undefined, tok.manager)).body.data);
    expect(Date.parse(after.nextRunAt)).toBe(created + 14 * DAY);
    expect(after.lastRunAt).not.toBeNull();

    // The same worker builds it; each recipient gets the link, the schedule's maker (not a recipient) gets none.
    const done = await exportTick(t.deps, clock.now);
    expect(done.find((j) => j.id === job!.id)?.status).toBe('Sent');
    for (const email of [DEMO.user, DEMO.viewer]) {
      const mails = (await mailsTo(t.app, email)).filter((m) => m.text.includes(`/api/export-jobs/${job!.id}/file?token=`));
      expect(mails, email).toHaveLength(1);
      const link = /(\/api\/export-jobs\/\S+)/.exec(mails[0]!.text)![1]!;
      const file = await t.app.inject({ method: 'GET', url: link });
      expect(file.statusCode).toBe(200);
      expect(file.body.split('\r\n')[0]).toBe('site,node,feed,unit,time,avg,min,max');
    }
    expect((await mailsTo(t.app, DEMO.manager)).filter((m) => m.text.includes(job!.id))).toEqual([]);
    // The maker's exports list shows the job.
    const mine = await call(t.app, 'GET', '/api/export-jobs', undefined, tok.manager);
    expect((mine.body.data as unknown[]).map((j) => exportJob.parse(j).id)).toContain(job!.id);

    // Down for three weeks: one job for the latest period, not a burst, and the next run is ahead again.
    clock.advance(21 * DAY + 3_600_000);
    expect((await tick()).filter((j) => j.scheduleId === made.id)).toHaveLength(1);
    expect(await tick()).toEqual([]);
    const jobs = await jobsOf(made.id);
    expect(jobs).toHaveLength(2);
    const latest = JSON.parse(jobs[1]!.query) as { from: string; to: string };
    // Runs keep the site's local hour: the clocks went forward on 29 March, so these are an hour earlier in UTC.
    const { timezone } = await t.deps.db.selectFrom('sites').select('timezone').where('id', '=', site).executeTakeFirstOrThrow();
    const run = (k: number) => occurrence(created, 'week', k, timezone);
    expect([Date.parse(latest.from), Date.parse(latest.to)]).toEqual([run(3), run(4)]);
    const ahead = exportSchedule.parse((await call(t.app, 'GET', `/api/export-schedules/${made.id}`, undefined, tok.manager)).body.data);
    expect(Date.parse(ahead.nextRunAt)).toBe(run(5));
    await exportTick(t.deps, clock.now);
  });

  it('mails no one who has left the company since the schedule was made', async () => {
    const made = exportSchedule.parse((await call(t.app, 'POST', '/api/export-schedules', body({ recipients: [ids.user, ids.viewer] }), tok.manager)).body.data);
    await t.deps.db.updateTable('memberships').set({ disabled: 1 }).where('userId', '=', ids.viewer).where('companyId', '=', ids.northwind).execute();
    try {
      clock.advance(7 * DAY);
      const [job] = (await tick()).filter((j) => j.scheduleId === made.id);
      expect(job).toBeDefined();
      await exportTick(t.deps, clock.now);
      expect((await mailsTo(t.app, DEMO.user)).filter((m) => m.text.includes(job!.id))).toHaveLength(1);
      expect((await mailsTo(t.app, DEMO.viewer)).filter((m) => m.text.includes(job!.id))).toEqual([]);
    } finally {
      await t.deps.db.updateTable('memberships').set({ disabled: 0 }).where('userId', '=', ids.viewer).where('companyId', '=', ids.northwind).execute();
      await call(t.app, 'DELETE', `/api/export-schedules/${made.id}`, undefined, tok.manager);
    }
  });
});

describe('the export worker', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('starts a job within 2 seconds of its request', async () => {
    expect(EXPORT_TICK_MS).toBeLessThanOrEqual(2_000);
    t = await buildTestApp();
    const { plan } = await seedSmallWorld(t.deps);
    const ids = await demoIds(t.deps);
    const node = plan.nodes.find((n) => n.companyId === ids.northwind && n.feeds.length > 0)!;
    const tok = await roleTokens(t.app, ids);
    const worker = startExportJobs(t.deps);
    try {
      const to = Date.now();
      const asked = performance.now();
      const r = await call(t.app, 'POST', `/api/site-dashboard/${node.siteId}/export/readings`, {
        feedIds: node.feeds.map((f) => f.id), from: new Date(to - DAY).toISOString(), to: new Date(to).toISOString(), interval: '1hour', dataViewType: 'RawData',
      }, tok.manager);
      expect(r.status).toBe(202);
      let started = Infinity;
      while (performance.now() - asked < 5_000) {
        const row = await t.deps.db.selectFrom('exportJobs').select(['attempts', 'status']).where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
        if (Number(row.attempts) > 0 || row.status !== 'Pending') {
          started = performance.now() - asked;
          break;
        }
        await new Promise((res) => setTimeout(res, 20));
      }
      expect(started).toBeLessThan(2_000);
    } finally {
      await worker.stop();
    }
  });
});
