import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, buildTestApp, call, testClock, type TestApp } from './helpers';
import { addCompany, addHub, addNode, addSite, memberOf } from './readings-fixtures';
import { LIMITS, WINDOW_MS } from '../../server/auth/rate-limiter';
import { hub } from '../../src/api/contract/hubs';
import type { Db } from '../../server/db/database';

/**
 * Hub serials are unique platform-wide, so a refusal is all a company can learn about another's hubs: it must look the
 * same whatever the reason, and a person gets only so many of them.
 */
describe('hub serials', () => {
  const clock = testClock();
  let t: TestApp;
  let db: Db;
  let company: string;
  let site: string;
  let theirSerial: string;
  let n = 0;
  const uniq = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 7)}`;
  const serialOf = async (hubId: string) => (await db.selectFrom('hubs').select('serial').where('id', '=', hubId).executeTakeFirstOrThrow()).serial;
  const post = (body: Record<string, unknown>, token: string) => call(t.app, 'POST', '/api/hubs', { siteId: site, name: uniq('Hub'), ...body }, token);
  const put = (id: string, body: Record<string, unknown>, token: string) => call(t.app, 'PUT', `/api/hubs/${id}`, body, token);
  const newManager = async () => (await memberOf(t.app, db, company, 'manager')).token;
  /** What a caller sees of an answer; the headers a server adds to every answer (date, length) are left out. */
  const seen = (r: { status: number; body: unknown; headers: Record<string, unknown> }) => ({ status: r.status, body: r.body, retryAfter: r.headers['retry-after'] });

  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false, now: clock.now });
    db = t.deps.db;
    company = await addCompany(db);
    site = await addSite(db, company);
    theirSerial = await serialOf(await addHub(db, await addSite(db, await addCompany(db))));
  });
  afterAll(() => t.close());

  it("answers another company's serial exactly as a serial no label carries, on create and on change", async () => {
    const token = await newManager();
    const mine = hub.parse((await post({ serial: uniq('HUB') }, token)).body.data);
    const unprintable = 'HUB-\u200b7';
    const answers = [
      await post({ serial: theirSerial }, token),
      await post({ serial: unprintable }, token),
      await put(mine.id, { serial: theirSerial }, token),
      await put(mine.id, { serial: unprintable }, token),
    ].map(seen);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toEqual({
      status: 400,
      body: { code: 'bad_request', message: "serial: cannot be registered; check it on the hub's label", details: [{ path: 'serial', message: "cannot be registered; check it on the hub's label", code: 'invalid' }] },
      retryAfter: undefined,
    });
    expect(await db.selectFrom('hubs').select('id').where('companyId', '=', company).execute()).toHaveLength(1);
    expect(await serialOf(mine.id)).toBe(mine.serial);

    // A serial of the company's own hubs is the company's own data: that answer may say what it is.
    const other = hub.parse((await post({ serial: uniq('HUB') }, token)).body.data);
    for (const r of [await post({ serial: mine.serial }, token), await put(other.id, { serial: mine.serial }, token)]) {
      expect(r).toMatchObject({ status: 409, body: { code: 'duplicate', details: [{ path: 'serial' }] } });
    }
  });

  it('answers 429 with Retry-After once a person has had their refused serials, free serials too, and lifts after the window', async () => {
    const token = await newManager();
    const mine = hub.parse((await post({ serial: uniq('HUB') }, token)).body.data);
    for (let i = 0; i < LIMITS.refusedSerialsPerUser; i++) {
      const r = await (i % 2 ? post({ serial: theirSerial }, token) : put(mine.id, { serial: `HUB-\u0007${i}` }, token));
      expect(r.status, `refused attempt ${i + 1}`).toBe(400);
    }
    // Past the limit a free serial is refused the same way: a 429 only for taken ones would mark them.
    for (const r of [await post({ serial: theirSerial }, token), await post({ serial: uniq('FREE') }, token), await put(mine.id, { serial: uniq('FREE') }, token)]) {
      expect(r).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
      expect(Number(r.headers['retry-after'])).toBe(WINDOW_MS / 1000);
    }
    // Editing a hub that keeps its serial names no new serial, and another manager has attempts of their own.
    expect((await put(mine.id, { serial: mine.serial, firmware: '2.0' }, token)).status).toBe(200);
    expect((await post({ serial: uniq('HUB') }, await newManager())).status).toBe(201);

    clock.advance(WINDOW_MS + MINUTE);
    expect((await post({ serial: uniq('HUB') }, token)).status).toBe(201);
  });

  it("takes another company's node serial: node serials are not unique, so a node's answer tells nothing", async () => {
    const token = await newManager();
    const theirNode = await addNode(db, await addHub(db, await addSite(db, await addCompany(db))));
    const theirNodeSerial = (await db.selectFrom('nodes').select('serial').where('id', '=', theirNode).executeTakeFirstOrThrow()).serial;
    const mine = hub.parse((await post({ serial: uniq('HUB') }, token)).body.data);
    const r = await call(t.app, 'POST', '/api/nodes', { hubId: mine.id, name: 'Probe', serial: theirNodeSerial, deviceType: 'Fridge Probe' }, token);
    expect(r.status).toBe(201);
  });
});
