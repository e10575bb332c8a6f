import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, call, demoIds, roleTokens, switchTo, type TestApp } from './helpers';
import { listAnswer } from '../../src/api/contract/list';
import { auditEntry, type AuditEntry } from '../../src/api/contract/audit';
import { audit } from '../../server/db/audit.repository';

/**
 * `GET /api/audit` (docs/product.md, Management): admins read every company's entries, managers their token company's, users and viewers
 * none; shadow entries are marked and filtered and carry both identities; q, actor, from/to, paging and total.
 */
describe('the audit log', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let tok: Awaited<ReturnType<typeof roleTokens>> & { asMax: string };
  const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, token);
  const read = async (token: string, query = '') => {
    const r = await call(t.app, 'GET', `/api/audit?limit=1000${query}`, undefined, token);
    if (r.status !== 200) throw new Error(`audit: ${r.status} ${JSON.stringify(r.body)}`);
    return listAnswer(auditEntry).parse(r.body);
  };
  const tag = (token: string, name: string) => post('/api/node-tags', { name, colour: '#336699' }, token);
  const OLD = { before: Date.parse('2020-01-01T00:00:00Z'), at: Date.parse('2020-01-02T00:00:00Z'), after: Date.parse('2020-01-03T00:00:00Z') };

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
    const roles = await roleTokens(t.app, ids);
    tok = { ...roles, asMax: await switchTo(t.app, (await post('/api/shadow-user', { userId: ids.manager }, roles.admin)).body.data.accessToken, ids.northwind) };
    expect((await tag(tok.manager, 'Audit Northwind cold chain')).status).toBe(201);
    expect((await tag(tok.managerMackwell, 'Audit Mackwell exits')).status).toBe(201);
    expect((await tag(tok.shadowHarbour, 'Audit Harbour shadow tag')).status).toBe(201);
    expect((await tag(tok.asMax, 'Audit Northwind as Max')).status).toBe(201);
    for (const [at, detail] of [[OLD.before, 'old before'], [OLD.at, 'old at'], [OLD.after, 'old after']] as const) {
      await audit(t.deps.db, { actorUserId: ids.manager }, { companyId: ids.northwind, action: 'test.old', detail }, at);
    }
  });
  afterAll(() => t.close());

  const details = (page: { data: AuditEntry[] }) => page.data.map((e) => e.detail);

  it('shows an admin acting as themselves every entry, newest first, with names resolved', async () => {
    const total = Number((await t.deps.db.selectFrom('auditLog').select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    for (const token of [tok.admin, tok.adminNorthwind]) {
      const page = await read(token);
      expect(page.total).toBe(total);
      expect(page.data).toHaveLength(total);
      const times = page.data.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(details(page)).toEqual(expect.arrayContaining(['Audit Northwind cold chain', 'Audit Mackwell exits', 'Audit Harbour shadow tag']));
    }
    const mine = (await read(tok.admin, '&q=cold%20chain')).data;
    expect(mine).toEqual([
      {
        id: expect.any(String), at: expect.any(String), action: 'node-tags.create', detail: 'Audit Northwind cold chain',
        companyId: ids.northwind, companyName: 'Northwind Care Homes',
        actor: { id: ids.manager, name: 'Max Manager', email: DEMO.manager }, subject: null, shadow: null,
      },
    ]);
  });

  it("shows a manager only their token company's entries, a company shadow only the shadowed company's", async () => {
    const northwind = await read(tok.manager);
    expect(northwind.data.every((e) => e.companyId === ids.northwind)).toBe(true);
    expect(details(northwind)).toEqual(expect.arrayContaining(['Audit Northwind cold chain', 'Audit Northwind as Max', 'old at']));
    expect(details(northwind)).not.toContain('Audit Mackwell exits');
    const mackwell = await read(tok.managerMackwell);
    expect(mackwell.data.every((e) => e.companyId === ids.mackwell)).toBe(true);
    expect(details(mackwell)).toContain('Audit Mackwell exits');
    const harbour = await read(tok.shadowHarbour);
    expect(harbour.data.every((e) => e.companyId === ids.harbour)).toBe(true);
    expect(harbour.data.map((e) => e.action)).toEqual(expect.arrayContaining(['shadow.start', 'node-tags.create']));
  });

  it('refuses users and viewers (403), a user shadow of a user too, and needs a session', async () => {
    for (const token of [tok.user, tok.viewer]) expect((await call(t.app, 'GET', '/api/audit', undefined, token)).status).toBe(403);
    const asUma = (await post('/api/shadow-user', { userId: ids.user }, tok.admin)).body.data.accessToken;
    expect((await call(t.app, 'GET', '/api/audit', undefined, asUma)).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/audit')).status).toBe(401);
  });

  it('marks shadow entries with both identities: the admin as actor, the shadowed user as subject', async () => {
    const [asMax] = (await read(tok.manager, '&q=as%20max')).data;
    expect(asMax).toMatchObject({
      action: 'node-tags.create', companyId: ids.northwind, shadow: 'user',
      actor: { id: ids.admin, name: 'Ada Admin', email: DEMO.admin }, subject: { id: ids.manager, name: 'Max Manager' },
    });
    const [harbour] = (await read(tok.admin, '&q=harbour%20shadow%20tag')).data;
    expect(harbour).toMatchObject({ shadow: 'company', actor: { id: ids.admin }, subject: null, companyId: ids.harbour });
  });

  it('filters by shadow: 1 only shadow entries, 0 none of them, a kind only that kind', async () => {
    const all = await read(tok.admin);
    const only = await read(tok.admin, '&shadow=1');
    const none = await read(tok.admin, '&shadow=0');
    expect(only.total + none.total).toBe(all.total);
    expect(only.data.every((e) => e.shadow !== null)).toBe(true);
    expect(none.data.every((e) => e.shadow === null)).toBe(true);
    expect((await read(tok.admin, '&shadow=true')).total).toBe(only.total);
    expect((await read(tok.admin, '&shadow=false')).total).toBe(none.total);
    const users = await read(tok.admin, '&shadow=user');
    expect(users.data.length).toBeGreaterThan(0);
    expect(users.data.every((e) => e.shadow === 'user')).toBe(true);
    // A manager sees the shadow writes made in their company, nothing of the others.
    const northwind = await read(tok.manager, '&shadow=1');
    expect(northwind.data.every((e) => e.shadow !== null && e.companyId === ids.northwind)).toBe(true);
    expect(details(await read(tok.manager, '&shadow=1&q=node-tags'))).toEqual(['Audit Northwind as Max']);
  });

  it('filters by actor, and by time: from inclusive, to exclusive', async () => {
    const byMax = await read(tok.admin, `&actor=${ids.manager}`);
    expect(byMax.data.length).toBeGreaterThan(0);
    expect(byMax.data.every((e) => e.actor?.id === ids.manager)).toBe(true);
    expect(details(byMax)).not.toContain('Audit Northwind as Max');
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(details(await read(tok.manager, `&from=${iso(OLD.at)}&to=${iso(OLD.after)}`))).toEqual(['old at']);
    expect(details(await read(tok.manager, `&from=${iso(OLD.before)}&to=${iso(OLD.after + 1)}`))).toEqual(['old after', 'old at', 'old before']);
    expect(details(await read(tok.manager, `&to=${iso(OLD.at)}`))).toEqual(['old before']);
    const since = await read(tok.manager, `&from=${encodeURIComponent('2021-01-01T00:00:00+01:00')}`);
    expect(details(since)).not.toEqual(expect.arrayContaining(['old at']));
  });

  it('matches q against action, detail and the actor name or email', async () => {
    expect(details(await read(tok.manager, '&q=test.old'))).toEqual(['old after', 'old at', 'old before']);
    expect(details(await read(tok.manager, '&q=OLD%20BEFORE'))).toEqual(['old before']);
    const byAdminName = await read(tok.manager, '&q=ada%20admin');
    expect(byAdminName.data.length).toBeGreaterThan(0);
    expect(byAdminName.data.every((e) => e.actor?.id === ids.admin)).toBe(true);
    expect((await read(tok.manager, `&q=${encodeURIComponent(DEMO.manager)}`)).data.every((e) => e.actor?.id === ids.manager)).toBe(true);
    expect((await read(tok.manager, '&q=%25')).total).toBe(0);
  });

  it('pages with offset and limit, counts every match in total, and sorts oldest first when asked', async () => {
    const page = (q: string) => read(tok.manager, `&q=test.old${q}`).then(details);
    const get = async (q: string) => listAnswer(auditEntry).parse((await call(t.app, 'GET', `/api/audit?q=test.old${q}`, undefined, tok.manager)).body);
    const first = await get('&limit=2');
    expect(first).toMatchObject({ total: 3 });
    expect(details(first)).toEqual(['old after', 'old at']);
    const rest = await get('&limit=2&offset=2');
    expect(rest.total).toBe(3);
    expect(details(rest)).toEqual(['old before']);
    expect(await page('&sort=at')).toEqual(['old before', 'old at', 'old after']);
    expect(await page('&sort=-at')).toEqual(['old after', 'old at', 'old before']);
  });

  it('refuses a malformed query with 400 naming the field', async () => {
    for (const [q, field] of [
      ['shadow=maybe', 'shadow'], ['from=yesterday', 'from'], ['to=2024-01-01T00:00:00', 'to'], ['sort=action', 'sort'], ['limit=1001', 'limit'],
      ['from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z', 'from'], ['actor=' + 'x'.repeat(65), 'actor'], ['colour=1', 'colour'],
    ]) {
      const r = await call(t.app, 'GET', `/api/audit?${q}`, undefined, tok.admin);
      expect(r.status, q).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining(field!) });
    }
  });
});
