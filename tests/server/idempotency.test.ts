import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, switchTo, testClock, type TestApp } from './helpers';
import { app as appPlugin, serverOptions } from '../../server/app';
import { IDEMPOTENCY_TTL_MS, claimKey, keyRefOf, purgeExpiredKeys, releaseKey, requestHash, storeAnswer } from '../../server/idempotency';

const DAY = 86_400_000;

describe('Idempotency-Key', () => {
  let t: TestApp;
  /** A second instance on the same database whose answers the tests can hold open or turn into a 500. */
  let gated: FastifyInstance;
  const clock = testClock();
  let manager: string;
  /** The same manager's session switched to their other company. */
  let managerMackwell: string;
  let admin: string;
  /** The same admin shadowing Northwind, the company `admin` acts for as themselves. */
  let adminShadow: string;
  let userIds: Awaited<ReturnType<typeof demoIds>>;
  const holds = new Map<string, Promise<void>>();

  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    userIds = await demoIds(t.deps);
    const managerSession = (await signIn(t.app, DEMO.manager)).accessToken as string;
    manager = await switchTo(t.app, managerSession, userIds.northwind);
    managerMackwell = await switchTo(t.app, managerSession, userIds.mackwell);
    admin = await switchTo(t.app, (await signInAdmin(t.app)).accessToken as string, userIds.northwind);
    adminShadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: userIds.northwind }, admin)).body.data.accessToken as string;

    gated = Fastify(serverOptions);
    // Root hooks run before those of the API's scope: this one holds the answer while the key is still claimed.
    gated.addHook('onSend', async (req, _reply, payload) => {
      const hold = holds.get(String(req.headers['x-test-hold']));
      if (hold) await hold;
      return payload;
    });
    const failed = new WeakSet<object>();
    gated.addHook('preSerialization', async (req) => {
      // Once: the error handler's own answer passes this hook too.
      if (!req.headers['x-test-fail'] || failed.has(req)) return;
      failed.add(req);
      throw new Error('simulated failure after the handler');
    });
    await gated.register(appPlugin, t.deps);
    await gated.ready();
  });
  afterAll(async () => {
    await gated?.close();
    await t?.close();
  });

  const send = async (
    opts: { token: string; key?: string; method?: 'POST' | 'PUT' | 'DELETE'; url?: string; body?: unknown; on?: FastifyInstance; headers?: Record<string, string> },
  ) => {
    const res = await (opts.on ?? t.app).inject({
      method: opts.method ?? 'POST',
      url: opts.url ?? '/api/node-tags',
      headers: { authorization: `Bearer ${opts.token}`, ...(opts.key !== undefined ? { 'idempotency-key': opts.key } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return { status: res.statusCode, body: res.json() as { data?: { id: string; name: string }; code?: string; message?: string; details?: unknown }, raw: res.body, headers: res.headers };
  };
  const tagsNamed = async (name: string) => {
    const r = await t.app.inject({ method: 'GET', url: `/api/node-tags?q=${encodeURIComponent(name)}`, headers: { authorization: `Bearer ${manager}` } });
    return (r.json() as { data: { id: string; name: string }[] }).data.filter((tag) => tag.name === name);
  };
  const newKey = () => crypto.randomUUID();
  const rowOf = (userId: string, key: string) =>
    t.deps.db.selectFrom('idempotencyKeys').selectAll().where('userId', '=', userId).where('key', '=', key).executeTakeFirst();

  it('answers a repeat of the same key and body with the stored answer, and creates only one object', async () => {
    const key = newKey();
    const first = await send({ token: manager, key, body: { name: 'Idem once', colour: '#112233' } });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send({ token: manager, key, body: { name: 'Idem once', colour: '#112233' } });
    expect(again.status).toBe(201);
    expect(again.raw).toBe(first.raw);
    expect(again.body.data!.id).toBe(first.body.data!.id);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The same fields in another order are the same request.
    const reordered = await send({ token: manager, key, body: { colour: '#112233', name: 'Idem once' } });
    expect(reordered.status).toBe(201);
    expect(reordered.body.data!.id).toBe(first.body.data!.id);
    expect(await tagsNamed('Idem once')).toHaveLength(1);
    expect(await rowOf(userIds.manager, key)).toMatchObject({ state: 'done', statusCode: 201 });
  });

  it('replays a stored 4xx too: it is the final answer to that request', async () => {
    const key = newKey();
    const first = await send({ token: manager, key, body: { name: '', colour: '#112233' } });
    expect(first.status).toBe(400);
    const again = await send({ token: manager, key, body: { name: '', colour: '#112233' } });
    expect(again.status).toBe(400);
    expect(again.raw).toBe(first.raw);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses the same key with another body, method or URL: 422 idempotency_mismatch', async () => {
    const key = newKey();
    const first = await send({ token: manager, key, body: { name: 'Idem mismatch', colour: '#112233' } });
    expect(first.status).toBe(201);
    const otherBody = await send({ token: manager, key, body: { name: 'Idem mismatch 2', colour: '#112233' } });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ code: 'idempotency_mismatch', message: expect.any(String) });
    const id = first.body.data!.id;
    const otherUrl = await send({ token: manager, key, method: 'PUT', url: `/api/node-tags/${id}`, body: { name: 'Idem mismatch', colour: '#112233' } });
    expect(otherUrl.status).toBe(422);
    expect(otherUrl.body.code).toBe('idempotency_mismatch');
    expect(await tagsNamed('Idem mismatch 2')).toHaveLength(0);
  });

  it('answers 409 idempotency_in_progress while the first request with the key is still running', async () => {
    const key = newKey();
    let open!: () => void;
    holds.set('in-progress', new Promise<void>((r) => (open = r)));
    const body = { name: 'Idem running', colour: '#112233' };
    const first = send({ token: manager, key, body, on: gated, headers: { 'x-test-hold': 'in-progress' } });
    // The first request has run its handler and waits before its answer is stored.
    for (let i = 0; i < 200 && (await tagsNamed('Idem running')).length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(await tagsNamed('Idem running')).toHaveLength(1);
    const during = await send({ token: manager, key, body });
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('idempotency_in_progress');
    expect(during.headers['retry-after']).toBe('1');
    open();
    const done = await first;
    expect(done.status).toBe(201);
    const after = await send({ token: manager, key, body });
    expect(after.status).toBe(201);
    expect(after.body.data!.id).toBe(done.body.data!.id);
    expect(await tagsNamed('Idem running')).toHaveLength(1);
  });

  it('lets exactly one of simultaneous claims of a key win', async () => {
    const ref = keyRefOf({ sub: userIds.manager, cid: userIds.northwind }, newKey());
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => claimKey(t.deps.db, ref, 'h', clock.now())));
    expect(outcomes.filter((o) => o.kind === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'running')).toHaveLength(5);
    expect(await claimKey(t.deps.db, ref, 'other', clock.now())).toEqual({ kind: 'mismatch' });
    await storeAnswer(t.deps.db, ref, { statusCode: 200, contentType: 'application/json', body: '{"data":1}' });
    expect(await claimKey(t.deps.db, ref, 'h', clock.now())).toEqual({ kind: 'replay', statusCode: 200, contentType: 'application/json', body: '{"data":1}' });
    // A stored answer is never released by a late failure report.
    await releaseKey(t.deps.db, ref);
    expect(await rowOf(ref.userId, ref.key)).toMatchObject({ state: 'done' });
  });

  it('hashes method, URL, body and the acting admin, with object keys in any order', () => {
    const base = { method: 'POST', url: '/api/node-tags', body: { a: 1, b: { c: 2, d: [1, 2] } }, claims: null };
    expect(requestHash(base)).toBe(requestHash({ ...base, body: { b: { d: [1, 2], c: 2 }, a: 1 } }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, body: { a: 1, b: { c: 2, d: [2, 1] } } }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, method: 'PUT' }));
    expect(requestHash(base)).not.toBe(requestHash({ ...base, url: '/api/node-tags?x=1' }));
    const claims = { sub: 'u', cid: null, role: 'user', fam: 'f' } as const;
    expect(requestHash({ ...base, claims })).not.toBe(requestHash({ ...base, claims: { ...claims, act: { sub: 'admin' } } }));
  });

  it('refuses a key over 255 characters (or empty) with a 400 naming the header, and takes 255', async () => {
    const long = await send({ token: manager, key: 'k'.repeat(256), body: { name: 'Idem long', colour: '#112233' } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Idempotency-Key') });
    expect(long.body.details).toEqual([expect.objectContaining({ path: 'Idempotency-Key', code: 'too_big', limit: 255 })]);
    const empty = await send({ token: manager, key: '', body: { name: 'Idem long', colour: '#112233' } });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([expect.objectContaining({ path: 'Idempotency-Key', code: 'too_small', limit: 1 })]);
    expect(await tagsNamed('Idem long')).toHaveLength(0);
    const longest = await send({ token: manager, key: crypto.randomBytes(128).toString('hex').slice(0, 255), body: { name: 'Idem long', colour: '#112233' } });
    expect(longest.status).toBe(201);
  });

  it('refuses a body nested too deep to hash with a 400 naming its field, not a stack overflow (found by the fuzz)', async () => {
    const deep = `{"name":"Idem deep","colour":"#112233","extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const res = await send({ token: manager, key: newKey(), body: deep, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'extra', code: 'too_deep' })]);
    expect(await tagsNamed('Idem deep')).toHaveLength(0);
  });

  it('keeps keys per user: two people may use the same key', async () => {
    const key = newKey();
    const mine = await send({ token: manager, key, body: { name: 'Idem manager', colour: '#112233' } });
    const theirs = await send({ token: admin, key, body: { name: 'Idem admin', colour: '#445566' } });
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.data!.id).not.toBe(mine.body.data!.id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    // Another person's identical request with the same key runs for them (here: the name is taken) instead of replaying.
    const shared = newKey();
    expect((await send({ token: manager, key: shared, body: { name: 'Idem shared', colour: '#112233' } })).status).toBe(201);
    const copy = await send({ token: admin, key: shared, body: { name: 'Idem shared', colour: '#112233' } });
    expect(copy.status).toBe(409);
    expect(copy.body.code).toBe('duplicate');
    expect(copy.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps keys per acting company: the same key and body for a manager\'s other company runs there (finding 5)', async () => {
    const key = newKey();
    const body = { name: 'Idem two companies', colour: '#112233' };
    const northwind = await send({ token: manager, key, body });
    expect(northwind.status).toBe(201);
    const mackwell = await send({ token: managerMackwell, key, body });
    expect(mackwell.status).toBe(201);
    expect(mackwell.headers['idempotent-replayed']).toBeUndefined();
    expect(mackwell.body.data!.id).not.toBe(northwind.body.data!.id);
    const owners = await t.deps.db.selectFrom('nodeTags').select('companyId').where('name', '=', body.name).execute();
    expect(owners.map((o) => o.companyId).sort()).toEqual([userIds.northwind, userIds.mackwell].sort());
    // Each company's retry still replays its own answer.
    const again = await send({ token: managerMackwell, key, body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data!.id).toBe(mackwell.body.data!.id);
    expect((await send({ token: manager, key, body })).body.data!.id).toBe(northwind.body.data!.id);
  });

  it('keeps an admin acting as themselves apart from the same admin shadowing that company', async () => {
    const key = newKey();
    const own = await send({ token: admin, key, body: { name: 'Idem admin self', colour: '#112233' } });
    expect(own.status).toBe(201);
    // Not a mismatch of the admin's own key: the shadow session's key is another one.
    const shadowed = await send({ token: adminShadow, key, body: { name: 'Idem admin shadow', colour: '#112233' } });
    expect(shadowed.status).toBe(201);
    expect(shadowed.body.data!.id).not.toBe(own.body.data!.id);
    const replay = await send({ token: adminShadow, key, body: { name: 'Idem admin shadow', colour: '#112233' } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data!.id).toBe(shadowed.body.data!.id);
    const rows = await t.deps.db.selectFrom('idempotencyKeys').select(['companyId', 'actorId']).where('userId', '=', userIds.admin).where('key', '=', key).execute();
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([{ companyId: userIds.northwind, actorId: '' }, { companyId: userIds.northwind, actorId: userIds.admin }]));
  });

  it('scopes a key by user, acting company and shadowing admin', () => {
    const base = keyRefOf({ sub: 'u', cid: 'c1' }, 'k');
    expect(base).toEqual({ userId: 'u', companyId: 'c1', actorId: '', key: 'k' });
    expect(keyRefOf({ sub: 'u', cid: null }, 'k')).toMatchObject({ companyId: '' });
    // A shadow of a user acts as that user in their company; the acting admin keeps the keys apart.
    expect(keyRefOf({ sub: 'u', cid: 'c1', act: { sub: 'a' } }, 'k')).toEqual({ ...base, actorId: 'a' });
  });

  it('does not keep a 5xx: the key is released and a retry runs the request again', async () => {
    const key = newKey();
    const body = { name: 'Idem failing', colour: '#112233' };
    const failed = await send({ token: manager, key, body, on: gated, headers: { 'x-test-fail': '1' } });
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('internal_error');
    expect(await rowOf(userIds.manager, key)).toBeUndefined();
    await t.deps.db.deleteFrom('nodeTags').where('name', '=', body.name).execute();
    const retry = await send({ token: manager, key, body });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await tagsNamed('Idem failing')).toHaveLength(1);
  });

  it('ignores the header on reads and on routes without a session', async () => {
    const key = newKey();
    const read = await t.app.inject({ method: 'GET', url: '/api/node-tags', headers: { authorization: `Bearer ${manager}`, 'idempotency-key': key } });
    expect(read.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'idempotency-key': 'x'.repeat(300) }, payload: { email: DEMO.user, password: 'wrong' } });
    expect(login.statusCode).toBe(401);
    expect(await t.deps.db.selectFrom('idempotencyKeys').select('key').where('key', 'in', [key, 'x'.repeat(300)]).execute()).toEqual([]);
  });

  it('is in the API document on signed-in writes, not on sign-in or on writes that answer a secret', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { parameters: Record<string, { name: string; in: string }> };
      paths: Record<string, Record<string, { parameters?: { $ref?: string }[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    const lists = (p: string, m: string) => (doc.paths[p]![m]!.parameters ?? []).some((x) => x.$ref === '#/components/parameters/IdempotencyKey');
    expect(lists('/api/node-tags', 'post')).toBe(true);
    expect(doc.paths['/api/node-tags']!.post!.responses).toHaveProperty('422');
    expect(lists('/api/node-tags/{id}', 'put')).toBe(true);
    expect(lists('/api/login', 'post')).toBe(false);
    expect(lists('/api/switch-company', 'post')).toBe(false);
    expect(lists('/api/node-tags', 'get')).toBe(false);
  });

  it('forgets keys after 7 days: the key runs anew, and expired rows are purged', async () => {
    const key = newKey();
    const first = await send({ token: manager, key, body: { name: 'Idem week 1', colour: '#112233' } });
    expect(first.status).toBe(201);
    clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    expect((await send({ token: manager, key, body: { name: 'Idem week 2', colour: '#112233' } })).status).toBe(422);
    clock.advance(2 * 60_000);
    const later = await send({ token: manager, key, body: { name: 'Idem week 2', colour: '#112233' } });
    expect(later.status).toBe(201);
    expect(later.body.data!.id).not.toBe(first.body.data!.id);
    expect(await rowOf(userIds.manager, key)).toMatchObject({ state: 'done', createdAt: clock.now() });

    // Rows of other keys past their week are deleted by a later claim (at most hourly), not only when reused.
    const old = newKey();
    expect((await send({ token: manager, key: old, body: { name: 'Idem purge', colour: '#112233' } })).status).toBe(201);
    clock.advance(IDEMPOTENCY_TTL_MS + DAY);
    expect((await send({ token: admin, key: newKey(), body: { name: 'Idem purger', colour: '#112233' } })).status).toBe(201);
    expect(await rowOf(userIds.manager, old)).toBeUndefined();
    expect(await purgeExpiredKeys(t.deps.db, clock.now() + IDEMPOTENCY_TTL_MS)).toBeGreaterThan(0);
    expect(await t.deps.db.selectFrom('idempotencyKeys').select('key').execute()).toEqual([]);
  });
});
