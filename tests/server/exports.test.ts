import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldPlan } from '../../server/seed/plan';
import { DEMO, buildTestApp, call, demoIds, mailsTo, signIn, testClock, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';
import { EXPORT_LINK_TTL_MS, EXPORT_MAX_ATTEMPTS, exportTick, exportsDir } from '../../server/exports/export-jobs';
import { exportColumns, isoInZone } from '../../server/exports/csv-export';
import { exportJob } from '../../src/api/contract/exports';

describe('export CSV columns', () => {
  it('are site,node,feed,unit,time and then the mode’s own', () => {
    const base = ['site', 'node', 'feed', 'unit', 'time'];
    expect(exportColumns({ dataViewType: 'RawData' })).toEqual([...base, 'value']);
    const modes: [number, string[]][] = [[0, ['min']], [1, ['max']], [2, ['avg', 'min', 'max']], [3, ['avg', 'min']], [4, ['avg', 'max']], [5, ['min', 'max']], [6, ['spread']]];
    for (const [aggregation, cols] of modes) expect(exportColumns({ dataViewType: 'RawData', aggregation })).toEqual([...base, ...cols]);
    expect(exportColumns({ dataViewType: 'MinMax' })).toEqual([...base, 'min', 'max']);
    expect(exportColumns({ dataViewType: 'ConsumptionPeriod' })).toEqual([...base, 'value']);
  });

  it('write times in ISO 8601 with the site’s offset at that instant', () => {
    expect(isoInZone(Date.parse('2026-03-29T00:30:00Z'), 'Europe/London')).toBe('2026-03-29T00:30:00+00:00');
    expect(isoInZone(Date.parse('2026-03-29T01:30:00Z'), 'Europe/London')).toBe('2026-03-29T02:30:00+01:00');
    expect(isoInZone(Date.parse('2026-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-01T05:30:00+05:30');
    expect(isoInZone(Date.parse('2026-01-01T12:00:00Z'), 'America/New_York')).toBe('2026-01-01T07:00:00-05:00');
  });
});

describe('export jobs', () => {
  let t: TestApp;
  let plan: WorldPlan;
  const clock = testClock();
  let user: string;
  let viewer: string;
  let site: string;
  let feeds: string[];

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    ({ plan } = await seedSmallWorld(t.deps));
    const ids = await demoIds(t.deps);
    const node = plan.nodes.find((n) => n.companyId === ids.northwind && n.feeds.length > 0)!;
    site = node.siteId;
    feeds = node.feeds.map((f) => f.id);
    user = (await signIn(t.app, DEMO.user)).accessToken;
    viewer = (await signIn(t.app, DEMO.viewer)).accessToken;
  });
  afterAll(() => t.close());

  const week = () => ({ feedIds: feeds, from: new Date(clock.now() - 7 * 86_400_000).toISOString(), to: new Date(clock.now()).toISOString(), interval: '1hour', aggregation: 2, dataViewType: 'RawData' });
  const tick = () => exportTick(t.deps, clock.now);

  it('queues a job (202, Pending) that the worker builds, stores and mails with a link valid for 7 days', async () => {
    expect((await call(t.app, 'POST', `/api/site-dashboard/${site}/export/readings`, week(), viewer)).status).toBe(403);
    const r = await call(t.app, 'POST', `/api/site-dashboard/${site}/export/readings`, week(), user);
    expect(r.status).toBe(202);
    expect(r.body.data).toEqual({ id: expect.any(String), status: 'Pending' });
    const jobId = r.body.data.id as string;
    const pending = exportJob.parse((await call(t.app, 'GET', `/api/export-jobs/${jobId}`, undefined, user)).body.data);
    expect(pending).toMatchObject({ status: 'Pending', progress: 0, kind: 'readings', siteId: site });

    const done = await tick();
    expect(done.map((j) => j.id)).toEqual([jobId]);
    const sent = exportJob.parse((await call(t.app, 'GET', `/api/export-jobs/${jobId}`, undefined, user)).body.data);
    expect(sent).toMatchObject({ status: 'Sent', progress: 1, error: null });
    expect(sent.rowCount).toBeGreaterThan(0);

    // The readings call over the same query has as many buckets as the file has rows.
    const answer = await call(t.app, 'POST', `/api/site-dashboard/${site}/readings`, week(), user);
    const buckets = (answer.body.data.series as { t: number[] }[]).reduce((n, s) => n + s.t.length, 0);
    expect(sent.rowCount).toBe(buckets);

    const mails = await mailsTo(t.app, DEMO.user);
    const mail = mails.find((m) => m.text.includes(`/api/export-jobs/${jobId}/file?token=`))!;
    expect(mail.subject).toMatch(/export/i);
    const link = /(\/api\/export-jobs\/\S+)/.exec(mail.text)![1]!;
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe('site,node,feed,unit,time,avg,min,max');
    expect(lines).toHaveLength(sent.rowCount! + 1);
    expect(lines[1]).toMatch(/^[^,]+,[^,]+,[^,]+,[^,]*,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d,[-\d.]+,[-\d.]+,[-\d.]+$/);

    // Another token, no token, or an expired link: the same 404.
    expect((await t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}/file?token=${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}/file` })).statusCode).toBe(404);
    clock.advance(EXPORT_LINK_TTL_MS + 1);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    // Its owner still has it from the list.
    expect((await t.app.inject({ method: 'GET', url: `/api/export-jobs/${jobId}/download`, headers: { authorization: `Bearer ${(await signIn(t.app, DEMO.user)).accessToken}` } })).statusCode).toBe(200);
    user = (await signIn(t.app, DEMO.user)).accessToken;
    viewer = (await signIn(t.app, DEMO.viewer)).accessToken;
  });

  it('lists the caller’s own jobs only, and another’s job is a 404', async () => {
    const mine = await call(t.app, 'GET', '/api/export-jobs', undefined, user);
    expect((mine.body as { total: number }).total).toBeGreaterThan(0);
    for (const j of mine.body.data as unknown[]) exportJob.parse(j);
    const theirs = await call(t.app, 'GET', '/api/export-jobs', undefined, viewer);
    expect(theirs.body).toMatchObject({ data: [], total: 0 });
    const id = (mine.body.data as { id: string }[])[0]!.id;
    expect((await call(t.app, 'GET', `/api/export-jobs/${id}`, undefined, viewer)).status).toBe(404);
  });

  it('writes the min/max export with its own columns', async () => {
    const r = await call(t.app, 'POST', `/api/site-dashboard/${site}/export/readings-minmax`, { ...week(), interval: '24hours' }, user);
    await tick();
    const row = await t.deps.db.selectFrom('exportJobs').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    const text = fs.readFileSync(path.join(exportsDir(t.deps), row.fileName!), 'utf8');
    expect(text.split('\r\n')[0]).toBe('site,node,feed,unit,time,min,max');
  });

  it('tries a failing job again later and gives up after the last try with its reason', async () => {
    const r = await call(t.app, 'POST', `/api/site-dashboard/${site}/export/readings`, week(), user);
    const jobId = r.body.data.id as string;
    // The site's data goes away under the job: reading its feeds fails.
    await t.deps.db.updateTable('exportJobs').set({ query: '{"feedIds":["nope"],"from":"x"' }).where('id', '=', jobId).execute();
    for (let i = 1; i <= EXPORT_MAX_ATTEMPTS; i++) {
      await tick();
      const row = await t.deps.db.selectFrom('exportJobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(i);
      expect(row.status).toBe(i < EXPORT_MAX_ATTEMPTS ? 'Pending' : 'Error');
      expect(row.error).toBeTruthy();
      // Not before its time: a tick now does nothing more.
      if (i < EXPORT_MAX_ATTEMPTS) {
        expect(await tick()).toEqual([]);
        clock.advance(60_000 * i ** 2 + 1);
      }
    }
  });

  it('takes up a job whose worker died once its lease runs out, and mails it once', async () => {
    const r = await call(t.app, 'POST', `/api/site-dashboard/${site}/export/readings`, week(), user);
    const jobId = r.body.data.id as string;
    // A worker claimed it and died: lease held, attempt counted, nothing written.
    await t.deps.db.updateTable('exportJobs').set({ leaseUntil: clock.now() + 60_000, attempts: 1 }).where('id', '=', jobId).execute();
    expect(await tick()).toEqual([]);
    clock.advance(60_001);
    expect((await tick()).map((j) => j.status)).toEqual(['Sent']);
    expect(await tick()).toEqual([]);
    const mails = (await mailsTo(t.app, DEMO.user)).filter((m) => m.text.includes(jobId));
    expect(mails).toHaveLength(1);
  });
});
