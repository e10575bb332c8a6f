import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO, MINUTE, buildTestApp, call, demoIds, expectSession, freshIp, lastCode, mailsTo, newUser, testClock, type TestApp,
} from './helpers';
import { sha256 } from '../../server/auth/secrets';
import { startTestIssuer, type TestAccount, type TestIssuer } from './oidc-issuer';
import { loadConfig } from '../../server/config';

const REDIRECT_URI = 'http://localhost:8080/auth0loginCallback';

describe('external sign-in (OpenID Connect, authorization code + PKCE)', () => {
  let t: TestApp;
  let google: TestIssuer;
  let auth0: TestIssuer;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const clock = testClock();

  beforeAll(async () => {
    // Google: a confidential client, email in the ID token. Auth0: a public client, email only from UserInfo.
    google = await startTestIssuer({ clientId: 'sitewatch-google', clientSecret: 'google-secret-0123456789', redirectUri: REDIRECT_URI });
    auth0 = await startTestIssuer({ clientId: 'sitewatch-auth0', redirectUri: REDIRECT_URI }, { idTokenHasEmail: false });
    t = await buildTestApp(
      {
        OIDC_GOOGLE_ISSUER: google.issuer, OIDC_GOOGLE_CLIENT_ID: 'sitewatch-google', OIDC_GOOGLE_CLIENT_SECRET: 'google-secret-0123456789',
        OIDC_AUTH0_ISSUER: auth0.issuer, OIDC_AUTH0_CLIENT_ID: 'sitewatch-auth0',
      },
      { now: clock.now },
    );
    ids = await demoIds(t.deps);
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
    await auth0?.close();
  });

  /** Start at our API like the sign-in page does; answers the provider URL and the browser-binding cookie. */
  async function start(provider: string, body: unknown = {}, ip = freshIp()) {
    const res = await t.app.inject({ method: 'POST', url: `/api/external-login/${provider}/start`, payload: body as object, remoteAddress: ip });
    const setCookie = String(res.headers['set-cookie'] ?? '');
    return { status: res.statusCode, body: res.json(), setCookie, cookie: setCookie.split(';')[0] ?? '' };
  }
  async function callback(body: unknown, cookie: string | undefined, ip = freshIp()) {
    const res = await t.app.inject({
      method: 'POST', url: '/api/external-login/callback', payload: body as object, remoteAddress: ip, ...(cookie ? { headers: { cookie } } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  }
  /** The whole round trip: start, sign in at the provider as `account`, come back with what the provider gave. */
  async function signInAt(issuer: TestIssuer, provider: string, account: TestAccount, body: unknown = {}) {
    const s = await start(provider, body);
    expect(s.status).toBe(200);
    const back = await issuer.authorize(s.body.data.authorizationUrl, account);
    return { ...back, cookie: s.cookie, answer: { code: back.code, state: back.state, ...(back.iss ? { iss: back.iss } : {}) } };
  }

  describe('providers and start', () => {
    it('lists only the configured providers', async () => {
      const r = await call(t.app, 'GET', '/api/external-login/providers');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: [{ id: 'google', name: 'Google' }, { id: 'auth0', name: 'Auth0' }] });
    });

    it('answers the provider authorization URL with state, nonce and an S256 PKCE challenge, and a binding cookie', async () => {
      const s = await start('google', { returnUrl: '/reports' });
      expect(s.status).toBe(200);
      const url = new URL(s.body.data.authorizationUrl);
      expect(url.origin).toBe(google.issuer);
      const p = Object.fromEntries(url.searchParams);
      expect(p).toMatchObject({
        client_id: 'sitewatch-google', response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid email', code_challenge_method: 'S256',
      });
      expect(p.state!.length).toBeGreaterThanOrEqual(32);
      expect(p.nonce!.length).toBeGreaterThanOrEqual(32);
      expect(p.code_challenge).toMatch(/^[\w-]{43}$/);
      expect(s.setCookie).toMatch(/^sw_oidc=[\w-]{43}; Path=\/api\/external-login; Max-Age=600; HttpOnly; SameSite=Lax$/);
      // The state is stored hashed; the verifier never leaves the server.
      const rows = await t.deps.db.selectFrom('oidcStates').selectAll().execute();
      expect(rows.some((r) => r.stateHash === p.state)).toBe(false);
      expect(s.body.data.authorizationUrl).not.toContain(rows.at(-1)!.codeVerifier);
    });

    it('unknown and unconfigured providers are 404', async () => {
      for (const provider of ['facebook', 'github', 'GOOGLE']) {
        const s = await start(provider);
        expect(s.status).toBe(404);
        expect(s.body).toEqual({ message: expect.any(String), code: 'not_found' });
      }
    });

    it('refuses a returnUrl on another origin', async () => {
      for (const returnUrl of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'reports']) {
        const s = await start('google', { returnUrl });
        expect(s.status).toBe(400);
        expect(s.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('returnUrl') });
      }
    });
  });

  describe('callback', () => {
    it('signs in the account with the verified email: a session like /api/login answers, plus returnUrl', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-manager', email: DEMO.manager, email_verified: true }, { returnUrl: '/site-dashboard?id=7' });
      expect(f.iss).toBe(google.issuer);
      const r = await callback(f.answer, f.cookie);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'manager', companyId: ids.mackwell, email: DEMO.manager });
      expect(r.body.data.returnUrl).toBe('/site-dashboard?id=7');
      const login = await call(t.app, 'POST', '/api/login', { email: DEMO.manager, password: DEMO.password }, undefined, freshIp());
      expect(Object.keys(r.body.data).sort()).toEqual([...Object.keys(login.body.data), 'returnUrl'].sort());
      // The session is a real one: it reads, refreshes and logs out.
      expect((await call(t.app, 'GET', '/api/me', undefined, r.body.data.accessToken)).body.data.id).toBe(ids.manager);
      const refreshed = await call(t.app, 'POST', '/api/refresh-token', { refreshToken: r.body.data.refreshToken, companyId: r.body.data.companyId });
      expectSession(refreshed.body.data, { role: 'manager', email: DEMO.manager });
    });

    it('works with a public client whose provider gives the email through UserInfo, matching email case-insensitively', async () => {
      const f = await signInAt(auth0, 'auth0', { sub: 'a0-user', email: DEMO.user.toUpperCase(), email_verified: true });
      const r = await callback(f.answer, f.cookie);
      expect(r.status).toBe(200);
      expectSession(r.body.data, { role: 'user', companyId: ids.northwind, email: DEMO.user });
      expect(r.body.data.returnUrl).toBeNull();
    });

    it('records a sign-in without MFA in the audit log', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      expect((await callback(f.answer, f.cookie)).status).toBe(200);
      const rows = await t.deps.db.selectFrom('auditLog').selectAll().where('action', '=', 'login.external').execute();
      expect(rows).toContainEqual(expect.objectContaining({ actorUserId: ids.user, subjectUserId: ids.user, detail: 'google' }));
    });

    it('an MFA account gets our one-time code, mailed as for a password sign-in, and no tokens; the code gives the session', async () => {
      const families = () => t.deps.db.selectFrom('refreshFamilies').select('id').where('userId', '=', ids.admin).execute();
      const familiesBefore = (await families()).length;
      const mailsBefore = await mailsTo(t.app, DEMO.admin);
      // The provider says it did MFA itself; that does not stand in for ours.
      const f = await signInAt(
        google, 'google', { sub: 'g-admin', email: DEMO.admin.toUpperCase(), email_verified: true, amr: ['pwd', 'otp', 'mfa'] },
        { returnUrl: '/admin-dashboard', rememberMe: true },
      );
      const ip = freshIp();
      const r = await callback(f.answer, f.cookie, ip);
      expect(r.status).toBe(200);
      // The shape /api/login answers for MFA, plus what the callback page cannot know; the stored email, not the typed one.
      expect(r.body).toEqual({
        data: { requireMFV: true, mfaToken: expect.any(String), email: DEMO.admin, rememberMe: true, returnUrl: '/admin-dashboard' },
      });
      expect(await families()).toHaveLength(familiesBefore);
      const mails = await mailsTo(t.app, DEMO.admin);
      expect(mails).toHaveLength(mailsBefore.length + 1);
      const password = await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, freshIp());
      expect(password.body.data.requireMFV).toBe(true);
      const [passwordMail, externalMail] = await mailsTo(t.app, DEMO.admin);
      expect(externalMail!.subject).toBe(passwordMail!.subject);
      expect(externalMail!.text.replace(/\d{6}/, 'CODE')).toBe(passwordMail!.text.replace(/\d{6}/, 'CODE'));

      const code = /\b(\d{6})\b/.exec(externalMail!.text)![1]!;
      const wrong = await call(t.app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code: code === '000000' ? '111111' : '000000' }, undefined, ip);
      expect(wrong.body.code).toBe('invalid_code');
      const v = await call(t.app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code }, undefined, ip);
      expect(v.status).toBe(200);
      expectSession(v.body.data, { role: 'admin', companyId: null, email: DEMO.admin });
      // Remember me given at start carries through the code to the session lifetime.
      const family = await t.deps.db
        .selectFrom('refreshTokens').innerJoin('refreshFamilies', 'refreshFamilies.id', 'refreshTokens.familyId')
        .select('refreshFamilies.absoluteExpiresAt').where('refreshTokens.tokenHash', '=', sha256(v.body.data.refreshToken))
        .executeTakeFirstOrThrow();
      expect(family.absoluteExpiresAt - clock.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
      const audit = await t.deps.db.selectFrom('auditLog').selectAll().where('actorUserId', '=', ids.admin).execute();
      expect(audit).toContainEqual(expect.objectContaining({ action: 'login.external.challenge', detail: 'google' }));
      expect(audit.filter((a) => a.action === 'login.external')).toEqual([]);
    });

    it('the challenge of an external sign-in is an ordinary one: resend works, and it is single use', async () => {
      const f = await signInAt(auth0, 'auth0', { sub: 'a0-admin', email: DEMO.admin, email_verified: true });
      const ip = freshIp();
      const r = await callback(f.answer, f.cookie, ip);
      expect(r.body.data).toMatchObject({ requireMFV: true, rememberMe: false, returnUrl: null });
      clock.advance(31_000);
      expect((await call(t.app, 'POST', '/api/resend-opt', { mfaToken: r.body.data.mfaToken }, undefined, ip)).body).toEqual({ data: { sent: true } });
      const code = await lastCode(t.app, DEMO.admin);
      const v = await call(t.app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code }, undefined, ip);
      expectSession(v.body.data, { role: 'admin', email: DEMO.admin });
      const again = await call(t.app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code }, undefined, ip);
      expect(again.status).toBe(401);
    });

    it('a disabled MFA account is refused before any code is mailed', async () => {
      const u = await newUser(t.app, { mfa: true, deps: t.deps });
      await t.deps.db.updateTable('users').set({ disabled: 1 }).where('email', '=', u.email).execute();
      const f = await signInAt(google, 'google', { sub: 'g-disabled-mfa', email: u.email, email_verified: true });
      const r = await callback(f.answer, f.cookie);
      expect(r.body.code).toBe('account_disabled');
      expect(await mailsTo(t.app, u.email)).toEqual([]);
    });

    it('an absent email_verified is accepted (the provider vouches for the email it shares)', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-viewer', email: DEMO.viewer });
      expect((await callback(f.answer, f.cookie)).status).toBe(200);
    });

    it('Remember me carries through to the session lifetime', async () => {
      const long = await signInAt(google, 'google', { sub: 'g-manager', email: DEMO.manager, email_verified: true }, { rememberMe: true });
      const short = await signInAt(google, 'google', { sub: 'g-manager', email: DEMO.manager, email_verified: true });
      const expiry = async (refreshToken: string) => {
        const row = await t.deps.db
          .selectFrom('refreshTokens').innerJoin('refreshFamilies', 'refreshFamilies.id', 'refreshTokens.familyId')
          .select('refreshFamilies.absoluteExpiresAt').where('refreshTokens.tokenHash', '=', (await import('../../server/auth/secrets')).sha256(refreshToken))
          .executeTakeFirstOrThrow();
        return row.absoluteExpiresAt - clock.now();
      };
      const a = (await callback(long.answer, long.cookie)).body.data;
      const b = (await callback(short.answer, short.cookie)).body.data;
      expect(await expiry(a.refreshToken)).toBeGreaterThan(29 * 24 * 3600 * 1000);
      expect(await expiry(b.refreshToken)).toBeLessThanOrEqual(12 * 3600 * 1000);
    });
  });

  describe('callback failures', () => {
    const expectInvalidState = (r: { status: number; body: unknown }) => {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: expect.any(String), code: 'invalid_state' });
    };

    it('an unknown state is 401 invalid_state', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      expectInvalidState(await callback({ ...f.answer, state: 'not-the-state-we-issued' }, f.cookie));
    });

    it('a state is single use: the second callback with it is refused', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      expect((await callback(f.answer, f.cookie)).status).toBe(200);
      expectInvalidState(await callback(f.answer, f.cookie));
    });

    it('callbacks racing with one state: exactly one wins', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      const results = await Promise.all(Array.from({ length: 5 }, () => callback(f.answer, f.cookie)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    });

    it('a state older than 10 minutes is expired', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      clock.advance(10 * MINUTE + 1000);
      expectInvalidState(await callback(f.answer, f.cookie));
    });

    it('a state only completes in the browser that started it (binding cookie), and a stranger cannot burn it', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      expectInvalidState(await callback(f.answer, undefined));
      expectInvalidState(await callback(f.answer, `sw_oidc=${'x'.repeat(43)}`));
      expect((await callback(f.answer, f.cookie)).status).toBe(200);
    });

    it('a code from another provider than the one the state was started with is refused (issuer mix-up)', async () => {
      const fromGoogle = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      const auth0Start = await start('auth0');
      const auth0State = new URL(auth0Start.body.data.authorizationUrl).searchParams.get('state')!;
      const r = await callback({ ...fromGoogle.answer, state: auth0State }, auth0Start.cookie);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: expect.any(String), code: 'external_login_failed' });
      // Without iss the code still goes to Auth0 only, where it is worthless.
      const again = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      const auth0Start2 = await start('auth0');
      const r2 = await callback({ code: again.code, state: new URL(auth0Start2.body.data.authorizationUrl).searchParams.get('state')! }, auth0Start2.cookie);
      expect(r2.status).toBe(401);
    });

    it('a code from another sign-in at the same provider is refused (PKCE binds the code to its own start)', async () => {
      const stolen = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      const mine = await start('google');
      const state = new URL(mine.body.data.authorizationUrl).searchParams.get('state')!;
      const r = await callback({ ...stolen.answer, state }, mine.cookie);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('external_login_failed');
    });

    it('an ID token whose signature does not match the provider key set is refused', async () => {
      const impostor = await startTestIssuer({ clientId: 'sitewatch-facebook', clientSecret: 'fb-secret-0123456789', redirectUri: REDIRECT_URI }, { wrongJwks: true });
      const app = await buildTestApp(
        { OIDC_FACEBOOK_ISSUER: impostor.issuer, OIDC_FACEBOOK_CLIENT_ID: 'sitewatch-facebook', OIDC_FACEBOOK_CLIENT_SECRET: 'fb-secret-0123456789' },
        { seed: false },
      );
      try {
        const s = await app.app.inject({ method: 'POST', url: '/api/external-login/facebook/start', payload: {}, remoteAddress: freshIp() });
        const back = await impostor.authorize(s.json().data.authorizationUrl, { sub: 'fb-user', email: DEMO.user, email_verified: true });
        const r = await app.app.inject({
          method: 'POST', url: '/api/external-login/callback', remoteAddress: freshIp(),
          payload: { code: back.code, state: back.state, iss: back.iss! }, headers: { cookie: String(s.headers['set-cookie']).split(';')[0]! },
        });
        expect(r.statusCode).toBe(401);
        expect(r.json().code).toBe('external_login_failed');
      } finally {
        await app.close();
        await impostor.close();
      }
    });

    it('a forged or altered code is 401 external_login_failed', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      const r = await callback({ ...f.answer, code: `${f.code}x` }, f.cookie);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('external_login_failed');
    });

    it('a wrong iss is refused', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-user', email: DEMO.user, email_verified: true });
      const r = await callback({ ...f.answer, iss: auth0.issuer }, f.cookie);
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('external_login_failed');
    });

    it('an email with no account is 403 with a clear message; no account is created', async () => {
      const email = `stranger-${Date.now()}@example.test`;
      const f = await signInAt(google, 'google', { sub: 'g-stranger', email, email_verified: true });
      const r = await callback(f.answer, f.cookie);
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message: expect.stringContaining(email), code: 'unknown_account' });
      expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it('an email the provider says is not verified is 403', async () => {
      const f = await signInAt(auth0, 'auth0', { sub: 'a0-unverified', email: DEMO.user, email_verified: false });
      const r = await callback(f.answer, f.cookie);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('email_not_verified');
    });

    it('no email at all is 403', async () => {
      const f = await signInAt(google, 'google', { sub: 'g-no-email' });
      const r = await callback(f.answer, f.cookie);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('email_missing');
    });

    it('a disabled account is 403', async () => {
      const u = await newUser(t.app);
      await t.deps.db.updateTable('users').set({ disabled: 1 }).where('email', '=', u.email).execute();
      const f = await signInAt(google, 'google', { sub: 'g-disabled', email: u.email, email_verified: true });
      const r = await callback(f.answer, f.cookie);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('account_disabled');
    });
  });

  describe('limits and configuration', () => {
    it('start and callback are rate-limited per address (100 per 15 minutes)', async () => {
      const ip = freshIp();
      for (let i = 0; i < 100; i++) expect((await start('google', {}, ip)).status).toBe(200);
      const s = await start('google', {}, ip);
      expect(s.status).toBe(429);
      expect(s.body.code).toBe('rate_limited');
      expect((await start('google')).status).toBe(200);
      for (let i = 0; i < 100; i++) expect((await callback({ code: 'c', state: `s${i}` }, undefined, ip)).status).toBe(401);
      expect((await callback({ code: 'c', state: 's' }, undefined, ip)).status).toBe(429);
    });

    it('an unreachable provider is listed but answers 502 provider_unavailable, not a 500; unconfigured ones stay 404', async () => {
      const down = await buildTestApp({ OIDC_FACEBOOK_ISSUER: 'http://127.0.0.1:9', OIDC_FACEBOOK_CLIENT_ID: 'x' }, { seed: false });
      try {
        expect((await call(down.app, 'GET', '/api/external-login/providers')).body).toEqual({ data: [{ id: 'facebook', name: 'Facebook' }] });
        const r = await call(down.app, 'POST', '/api/external-login/facebook/start', {});
        expect(r.status).toBe(502);
        expect(r.body).toEqual({ message: expect.stringContaining('Facebook'), code: 'provider_unavailable' });
        expect((await call(down.app, 'POST', '/api/external-login/google/start', {})).status).toBe(404);
      } finally {
        await down.close();
      }
    });

    it('configuration refuses plain http except on this machine, and an issuer without a client id', () => {
      expect(() => loadConfig({ OIDC_GOOGLE_ISSUER: 'http://accounts.example.com', OIDC_GOOGLE_CLIENT_ID: 'x' })).toThrow(/OIDC_GOOGLE_ISSUER/);
      expect(() => loadConfig({ OIDC_AUTH0_ISSUER: 'https://tenant.auth0.example/' })).toThrow(/OIDC_AUTH0_CLIENT_ID/);
      expect(() => loadConfig({ OIDC_AUTH0_ISSUER: 'not a url', OIDC_AUTH0_CLIENT_ID: 'x' })).toThrow(/OIDC_AUTH0_ISSUER/);
      expect(loadConfig({ OIDC_FACEBOOK_ISSUER: 'http://localhost:4000', OIDC_FACEBOOK_CLIENT_ID: 'x' }).OIDC_FACEBOOK_ISSUER).toBe('http://localhost:4000');
    });
  });
});
