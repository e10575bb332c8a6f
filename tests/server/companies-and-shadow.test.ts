import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { DEMO, buildTestApp, call, demoIds, expectSession, signIn, signInAdmin, type TestApp } from './helpers';

describe('companies, roles and shadowing', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, token);
  const get = (url: string, token: string) => call(t.app, 'GET', url, undefined, token);
  const auditRows = (action: string) => t.deps.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();
  /** The write audit runs after the answer is sent, so wait for it. */
  const waitForAudit = async (action: string, count: number) => {
    for (let i = 0; i < 200; i++) {
      const rows = await auditRows(action);
      if (rows.length >= count) return rows;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`expected ${count} ${action} audit rows`);
  };
  const expectForbidden = (r: Awaited<ReturnType<typeof call>>) => {
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: expect.any(String), code: 'forbidden' });
  };

  describe('switch-company', () => {
    it('a member switches between the companies of their memberships, with the role of each', async () => {
      const s = await signIn(t.app, DEMO.manager);
      const a = await post('/api/switch-company', { companyId: ids.northwind }, s.accessToken);
      expectSession(a.body.data, { role: 'manager', companyId: ids.northwind });
      const b = await post('/api/switch-company', { companyId: ids.mackwell }, a.body.data.accessToken);
      expectSession(b.body.data, { role: 'manager', companyId: ids.mackwell });
      const v = await signIn(t.app, DEMO.viewer);
      const c = await post('/api/switch-company', { companyId: ids.northwind }, v.accessToken);
      expectSession(c.body.data, { role: 'viewer', companyId: ids.northwind });
    });

    it('a company outside the memberships is 403, and so is an unknown one for a member', async () => {
      const s = await signIn(t.app, DEMO.user);
      expectForbidden(await post('/api/switch-company', { companyId: ids.mackwell }, s.accessToken));
      expectForbidden(await post('/api/switch-company', { companyId: 'no-such-company' }, s.accessToken));
      const m = await signIn(t.app, DEMO.manager);
      expectForbidden(await post('/api/switch-company', { companyId: ids.harbour }, m.accessToken));
    });

    it('an admin may switch to any company; an unknown company is 404', async () => {
      const admin = await signInAdmin(t.app);
      const r = await post('/api/switch-company', { companyId: ids.harbour }, admin.accessToken);
      expectSession(r.body.data, { role: 'admin', companyId: ids.harbour, isShadow: false });
      const unknown = await post('/api/switch-company', { companyId: 'no-such-company' }, admin.accessToken);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: expect.any(String), code: 'not_found' });
    });

    it('refresh into a company outside the memberships is 403', async () => {
      const s = await signIn(t.app, DEMO.user);
      expectForbidden(await call(t.app, 'POST', '/api/refresh-token', { refreshToken: s.refreshToken, companyId: ids.harbour }));
    });
  });

  describe('GET /api/companies', () => {
    it('lists only the user companies; all of them for an admin', async () => {
      const u = await signIn(t.app, DEMO.user);
      expect((await get('/api/companies', u.accessToken)).body.data.map((c: { id: string }) => c.id)).toEqual([ids.northwind]);
      const admin = await signInAdmin(t.app);
      expect((await get('/api/companies', admin.accessToken)).body.data).toHaveLength(6);
    });
  });

  describe('who may shadow', () => {
    it('a manager, a user and a viewer may not shadow (403)', async () => {
      for (const email of [DEMO.manager, DEMO.user, DEMO.viewer]) {
        const s = await signIn(t.app, email);
        expectForbidden(await post('/api/shadow-company', { companyId: ids.northwind }, s.accessToken));
        expectForbidden(await post('/api/shadow-user', { userId: ids.viewer }, s.accessToken));
      }
      expect(await auditRows('shadow.start')).toHaveLength(0);
    });

    it('shadowing never nests: a shadow session cannot start another (403)', async () => {
      const admin = await signInAdmin(t.app);
      const company = (await post('/api/shadow-company', { companyId: ids.northwind }, admin.accessToken)).body.data;
      const user = (await post('/api/shadow-user', { userId: ids.manager }, admin.accessToken)).body.data;
      for (const shadow of [company, user]) {
        expectForbidden(await post('/api/shadow-company', { companyId: ids.harbour }, shadow.accessToken));
        expectForbidden(await post('/api/shadow-user', { userId: ids.user }, shadow.accessToken));
      }
    });

    it("a shadow session ends at its next refresh once the acting admin is no longer an admin", async () => {
      const admin = await signInAdmin(t.app);
      const shadow = (await post('/api/shadow-user', { userId: ids.manager }, admin.accessToken)).body.data;
      const ok = await call(t.app, 'POST', '/api/refresh-token', { refreshToken: shadow.refreshToken });
      expect(ok.status).toBe(200);
      await t.deps.db.updateTable('users').set({ platformRole: null }).where('id', '=', ids.admin).execute();
      try {
        const refused = await call(t.app, 'POST', '/api/refresh-token', { refreshToken: ok.body.data.refreshToken });
        expect(refused.status).toBe(401);
        expect(refused.body.code).toBe('session_revoked');
      } finally {
        await t.deps.db.updateTable('users').set({ platformRole: 'admin' }).where('id', '=', ids.admin).execute();
      }
      // Ended for good: the admin's return does not revive it.
      expect((await call(t.app, 'POST', '/api/refresh-token', { refreshToken: ok.body.data.refreshToken })).status).toBe(401);
    });

    it('an admin cannot be shadowed; unknown companies and users are 404', async () => {
      const admin = await signInAdmin(t.app);
      expectForbidden(await post('/api/shadow-user', { userId: ids.admin }, admin.accessToken));
      expect((await post('/api/shadow-company', { companyId: 'nope' }, admin.accessToken)).status).toBe(404);
      expect((await post('/api/shadow-user', { userId: 'nope' }, admin.accessToken)).status).toBe(404);
    });
  });

  describe('a shadow session', () => {
    it('is marked isShadow and its JWT has an act claim naming the admin', async () => {
      const admin = await signInAdmin(t.app);
      const c = (await post('/api/shadow-company', { companyId: ids.northwind }, admin.accessToken)).body.data;
      expectSession(c, { isShadow: true, role: 'manager', companyId: ids.northwind });
      expect(decodeJwt(c.accessToken)).toMatchObject({ sub: ids.admin, cid: ids.northwind, act: { sub: ids.admin }, shd: 'company' });
      const u = (await post('/api/shadow-user', { userId: ids.user }, admin.accessToken)).body.data;
      expectSession(u, { isShadow: true, role: 'user', companyId: ids.northwind, email: DEMO.user });
      expect(decodeJwt(u.accessToken)).toMatchObject({ sub: ids.user, act: { sub: ids.admin }, shd: 'user' });
      // An ordinary session has no act claim.
      expect(decodeJwt(admin.accessToken).act).toBeUndefined();
    });

    it('of a user sees what the user sees', async () => {
      const admin = await signInAdmin(t.app);
      const u = (await post('/api/shadow-user', { userId: ids.manager }, admin.accessToken)).body.data;
      const me = await get('/api/me', u.accessToken);
      expect(me.body.data).toMatchObject({ id: ids.manager, email: DEMO.manager, platformRole: null });
      expect((await get('/api/companies', u.accessToken)).body.data.map((c: { id: string }) => c.id).sort()).toEqual([ids.mackwell, ids.northwind].sort());
      // It may switch among the user's companies only.
      expect((await post('/api/switch-company', { companyId: ids.northwind }, u.accessToken)).status).toBe(200);
      expectForbidden(await post('/api/switch-company', { companyId: ids.harbour }, u.accessToken));
    });

    it('of a company sees that company only and cannot switch company, by switch or by refresh', async () => {
      const admin = await signInAdmin(t.app);
      const c = (await post('/api/shadow-company', { companyId: ids.harbour }, admin.accessToken)).body.data;
      expect((await get('/api/companies', c.accessToken)).body.data.map((x: { id: string }) => x.id)).toEqual([ids.harbour]);
      expectForbidden(await post('/api/switch-company', { companyId: ids.northwind }, c.accessToken));
      expectForbidden(await call(t.app, 'POST', '/api/refresh-token', { refreshToken: c.refreshToken, companyId: ids.northwind }));
      const r = await call(t.app, 'POST', '/api/refresh-token', { refreshToken: c.refreshToken });
      expectSession(r.body.data, { isShadow: true, role: 'manager', companyId: ids.harbour });
      expect(decodeJwt(r.body.data.accessToken).act).toEqual({ sub: ids.admin });
    });

    it('cannot change the password of the shadowed user', async () => {
      const admin = await signInAdmin(t.app);
      const u = (await post('/api/shadow-user', { userId: ids.viewer }, admin.accessToken)).body.data;
      expectForbidden(await post('/api/change-password', { currentPassword: DEMO.password, password: 'Hijack123', confirmPassword: 'Hijack123' }, u.accessToken));
      await signIn(t.app, DEMO.viewer, DEMO.password);
    });
  });

  describe('exit-shadow', () => {
    it('answers the admin own session with companyId null and ends the shadow session', async () => {
      const admin = await signInAdmin(t.app);
      const u = (await post('/api/shadow-user', { userId: ids.user }, admin.accessToken)).body.data;
      const r = await post('/api/exit-shadow', {}, u.accessToken);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'admin', companyId: null, isShadow: false, email: DEMO.admin });
      expect(decodeJwt(r.body.data.accessToken).act).toBeUndefined();
      expect((await get('/api/me', r.body.data.accessToken)).body.data.id).toBe(ids.admin);
      expect((await get('/api/me', u.accessToken)).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/refresh-token', { refreshToken: u.refreshToken })).status).toBe(401);
    });

    it('is a 400 outside a shadow session', async () => {
      const admin = await signInAdmin(t.app);
      const r = await post('/api/exit-shadow', {}, admin.accessToken);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    });
  });

  describe('audit log', () => {
    it('records shadow start and exit with both identities', async () => {
      const startsBefore = (await auditRows('shadow.start')).length;
      const exitsBefore = (await auditRows('shadow.exit')).length;
      const admin = await signInAdmin(t.app);
      const u = (await post('/api/shadow-user', { userId: ids.viewer }, admin.accessToken)).body.data;
      await post('/api/exit-shadow', {}, u.accessToken);
      const c = (await post('/api/shadow-company', { companyId: ids.harbour }, admin.accessToken)).body.data;
      await post('/api/exit-shadow', {}, c.accessToken);

      const starts = (await auditRows('shadow.start')).slice(startsBefore);
      expect(starts).toEqual([
        expect.objectContaining({ actorUserId: ids.admin, subjectUserId: ids.viewer, companyId: ids.northwind }),
        expect.objectContaining({ actorUserId: ids.admin, subjectUserId: null, companyId: ids.harbour }),
      ]);
      const exits = (await auditRows('shadow.exit')).slice(exitsBefore);
      expect(exits).toEqual([
        expect.objectContaining({ actorUserId: ids.admin, subjectUserId: ids.viewer }),
        expect.objectContaining({ actorUserId: ids.admin, companyId: ids.harbour }),
      ]);
    });

    it('records every write made while shadowing, and no read', async () => {
      const before = (await auditRows('shadow.write')).length;
      const admin = await signInAdmin(t.app);
      const u = (await post('/api/shadow-user', { userId: ids.manager }, admin.accessToken)).body.data;
      await get('/api/me', u.accessToken);
      await get('/api/companies', u.accessToken);
      expect((await post('/api/switch-company', { companyId: ids.northwind }, u.accessToken)).status).toBe(200);
      const rows = await waitForAudit('shadow.write', before + 1);
      expect(rows.slice(before)).toEqual([
        expect.objectContaining({ actorUserId: ids.admin, subjectUserId: ids.manager, detail: 'POST /api/switch-company' }),
      ]);
      // A refused write is not a write.
      expectForbidden(await post('/api/switch-company', { companyId: ids.harbour }, u.accessToken));
      // Ending the shadow by logout is a write of the shadow session.
      expect((await post('/api/logout', {}, u.accessToken)).status).toBe(200);
      const after = await waitForAudit('shadow.write', before + 2);
      expect(after.slice(before).map((r) => r.detail)).toEqual(['POST /api/switch-company', 'POST /api/logout']);
    });

    it('records nothing for writes outside a shadow session', async () => {
      const before = (await auditRows('shadow.write')).length;
      const s = await signIn(t.app, DEMO.manager);
      await post('/api/switch-company', { companyId: ids.northwind }, s.accessToken);
      await post('/api/logout', {}, s.accessToken);
      await new Promise((r) => setTimeout(r, 50));
      expect(await auditRows('shadow.write')).toHaveLength(before);
    });
  });
});
