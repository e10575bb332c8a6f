import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, call, demoIds, newUser, signIn, signInAdmin, type TestApp } from './helpers';

describe('company members and user search (for the shell and the shadow picker)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let admin: { accessToken: string };
  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) => call(t.app, 'GET', url, undefined, token);
  const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, token);
  const members = (companyId: string, token?: string) => get(`/api/companies/${encodeURIComponent(companyId)}/members`, token);
  const expectForbidden = (r: Awaited<ReturnType<typeof call>>) => {
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: expect.any(String), code: 'forbidden' });
  };

  describe('GET /api/companies/{id}/members', () => {
    it('an admin sees the members of any company, ordered by name, with their role', async () => {
      const r = await members(ids.northwind, admin.accessToken);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual([
        { userId: expect.any(String), name: 'Grace Holloway', email: 'grace.holloway@northwind-care.test', role: 'user' },
        { userId: ids.manager, name: 'Max Manager', email: DEMO.manager, role: 'manager' },
        { userId: expect.any(String), name: 'Owen Pritchard', email: 'owen.pritchard@northwind-care.test', role: 'manager' },
        { userId: ids.user, name: 'Uma User', email: DEMO.user, role: 'user' },
        { userId: ids.viewer, name: 'Vic Viewer', email: DEMO.viewer, role: 'viewer' },
      ]);
      expect((await members(ids.harbour, admin.accessToken)).body.data).toEqual([]);
    });

    it('an unknown company is 404 for an admin', async () => {
      const r = await members('no-such-company', admin.accessToken);
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: expect.any(String), code: 'not_found' });
    });

    it('a manager sees the members of the company their token acts for', async () => {
      const m = await signIn(t.app, DEMO.manager);
      const northwind = (await post('/api/switch-company', { companyId: ids.northwind }, m.accessToken)).body.data;
      expect((await members(ids.northwind, northwind.accessToken)).body.data).toHaveLength(5);
      // Mackwell is theirs too, but this token acts for Northwind.
      expectForbidden(await members(ids.mackwell, northwind.accessToken));
    });

    it('a manager of another company, a user and a viewer are refused; an unknown company looks the same to them', async () => {
      const m = await signIn(t.app, DEMO.manager);
      expectForbidden(await members(ids.harbour, m.accessToken));
      expectForbidden(await members('no-such-company', m.accessToken));
      for (const email of [DEMO.user, DEMO.viewer]) {
        const s = await signIn(t.app, email);
        expect(s.companyId).toBe(ids.northwind);
        expectForbidden(await members(ids.northwind, s.accessToken));
      }
    });

    it('a company shadow acts as its manager; a user shadow has the user rights, not the admin ones', async () => {
      const company = (await post('/api/shadow-company', { companyId: ids.harbour }, admin.accessToken)).body.data;
      expect((await members(ids.harbour, company.accessToken)).status).toBe(200);
      expectForbidden(await members(ids.northwind, company.accessToken));
      const asUser = (await post('/api/shadow-user', { userId: ids.user }, admin.accessToken)).body.data;
      expectForbidden(await members(ids.northwind, asUser.accessToken));
      const asManager = (await post('/api/shadow-user', { userId: ids.manager }, admin.accessToken)).body.data;
      const nw = (await post('/api/switch-company', { companyId: ids.northwind }, asManager.accessToken)).body.data;
      expect((await members(ids.northwind, nw.accessToken)).status).toBe(200);
      expectForbidden(await members(ids.harbour, nw.accessToken));
    });

    it('needs a session', async () => {
      expect((await members(ids.northwind)).status).toBe(401);
    });
  });

  // The admin's user search of the Companies page: the users resource with ?all=1 (its other uses: users-resource.test.ts).
  describe('GET /api/users?all=1&q=', () => {
    const users = async (query: string, token = admin.accessToken) => {
      const r = await get(`/api/users?all=1${query}`, token);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body).sort()).toEqual(['data', 'total']);
      return (r.body as unknown as { data: { id: string; name: string }[]; total: number });
    };
    const idsOf = async (query: string) => (await users(query)).data.map((u) => u.id);

    it('lists users ordered by name with their platform role and companies', async () => {
      const r = await users('');
      const names = r.data.map((u) => u.name.toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(r.data.find((u) => u.id === ids.manager)).toEqual({
        id: ids.manager, name: 'Max Manager', email: DEMO.manager, platformRole: null, disabled: false, invitedAt: null, lastLoginAt: expect.any(String),
        companies: [
          { companyId: ids.mackwell, companyName: 'Mackwell Lighting Services', role: 'manager', disabled: false, invitedAt: null },
          { companyId: ids.northwind, companyName: 'Northwind Care Homes', role: 'manager', disabled: false, invitedAt: null },
        ],
      });
      expect(r.data.find((u) => u.id === ids.admin)).toMatchObject({ platformRole: 'admin', companies: [] });
    });

    it('searches name and email case-insensitively', async () => {
      expect(await idsOf('&q=MAX')).toEqual([ids.manager]);
      expect(await idsOf('&q=viewer%40SITEWATCH')).toEqual([ids.viewer]);
      expect(await idsOf('&q=%20%20uma%20')).toEqual([ids.user]);
      expect(await idsOf('&q=nobody-matches-this')).toEqual([]);
    });

    it('treats % and _ in the query as plain characters', async () => {
      expect(await idsOf('&q=%25')).toEqual([]);
      expect(await idsOf('&q=_')).toEqual([]);
      expect(await idsOf(`&q=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    });

    it('answers at most the limit the client asks for (50), counting every match in total', async () => {
      await Promise.all(Array.from({ length: 52 }, () => newUser(t.app)));
      const r = await users('&q=example.test&limit=50');
      expect(r.data).toHaveLength(50);
      expect(r.total).toBeGreaterThanOrEqual(52);
    });

    it('is for admins acting as themselves only', async () => {
      for (const email of [DEMO.manager, DEMO.user, DEMO.viewer]) {
        expectForbidden(await get('/api/users?all=1', (await signIn(t.app, email)).accessToken));
      }
      const shadow = (await post('/api/shadow-company', { companyId: ids.northwind }, admin.accessToken)).body.data;
      expectForbidden(await get('/api/users?all=1', shadow.accessToken));
      expect((await get('/api/users?all=1')).status).toBe(401);
    });

    it('refuses an over-long or repeated q with a 400 naming it', async () => {
      for (const url of [`/api/users?all=1&q=${'a'.repeat(201)}`, '/api/users?all=1&q=a&q=b', '/api/users?all=1&q=a%00b']) {
        const r = await get(url, admin.accessToken);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('q') });
      }
    });
  });
});
