import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, call, demoIds, newUser, signIn, signInAdmin, type TestApp } from './helpers';

describe('PUT /api/me (profile)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
  });
  afterAll(() => t.close());

  const put = (body: unknown, token?: string) => call(t.app, 'PUT', '/api/me', body, token);

  it('changes name and language and answers the updated me, the same shape GET /api/me answers', async () => {
    const u = await newUser(t.app);
    const s = await signIn(t.app, u.email, u.password);
    const r = await put({ name: '  Zoë Ångström  ', locale: 'ar' }, s.accessToken);
    expect(r.status).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', undefined, s.accessToken);
    expect(r.body.data).toEqual(me.body.data);
    expect(me.body.data).toMatchObject({ name: 'Zoë Ångström', locale: 'ar', email: u.email, memberships: [] });
    // The next sign-in carries the new name and language in basicInfo.
    expect((await signIn(t.app, u.email, u.password)).basicInfo).toMatchObject({ name: 'Zoë Ångström', locale: 'ar' });
  });

  it('changes one field and leaves the other', async () => {
    const u = await newUser(t.app);
    const s = await signIn(t.app, u.email, u.password);
    await put({ locale: 'fr' }, s.accessToken);
    const r = await put({ name: 'Only The Name' }, s.accessToken);
    expect(r.body.data).toMatchObject({ name: 'Only The Name', locale: 'fr' });
  });

  it('keeps the memberships in the answer', async () => {
    const s = await signIn(t.app, DEMO.viewer);
    const r = await put({ locale: 'en' }, s.accessToken);
    expect(r.body.data).toMatchObject({ id: ids.viewer, memberships: [expect.objectContaining({ companyId: ids.northwind, role: 'viewer' })] });
  });

  it('refuses email (it is the sign-in identity), unknown locales, empty and over-long names, and an empty change', async () => {
    const s = await signIn(t.app, DEMO.user);
    for (const [body, field] of [
      [{ email: 'new@example.test' }, 'email'],
      [{ locale: 'de' }, 'locale'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{}, 'name'],
    ] as const) {
      const r = await put(body, s.accessToken);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining(field) });
    }
    expect((await call(t.app, 'GET', '/api/me', undefined, s.accessToken)).body.data.email).toBe(DEMO.user);
  });

  it('needs a session (401)', async () => {
    expect((await put({ name: 'Nobody' })).status).toBe(401);
  });

  it('is refused while shadowing a user (403), and the user is unchanged', async () => {
    const admin = await signInAdmin(t.app);
    const shadow = (await call(t.app, 'POST', '/api/shadow-user', { userId: ids.manager }, admin.accessToken)).body.data;
    const r = await put({ name: 'Renamed By Admin' }, shadow.accessToken);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: expect.any(String), code: 'forbidden' });
    expect((await call(t.app, 'GET', '/api/me', undefined, shadow.accessToken)).body.data.name).toBe('Max Manager');
    const company = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.northwind }, admin.accessToken)).body.data;
    expect((await put({ locale: 'zh' }, company.accessToken)).status).toBe(403);
  });
});
