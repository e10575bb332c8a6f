import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import {
  waitForMails,
  DEMO, buildTestApp, call, confirmEmail, demoIds, expectSession, freshIp, lastCode, mailsTo, newUser, resetTokenFor, signIn, signInAdmin,
  testClock, type TestApp,
} from './helpers';

// The happy path of every route, checked against the field names the contract fixes (docs/product.md).
describe('API contract (docs/product.md, API conventions)', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const clock = testClock();
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    ids = await demoIds(t.deps);
  });
  afterAll(() => t.close());

  describe('sign-in', () => {
    it('POST /api/login answers a session for an account without MFA', async () => {
      const r = await call(t.app, 'POST', '/api/login', { email: DEMO.manager, password: DEMO.password, rememberMe: true }, undefined, freshIp());
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual(['data']);
      // Companies are ordered by name, so the first membership is Mackwell Lighting Services.
      expectSession(r.body.data, { role: 'manager', companyId: ids.mackwell, email: DEMO.manager });
      expect(r.body.data.basicInfo).toEqual({ id: ids.manager, name: 'Max Manager', email: DEMO.manager, locale: 'en' });
      expect(r.body.data.expiresIn).toBe(900);
    });

    it('POST /api/login treats the email case-insensitively and trims it', async () => {
      const r = await call(t.app, 'POST', '/api/login', { email: `  ${DEMO.user.toUpperCase()} `, password: DEMO.password }, undefined, freshIp());
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'user', companyId: ids.northwind, email: DEMO.user });
    });

    it('POST /api/login answers 401 {message, code} for a wrong password', async () => {
      const r = await call(t.app, 'POST', '/api/login', { email: DEMO.viewer, password: 'Wrong1234' }, undefined, freshIp());
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: expect.any(String), code: 'invalid_credentials' });
    });

    it('POST /api/login answers {requireMFV: true, mfaToken} for an MFA account and nothing more', async () => {
      const r = await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, freshIp());
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { requireMFV: true, mfaToken: expect.any(String) } });
    });

    it('POST /api/verify-opt answers the session once the mailed code is given', async () => {
      const ip = freshIp();
      const r = await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, ip);
      const code = await lastCode(t.app, DEMO.admin);
      const v = await call(t.app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code }, undefined, ip);
      expect(v.status).toBe(200);
      expectSession(v.body.data, { role: 'admin', companyId: null, email: DEMO.admin });
    });

    it('POST /api/resend-opt answers {sent: true} and mails a new code', async () => {
      const ip = freshIp();
      const r = await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, ip);
      const before = (await mailsTo(t.app, DEMO.admin)).length;
      clock.advance(31_000);
      const s = await call(t.app, 'POST', '/api/resend-opt', { mfaToken: r.body.data.mfaToken }, undefined, ip);
      expect(s.status).toBe(200);
      expect(s.body).toEqual({ data: { sent: true } });
      expect((await mailsTo(t.app, DEMO.admin)).length).toBe(before + 1);
      const v = await call(t.app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code: await lastCode(t.app, DEMO.admin) }, undefined, ip);
      expect(v.status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('POST /api/refresh-token answers a session with a new refresh token', async () => {
      const s = await signIn(t.app, DEMO.manager);
      const r = await call(t.app, 'POST', '/api/refresh-token', { refreshToken: s.refreshToken, companyId: s.companyId });
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'manager', companyId: s.companyId, email: DEMO.manager });
      expect(r.body.data.refreshToken).not.toBe(s.refreshToken);
    });

    it('POST /api/refresh-token may name another company of the user', async () => {
      const s = await signIn(t.app, DEMO.manager);
      const r = await call(t.app, 'POST', '/api/refresh-token', { refreshToken: s.refreshToken, companyId: ids.northwind });
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'manager', companyId: ids.northwind });
    });

    it('POST /api/logout answers {data} and ends the session', async () => {
      const s = await signIn(t.app, DEMO.user);
      const r = await call(t.app, 'POST', '/api/logout', {}, s.accessToken);
      expect(r.status).toBe(200);
      expect(r.body).toHaveProperty('data');
      expect((await call(t.app, 'GET', '/api/me', undefined, s.accessToken)).status).toBe(401);
    });

    it('POST /api/switch-company answers a session for the other company', async () => {
      const s = await signIn(t.app, DEMO.manager);
      const r = await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, s.accessToken);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'manager', companyId: ids.northwind, isShadow: false, email: DEMO.manager });
      expect(decodeJwt(r.body.data.accessToken).cid).toBe(ids.northwind);
    });

    it('POST /api/shadow-company answers a shadow session with manager rights in that company', async () => {
      const admin = await signInAdmin(t.app);
      const r = await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, admin.accessToken);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'manager', companyId: ids.harbour, isShadow: true });
      expect(r.body.data.shadow).toEqual({ kind: 'company', name: 'Harbour Pharmacy Group', actorName: 'Ada Admin' });
    });

    it('POST /api/shadow-user answers a shadow session carrying the user identity', async () => {
      const admin = await signInAdmin(t.app);
      const r = await call(t.app, 'POST', '/api/shadow-user', { userId: ids.user }, admin.accessToken);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'user', companyId: ids.northwind, isShadow: true, email: DEMO.user });
      expect(r.body.data.basicInfo.id).toBe(ids.user);
      expect(r.body.data.shadow).toEqual({ kind: 'user', name: 'Uma User', actorName: 'Ada Admin' });
    });

    it('POST /api/exit-shadow answers the admin session with companyId null', async () => {
      const admin = await signInAdmin(t.app);
      const shadow = await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, admin.accessToken);
      const r = await call(t.app, 'POST', '/api/exit-shadow', {}, shadow.body.data.accessToken);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'admin', companyId: null, isShadow: false, email: DEMO.admin });
      expect(r.body.data.shadow ?? null).toBeNull();
    });
  });

  describe('accounts and passwords', () => {
    it('POST /api/signup answers 201 {data} and the account can sign in once its email is confirmed', async () => {
      const email = `new-${Date.now()}@example.test`;
      const r = await call(t.app, 'POST', '/api/signup', { name: 'Nora New', email, password: 'Fresh1234', confirmPassword: 'Fresh1234', acceptTerms: true }, undefined, freshIp());
      expect(r.status).toBe(201);
      expect(r.body).toHaveProperty('data');
      await confirmEmail(t.app, email);
      const s = await signIn(t.app, email, 'Fresh1234');
      expectSession(s, { email });
      expect(s.basicInfo.name).toBe('Nora New');
    });

    it('POST /api/signup answers the same for an email already taken, keeps the old password and tells the owner by mail', async () => {
      const r = await call(t.app, 'POST', '/api/signup', { name: 'Dup', email: DEMO.user, password: 'Fresh1234', confirmPassword: 'Fresh1234', acceptTerms: true }, undefined, freshIp());
      expect(r.status).toBe(201);
      expect(r.body).toEqual({ data: { created: true } });
      await signIn(t.app, DEMO.user, DEMO.password);
      const mails = await waitForMails(t.app, DEMO.user, 1);
      expect(mails[0]!.subject).toMatch(/tried to create a Sitewatch account/);
    });

    it('POST /api/change-password answers a session and the new password works', async () => {
      const u = await newUser(t.app);
      const s = await signIn(t.app, u.email, u.password);
      const r = await call(t.app, 'POST', '/api/change-password', { currentPassword: u.password, password: 'Changed123', confirmPassword: 'Changed123' }, s.accessToken);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { email: u.email });
      await signIn(t.app, u.email, 'Changed123');
    });

    it('POST /api/change-password answers 400 naming currentPassword when it is wrong', async () => {
      const u = await newUser(t.app);
      const s = await signIn(t.app, u.email, u.password);
      const r = await call(t.app, 'POST', '/api/change-password', { currentPassword: 'Nope12345', password: 'Changed123', confirmPassword: 'Changed123' }, s.accessToken);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: expect.any(String), code: 'invalid_password' });
      expect(JSON.stringify(r.body)).toContain('currentPassword');
    });

    it('POST /api/forgot-password, verify-token and reset-password answer {sent}, {valid}, {reset}', async () => {
      const u = await newUser(t.app);
      const f = await call(t.app, 'POST', '/api/forgot-password', { email: u.email }, undefined, freshIp());
      expect(f.status).toBe(200);
      expect(f.body).toEqual({ data: { sent: true } });
      const token = await resetTokenFor(t.app, u.email);
      const v = await call(t.app, 'POST', '/api/forgot-password/verify-token', { token });
      expect(v.status).toBe(200);
      expect(v.body).toEqual({ data: { valid: true } });
      const r = await call(t.app, 'POST', '/api/reset-password', { token, password: 'Reset1234', confirmPassword: 'Reset1234' });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { reset: true } });
      await signIn(t.app, u.email, 'Reset1234');
    });

    it('GET /api/me answers basicInfo plus memberships [{companyId, companyName, role}]', async () => {
      const s = await signIn(t.app, DEMO.manager);
      const r = await call(t.app, 'GET', '/api/me', undefined, s.accessToken);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ id: ids.manager, name: 'Max Manager', email: DEMO.manager, locale: 'en' });
      expect(r.body.data.memberships).toEqual([
        { companyId: ids.mackwell, companyName: 'Mackwell Lighting Services', role: 'manager' },
        { companyId: ids.northwind, companyName: 'Northwind Care Homes', role: 'manager' },
      ]);
    });
  });

  describe('companies, white label, development mail', () => {
    it('GET /api/companies answers the user companies as [{id, name, customerType}]', async () => {
      const s = await signIn(t.app, DEMO.manager);
      const r = await call(t.app, 'GET', '/api/companies', undefined, s.accessToken);
      expect(r.status).toBe(200);
      // The companies resource's list: the item may hold more than these (docs/product.md, Management keeps the shape and adds total).
      expect(r.body.data).toEqual([
        expect.objectContaining({ id: ids.mackwell, name: 'Mackwell Lighting Services', customerType: 'Mackwell' }),
        expect.objectContaining({ id: ids.northwind, name: 'Northwind Care Homes', customerType: 'UKE' }),
      ]);
      expect(r.body).toMatchObject({ total: 2 });
    });

    it('GET /api/companies answers every company for an admin', async () => {
      const admin = await signInAdmin(t.app);
      const r = await call(t.app, 'GET', '/api/companies', undefined, admin.accessToken);
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(6);
      expect(r.body).toMatchObject({ total: 6 });
      for (const c of r.body.data) expect(Object.keys(c)).toEqual(expect.arrayContaining(['customerType', 'id', 'name']));
    });

    it('GET /api/white-label answers empty strings for an unknown domain', async () => {
      const r = await call(t.app, 'GET', '/api/white-label?Domain=unknown.example');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { faviconUrl: '', loginLogoUrl: '', siteLogoUrl: '', websiteTitle: '' } });
    });

    it('GET /api/white-label answers the settings of a known domain, case-insensitively', async () => {
      await t.deps.db
        .insertInto('whiteLabelSettings')
        .values({ domain: 'care.example', faviconUrl: '/f.ico', loginLogoUrl: '/l.png', siteLogoUrl: '/s.png', websiteTitle: 'Care Watch', updatedAt: Date.now() })
        .execute();
      const r = await call(t.app, 'GET', '/api/white-label?Domain=Care.Example');
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({ faviconUrl: '/f.ico', loginLogoUrl: '/l.png', siteLogoUrl: '/s.png', websiteTitle: 'Care Watch' });
    });

    it('GET /api/white-label without Domain is a 400 naming it', async () => {
      const r = await call(t.app, 'GET', '/api/white-label');
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Domain') });
    });

    it('GET /api/dev/outbox answers [{to, subject, text, html, at}], newest first, filtered by recipient', async () => {
      const u = await newUser(t.app);
      await call(t.app, 'POST', '/api/forgot-password', { email: u.email }, undefined, freshIp());
      await resetTokenFor(t.app, u.email);
      await call(t.app, 'POST', '/api/forgot-password', { email: u.email }, undefined, freshIp());
      const mails = (await resetTokenFor(t.app, u.email, 2), await mailsTo(t.app, u.email));
      expect(mails).toHaveLength(2);
      for (const m of mails) {
        expect(Object.keys(m).sort()).toEqual(['at', 'html', 'subject', 'text', 'to']);
        expect(m.to).toBe(u.email);
        expect(new Date(m.at).toISOString()).toBe(m.at);
      }
      expect(mails[0]!.at >= mails[1]!.at).toBe(true);
      // Everyone's mail at once is not offered: the recipient is required.
      const all = await call(t.app, 'GET', '/api/dev/outbox');
      expect(all.status).toBe(400);
      expect(all.body).toMatchObject({ code: 'bad_request', details: [expect.objectContaining({ path: 'to' })] });
      const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.body).toContain('Name a recipient to read their mail.');
      expect(page.body).not.toContain(u.email);
    });

    it('GET /dev/mail shows the outbox as an HTML page with everything escaped', async () => {
      const r = await t.app.inject({ method: 'GET', url: `/dev/mail?to=${encodeURIComponent('"><script>alert(1)</script>')}` });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('Development mail');
      expect(r.body).not.toContain('<script>');
      expect(r.body).toContain('&lt;script&gt;');
      const page = await t.app.inject({ method: 'GET', url: `/dev/mail?to=${encodeURIComponent(DEMO.admin)}` });
      expect(page.body).toContain('Your Sitewatch sign-in code');
    });
  });

  describe('failures', () => {
    const authed: ['GET' | 'POST', string, unknown][] = [
      ['GET', '/api/me', undefined],
      ['GET', '/api/companies', undefined],
      ['POST', '/api/logout', {}],
      ['POST', '/api/change-password', { currentPassword: 'Demo1234', password: 'Other1234', confirmPassword: 'Other1234' }],
      ['POST', '/api/switch-company', { companyId: 'x' }],
      ['POST', '/api/shadow-company', { companyId: 'x' }],
      ['POST', '/api/shadow-user', { userId: 'x' }],
      ['POST', '/api/exit-shadow', {}],
    ];
    it.each(authed)('%s %s without a token is 401 {message, code}', async (method, url, body) => {
      const r = await call(t.app, method, url, body);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    });
  });
});

describe('development mail with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' }, { seed: false });
  });
  afterAll(() => t.close());

  it('GET /api/dev/outbox and /dev/mail are 404 unless the outbox transport is in use', async () => {
    const a = await call(t.app, 'GET', '/api/dev/outbox');
    expect(a.status).toBe(404);
    expect(a.body).toMatchObject({ code: 'not_found' });
    const b = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(b.statusCode).toBe(404);
  });
});
