import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, freshIp, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from './readings-fixtures';
import { openStream, type OpenStream } from './stream-client';
import { streamReading } from '../../src/api/contract/stream';
import { createdDisplay, currentDisplay, display, displaySite } from '../../src/api/contract/displays';
import { listAnswer } from '../../src/api/contract/list';
import { sha256 } from '../../server/auth/secrets';
import { DISPLAY_RECHECK_MS } from '../../server/routes/stream';

// Wall displays (docs/product.md, Wall displays): a key made once, a stream and a start call that read only the display's sites, and a
// delete that shuts the key out at once, open streams included.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const readingsOf = (s: OpenStream) => s.messages.filter((m) => m.event === 'reading').map((m) => streamReading.parse(JSON.parse(m.data)));

describe('wall displays', () => {
  let t: TestApp;
  let base: string;
  const open: OpenStream[] = [];
  const stream = async (headers: Record<string, string>) => {
    const s = await openStream(base, headers);
    open.push(s);
    return s;
  };
  /** A company with two sites, each with a hub (and its key) and a feed, and a member of each role. */
  let w: {
    company: string;
    sites: { id: string; feed: string; key: string }[];
    manager: string;
    user: string;
    viewer: string;
    foreignSite: string;
  };

  const ingest = (key: string, feedId: string, value: number) =>
    t.app.inject({
      method: 'POST', url: '/api/ingest', payload: { readings: [{ feedId, ts: new Date().toISOString(), value }] }, remoteAddress: freshIp(), headers: { 'x-api-key': key },
    });
  const displayCall = (url: string, key: string) => t.app.inject({ method: 'GET', url, headers: { 'x-display-key': key } });
  const create = async (body: Record<string, unknown>) => {
    const r = await call(t.app, 'POST', '/api/displays', body, w.manager);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return createdDisplay.parse(r.body.data);
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const db = t.deps.db;
    const company = await addCompany(db);
    const manager = (await memberOf(t.app, db, company, 'manager')).token;
    const type = await addSignalType(db, 'instant');
    const sites = [];
    for (const name of ['Ward A', 'Ward B']) {
      const site = await addSite(db, company, { name, timezone: 'Europe/Paris' });
      const hub = await addHub(db, site);
      const feed = await addFeed(db, await addNode(db, hub, site), type);
      const key = (await call(t.app, 'POST', `/api/hubs/${hub}/api-keys`, {}, manager)).body.data.key as string;
      sites.push({ id: site, feed, key });
    }
    w = {
      company, sites, manager,
      user: (await memberOf(t.app, db, company, 'user')).token,
      viewer: (await memberOf(t.app, db, company, 'viewer')).token,
      foreignSite: await addSite(db, await addCompany(db)),
    };
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await t.close();
  });

  it('shows the key in the create answer only, and keeps only its hash', async () => {
    const made = await create({ name: 'Lobby', siteIds: [w.sites[0]!.id], theme: 'dark' });
    expect(made).toMatchObject({ name: 'Lobby', siteIds: [w.sites[0]!.id], everySeconds: 30, theme: 'dark' });
    expect(made.key).toMatch(/^swd_/);
    const one = await call(t.app, 'GET', `/api/displays/${made.id}`, undefined, w.viewer);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(display.parse(one.body.data));
    expect(JSON.stringify(one.body)).not.toContain(made.key);
    const list = await call(t.app, 'GET', '/api/displays?q=Lobby', undefined, w.user);
    expect(listAnswer(display).parse(list.body).data.map((d) => d.id)).toEqual([made.id]);
    expect(JSON.stringify(list.body)).not.toMatch(/swd_|key/i);
    const put = await call(t.app, 'PUT', `/api/displays/${made.id}`, { everySeconds: 10 }, w.manager);
    expect(put.status).toBe(200);
    expect(put.body.data).not.toHaveProperty('key');
    const row = await t.deps.db.selectFrom('displays').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.keyHash).toBe(sha256(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key);
  });

  it('lets only managers and admins write: users and viewers get 403', async () => {
    const body = { name: 'Not mine', siteIds: [w.sites[0]!.id], everySeconds: 30, theme: 'light' };
    for (const token of [w.user, w.viewer]) expect((await call(t.app, 'POST', '/api/displays', body, token)).status).toBe(403);
    const made = await create({ ...body, name: 'Kept' });
    for (const token of [w.user, w.viewer]) {
      expect((await call(t.app, 'PUT', `/api/displays/${made.id}`, { name: 'Taken' }, token)).status).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/displays/${made.id}`, undefined, token)).status).toBe(403);
    }
  });

  it("refuses another company's site and an unknown one with a 400 naming siteIds", async () => {
    for (const siteIds of [[w.foreignSite], [w.sites[0]!.id, 'no-such-site']]) {
      const r = await call(t.app, 'POST', '/api/displays', { name: 'Spy', siteIds, everySeconds: 30, theme: 'dark' }, w.manager);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('siteIds');
    }
    const made = await create({ name: 'Moved', siteIds: [w.sites[0]!.id], theme: 'dark' });
    const r = await call(t.app, 'PUT', `/api/displays/${made.id}`, { siteIds: [w.foreignSite] }, w.manager);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('siteIds');
  });

  it('starts a wall by its key alone: its settings and its sites in playlist order', async () => {
    const [a, b] = w.sites;
    const made = await create({ name: 'Corridor', siteIds: [b!.id, a!.id], everySeconds: 15, theme: 'light' });
    const r = await displayCall('/api/displays/current', made.key);
    expect(r.statusCode).toBe(200);
    expect(currentDisplay.parse(r.json().data)).toEqual({
      id: made.id, name: 'Corridor', siteIds: [b!.id, a!.id], everySeconds: 15, theme: 'light',
      sites: [{ id: b!.id, name: 'Ward B', timezone: 'Europe/Paris' }, { id: a!.id, name: 'Ward A', timezone: 'Europe/Paris' }],
    });
    expect((await displayCall('/api/displays/current', 'swd_nonsense')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/displays/current', undefined, w.manager)).status).toBe(401);
  });

  it('keeps when each display last reached the server, for its managers to see a screen that went dark', async () => {
    const made = await create({ name: 'Control room', siteIds: [w.sites[0]!.id], theme: 'dark' });
    const seen = async () => display.parse((await call(t.app, 'GET', `/api/displays/${made.id}`, undefined, w.manager)).body.data).lastSeenAt;
    expect(await seen()).toBeNull();
    const before = Date.now();
    expect((await displayCall('/api/displays/current', made.key)).statusCode).toBe(200);
    const first = await seen();
    expect(first).not.toBeNull();
    expect(Date.parse(first!)).toBeGreaterThanOrEqual(before - 1000);
    // Written once a minute at most: a second start within the minute leaves it as it was.
    expect((await displayCall('/api/displays/current', made.key)).statusCode).toBe(200);
    expect(await seen()).toBe(first);
    // A wrong key marks nothing.
    expect((await displayCall('/api/displays/current', 'swd_nonsense')).statusCode).toBe(401);
    expect(await seen()).toBe(first);
  });

  it('reads a playlist site by the key: its nodes and latest values, its open events and its readings; no other site', async () => {
    const [a, b] = w.sites;
    const made = await create({ name: 'Ward A only', siteIds: [a!.id], theme: 'dark' });
    expect((await ingest(a!.key, a!.feed, 5.5)).statusCode).toBe(200);
    const r = await displayCall(`/api/displays/current/sites/${a!.id}`, made.key);
    expect(r.statusCode, r.body).toBe(200);
    const site = displaySite.parse(r.json().data);
    expect(site.site).toMatchObject({ id: a!.id, name: 'Ward A' });
    expect(site.nodes.flatMap((n) => n.feeds.map((f) => f.id))).toEqual([a!.feed]);
    expect(site.openEvents).toEqual([]);
    const readings = (key: string, siteId: string, feedIds: string[]) =>
      t.app.inject({
        method: 'POST', url: `/api/displays/current/sites/${siteId}/readings`, headers: { 'x-display-key': key },
        payload: { feedIds, from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString(), interval: '15minutes', dataViewType: 'RawData', maxPoints: 500 },
      });
    const ok = await readings(made.key, a!.id, [a!.feed]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(JSON.stringify(ok.json().data)).toContain('5.5');
    // Another site of the same company, not on the playlist; a feed of it through the playlist site; a foreign site;
    // no key: each refused, saying nothing of what exists.
    expect((await displayCall(`/api/displays/current/sites/${b!.id}`, made.key)).statusCode).toBe(404);
    expect((await readings(made.key, a!.id, [b!.feed])).statusCode).toBe(404);
    expect((await readings(made.key, b!.id, [b!.feed])).statusCode).toBe(404);
    expect((await displayCall(`/api/displays/current/sites/${w.foreignSite}`, made.key)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/displays/current/sites/${a!.id}` })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/displays/current/sites/${a!.id}`, undefined, w.manager)).status).toBe(401);
  });

  it("streams its own sites' readings by the key, not another site's of the company, and never export jobs", async () => {
    const [a, b] = w.sites;
    const made = await create({ name: 'Ward A wall', siteIds: [a!.id], theme: 'dark' });
    const s = await stream({ 'X-Display-Key': made.key });
    expect(s.status).toBe(200);
    expect((await ingest(b!.key, b!.feed, 99)).statusCode).toBe(200);
    await t.deps.live.publish([{ kind: 'export', companyId: w.company, siteId: a!.id, data: { id: 'job' } }]);
    expect((await ingest(a!.key, a!.feed, 4.5)).statusCode).toBe(200);
    await s.waitFor((m) => m.event === 'reading');
    // Everything was published in this order through one hub, so what was left out would have come before this.
    await sleep(100);
    expect(readingsOf(s)).toEqual([expect.objectContaining({ feedId: a!.feed, value: 4.5 })]);
    expect(s.messages.filter((m) => m.event === 'export')).toEqual([]);

    // A changed playlist reaches the open stream at its next check.
    expect((await call(t.app, 'PUT', `/api/displays/${made.id}`, { siteIds: [b!.id] }, w.manager)).status).toBe(200);
    await sleep(DISPLAY_RECHECK_MS + 500);
    expect((await ingest(b!.key, b!.feed, 7)).statusCode).toBe(200);
    await s.waitFor((m) => m.event === 'reading' && JSON.parse(m.data).value === 7);
  });

  it('a wrong key is 401; a bearer token works as before, with or without a display key beside it', async () => {
    expect((await stream({ 'X-Display-Key': 'swd_wrong' })).status).toBe(401);
    expect((await stream({ 'X-Display-Key': '' })).status).toBe(401);
    const s = await stream({ Authorization: `Bearer ${w.manager}`, 'X-Display-Key': 'swd_wrong' });
    expect(s.status).toBe(200);
    expect((await ingest(w.sites[1]!.key, w.sites[1]!.feed, 12)).statusCode).toBe(200);
    await s.waitFor((m) => m.event === 'reading' && JSON.parse(m.data).value === 12);
    expect((await stream({ Authorization: 'Bearer nonsense' })).status).toBe(401);
  });

  it('a deleted display is shut out at once: new calls are 401 and an open stream ends within seconds', async () => {
    const made = await create({ name: 'Short-lived', siteIds: [w.sites[0]!.id], theme: 'dark' });
    const s = await stream({ 'X-Display-Key': made.key });
    expect(s.status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/displays/${made.id}`, undefined, w.manager)).status).toBe(200);
    expect((await stream({ 'X-Display-Key': made.key })).status).toBe(401);
    expect((await displayCall('/api/displays/current', made.key)).statusCode).toBe(401);
    const outcome = await Promise.race([s.ended.then(() => 'ended'), sleep(DISPLAY_RECHECK_MS + 2_000).then(() => 'still open')]);
    expect(outcome).toBe('ended');
  });
});
