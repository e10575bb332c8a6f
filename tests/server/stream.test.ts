import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, freshIp, signInAdmin, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from './readings-fixtures';
import { openStream, type OpenStream } from './stream-client';
import { streamReading } from '../../src/api/contract/stream';
import { exportTick } from '../../server/exports/export-jobs';
import { packPayloads } from '../../server/live/pg-transport';
import type { LiveMessage } from '../../server/live/hub';
import type { SseMessage } from '../../src/api/sse';


const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A company with one hub, one feed and a hub key, and a signed-in manager. */
async function companyWithFeed(t: TestApp) {
  const db = t.deps.db;
  const company = await addCompany(db);
  const site = await addSite(db, company);
  const hub = await addHub(db, site);
  const feed = await addFeed(db, await addNode(db, hub), await addSignalType(db, 'instant'));
  const manager = (await memberOf(t.app, db, company, 'manager')).token;
  const key = (await call(t.app, 'POST', `/api/hubs/${hub}/api-keys`, {}, manager)).body.data.key as string;
  return { company, site, hub, feed, manager, key };
}

const ingest = (t: TestApp, key: string, feedId: string, value: number, ts = Date.now()) =>
  t.app.inject({ method: 'POST', url: '/api/ingest', payload: { readings: [{ feedId, ts: new Date(ts).toISOString(), value }] }, remoteAddress: freshIp(), headers: { 'x-api-key': key } });

/** Queues a readings export of the company's feed as `token`'s person and runs the worker once: the job is Sent. */
async function exportAndRun(t: TestApp, c: Awaited<ReturnType<typeof companyWithFeed>>, token: string): Promise<string> {
  const query = { feedIds: [c.feed], from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString(), interval: '1hour', aggregation: 2, dataViewType: 'RawData' };
  const r = await call(t.app, 'POST', `/api/site-dashboard/${c.site}/export/readings`, query, token);
  expect(r.status).toBe(202);
  await exportTick(t.deps, Date.now);
  return r.body.data.id as string;
}

/** The job's last event: progress reports come before it while the file is written. */
const sentOf = (jobId: string) => (m: SseMessage) => m.event === 'export' && (JSON.parse(m.data) as { id: string; status: string }).id === jobId && JSON.parse(m.data).status === 'Sent';

describe('GET /api/stream', () => {
  let t: TestApp;
  let base: string;
  const open: OpenStream[] = [];
  const stream = async (headers: Record<string, string>) => {
    const s = await openStream(base, headers);
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/stream')).status).toBe(401);
    const s = await stream({ Authorization: 'Bearer nonsense' });
    expect(s.status).toBe(401);
  });

  it("delivers a stored reading to the company's open streams, and to no other company's", async () => {
    const a = await companyWithFeed(t);
    const b = await companyWithFeed(t);
    const mine = await stream(bearer(a.manager));
    const theirs = await stream(bearer(b.manager));
    expect(mine.status).toBe(200);
    expect((await ingest(t, a.key, a.feed, 9.25)).statusCode).toBe(200);
    const m = await mine.waitFor((x) => x.event === 'reading', 1_000);
    expect(streamReading.parse(JSON.parse(m.data))).toMatchObject({ feedId: a.feed, value: 9.25 });
    expect(m.id).toBeTruthy();
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages.filter((x) => x.event === 'reading')).toEqual([]);
  });

  it('a reconnect with Last-Event-ID gets what it missed, and only that', async () => {
    const a = await companyWithFeed(t);
    const first = await stream(bearer(a.manager));
    await ingest(t, a.key, a.feed, 1, Date.now() - 2_000);
    const seen = await first.waitFor((x) => x.event === 'reading');
    first.close();
    await ingest(t, a.key, a.feed, 2, Date.now() - 1_000);
    await ingest(t, a.key, a.feed, 3);
    const again = await stream({ ...bearer(a.manager), 'Last-Event-ID': seen.id! });
    await again.waitFor((x) => x.event === 'reading' && JSON.parse(x.data).value === 3);
    expect(again.messages.filter((x) => x.event === 'reading').map((x) => JSON.parse(x.data).value)).toEqual([2, 3]);
    // An id that is not kept (too old, or never sent) replays nothing: the page re-reads instead.
    const unknown = await stream({ ...bearer(a.manager), 'Last-Event-ID': 'no-such-id' });
    await new Promise((r) => setTimeout(r, 200));
    expect(unknown.messages.filter((x) => x.event === 'reading')).toEqual([]);
  });

  it("sends an export job's events to its owner's streams only, not to another member of the company (finding 6)", async () => {
    const c = await companyWithFeed(t);
    const colleague = (await memberOf(t.app, t.deps.db, c.company, 'manager')).token;
    const tab1 = await stream(bearer(c.manager));
    const tab2 = await stream(bearer(c.manager));
    const other = await stream(bearer(colleague));
    // A reading both see: the colleague's reconnect below resumes after it.
    expect((await ingest(t, c.key, c.feed, 4.5)).statusCode).toBe(200);
    const seen = await other.waitFor((x) => x.event === 'reading');

    const jobId = await exportAndRun(t, c, c.manager);
    for (const tab of [tab1, tab2]) {
      const m = await tab.waitFor(sentOf(jobId));
      expect(JSON.parse(m.data)).toMatchObject({ id: jobId, siteId: c.site });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(other.messages.filter((x) => x.event === 'export')).toEqual([]);
    // Nor does the replay of a reconnect hand it over.
    const resumed = await stream({ ...bearer(colleague), 'Last-Event-ID': seen.id! });
    await new Promise((r) => setTimeout(r, 200));
    expect(resumed.messages.filter((x) => x.event === 'export')).toEqual([]);
    const mineResumed = await stream({ ...bearer(c.manager), 'Last-Event-ID': seen.id! });
    await mineResumed.waitFor(sentOf(jobId));
  });

  it('an export message that names no owner reaches nobody', async () => {
    const c = await companyWithFeed(t);
    const s = await stream(bearer(c.manager));
    await t.deps.live.publish([{ kind: 'export', companyId: c.company, siteId: c.site, data: { id: 'ownerless' } }]);
    await t.deps.live.publish([{ kind: 'export', companyId: c.company, siteId: c.site, userId: 'someone-else', data: { id: 'theirs' } }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.messages.filter((x) => x.event === 'export')).toEqual([]);
  });

  it('PostgreSQL fan-out carries the owner of a message', () => {
    const m: LiveMessage = { id: '1', kind: 'export', companyId: 'c', siteId: 's', userId: 'u', data: { id: 'j' }, at: 1 };
    const { payloads } = packPayloads([m]);
    expect(JSON.parse(payloads[0]!)).toEqual([m]);
  });

  it('a session without a company is asked to choose one', async () => {
    const admin = await signInAdmin(t.app);
    expect(admin.companyId ?? null).toBeNull();
    const r = await call(t.app, 'GET', '/api/stream', undefined, admin.accessToken);
    expect(r.status).toBe(400);
  });
});

describe.runIf(process.env.DATABASE_URL)('GET /api/stream across two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let base: string;
  let s: OpenStream | null = null;
  const more: OpenStream[] = [];
  beforeAll(async () => {
    a = await buildTestApp();
    // The second instance shares the first one's database (its own fresh one goes unused).
    b = await buildTestApp({ DATABASE_URL: a.deps.config.DATABASE_URL! }, { seed: false });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    s?.close();
    for (const o of more) o.close();
    await b.close();
    await a.close();
  });

  it('a reading ingested on one instance reaches a stream on the other within a second', async () => {
    const c = await companyWithFeed(a);
    s = await openStream(base, bearer(c.manager));
    expect(s.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const sent = Date.now();
    expect((await ingest(a, c.key, c.feed, 7.5)).statusCode).toBe(200);
    const m = await s.waitFor((x) => x.event === 'reading', 1_000);
    expect(JSON.parse(m.data)).toMatchObject({ feedId: c.feed, value: 7.5 });
    expect(Date.now() - sent).toBeLessThan(1_000);
  });

  it("an export job's events reach its owner on the other instance, and not a colleague there", async () => {
    const c = await companyWithFeed(a);
    const colleague = (await memberOf(a.app, a.deps.db, c.company, 'manager')).token;
    const mine = await openStream(base, bearer(c.manager));
    const theirs = await openStream(base, bearer(colleague));
    more.push(mine, theirs);
    await new Promise((r) => setTimeout(r, 100));
    const jobId = await exportAndRun(a, c, c.manager);
    await mine.waitFor(sentOf(jobId));
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.messages.filter((x) => x.event === 'export')).toEqual([]);
  });
});
