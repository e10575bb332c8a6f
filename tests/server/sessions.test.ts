import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { DEMO, MINUTE, buildTestApp, call, demoIds, freshIp, newUser, signIn, testClock, type TestApp } from './helpers';

const HOUR = 60 * MINUTE;

describe('refresh tokens', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const clock = testClock();
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
    ids = await demoIds(t.deps);
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string, companyId?: string | null) =>
    call(t.app, 'POST', '/api/refresh-token', companyId === undefined ? { refreshToken } : { refreshToken, companyId });
  const me = (accessToken: string) => call(t.app, 'GET', '/api/me', undefined, accessToken);

  it('rotate: every refresh answers a new refresh token and spends the old one', async () => {
    const s = await signIn(t.app, DEMO.manager);
    const seen = new Set([s.refreshToken]);
    let token = s.refreshToken;
    for (let i = 0; i < 3; i++) {
      const r = await refresh(token);
      expect(r.status).toBe(200);
      expect(seen.has(r.body.data.refreshToken)).toBe(false);
      seen.add(r.body.data.refreshToken);
      token = r.body.data.refreshToken;
    }
  });

  it('stores refresh tokens hashed', async () => {
    const s = await signIn(t.app, DEMO.viewer);
    const rows = await t.deps.db.selectFrom('refreshTokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(s.refreshToken);
  });

  it('a spent refresh token is 401 and revokes the whole family', async () => {
    const s = await signIn(t.app, DEMO.manager);
    const second = await refresh(s.refreshToken);
    expect(second.status).toBe(200);
    const fresh = second.body.data;
    expect((await me(fresh.accessToken)).status).toBe(200);

    const reuse = await refresh(s.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ message: expect.any(String), code: 'refresh_token_reused' });

    // The thief's newer token and every access token of the family are dead too.
    expect((await refresh(fresh.refreshToken)).status).toBe(401);
    expect((await me(fresh.accessToken)).status).toBe(401);
    expect((await me(s.accessToken)).status).toBe(401);
    const audit = await t.deps.db.selectFrom('auditLog').selectAll().where('action', '=', 'refresh.reuse').execute();
    expect(audit.some((a) => a.subjectUserId === ids.manager)).toBe(true);
  });

  it('reuse revokes only that family: another session of the same user lives on', async () => {
    const a = await signIn(t.app, DEMO.user);
    const b = await signIn(t.app, DEMO.user);
    await refresh(a.refreshToken);
    expect((await refresh(a.refreshToken)).status).toBe(401);
    expect((await me(b.accessToken)).status).toBe(200);
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it('an unknown refresh token is 401 and revokes nothing', async () => {
    const s = await signIn(t.app, DEMO.user);
    const r = await refresh('x'.repeat(43));
    expect(r.status).toBe(401);
    expect((await me(s.accessToken)).status).toBe(200);
  });

  it('a refresh refused for a company the user may not use does not spend the token', async () => {
    const s = await signIn(t.app, DEMO.user);
    const refused = await refresh(s.refreshToken, ids.harbour);
    expect(refused.status).toBe(403);
    const again = await refresh(s.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body.data.companyId).toBe(ids.northwind);
  });

  it('two refreshes racing with one token: at most one wins, and the family is revoked', async () => {
    const s = await signIn(t.app, DEMO.manager);
    const results = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken), refresh(s.refreshToken)]);
    const won = results.filter((r) => r.status === 200);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(2);
    for (const w of won) expect((await refresh(w.body.data.refreshToken)).status).toBe(401);
  });

  it('rotation never extends the absolute expiry (12 h without rememberMe)', async () => {
    const start = clock.now();
    const s = await signIn(t.app, DEMO.viewer);
    const fam = decodeJwt(s.accessToken).fam as string;
    const expiresAt = (await t.deps.db.selectFrom('refreshFamilies').select('absoluteExpiresAt').where('id', '=', fam).executeTakeFirstOrThrow()).absoluteExpiresAt;
    expect(Number(expiresAt) - start).toBe(12 * HOUR);

    let token = s.refreshToken;
    for (let i = 0; i < 11; i++) {
      clock.advance(HOUR);
      const r = await refresh(token);
      expect(r.status).toBe(200);
      token = r.body.data.refreshToken;
    }
    const after = await t.deps.db.selectFrom('refreshFamilies').select('absoluteExpiresAt').where('id', '=', fam).executeTakeFirstOrThrow();
    expect(after.absoluteExpiresAt).toBe(expiresAt);
    clock.advance(HOUR);
    const late = await refresh(token);
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ message: expect.any(String), code: 'session_expired' });
  });

  it('with rememberMe the session lasts REFRESH_TOKEN_TTL, never more', async () => {
    const r = await call(t.app, 'POST', '/api/login', { email: DEMO.viewer, password: DEMO.password, rememberMe: true }, undefined, freshIp());
    let token = r.body.data.refreshToken as string;
    for (let day = 0; day < 29; day++) {
      clock.advance(24 * HOUR);
      const x = await refresh(token);
      expect(x.status).toBe(200);
      token = x.body.data.refreshToken;
    }
    clock.advance(24 * HOUR);
    expect((await refresh(token)).status).toBe(401);
  });

  it('change-password keeps the absolute expiry of the session it was made from', async () => {
    const u = await newUser(t.app);
    const s = await signIn(t.app, u.email, u.password);
    const fam = decodeJwt(s.accessToken).fam as string;
    const before = await t.deps.db.selectFrom('refreshFamilies').select('absoluteExpiresAt').where('id', '=', fam).executeTakeFirstOrThrow();
    clock.advance(HOUR);
    const r = await call(t.app, 'POST', '/api/change-password', { currentPassword: u.password, password: 'Changed123', confirmPassword: 'Changed123' }, s.accessToken);
    expect(r.status).toBe(200);
    const newFam = decodeJwt(r.body.data.accessToken).fam as string;
    expect(newFam).not.toBe(fam);
    const after = await t.deps.db.selectFrom('refreshFamilies').select('absoluteExpiresAt').where('id', '=', newFam).executeTakeFirstOrThrow();
    expect(after.absoluteExpiresAt).toBe(before.absoluteExpiresAt);
  });

  it('switch-company keeps the absolute expiry of the session', async () => {
    const s = await signIn(t.app, DEMO.manager);
    const fam = decodeJwt(s.accessToken).fam as string;
    const before = await t.deps.db.selectFrom('refreshFamilies').select('absoluteExpiresAt').where('id', '=', fam).executeTakeFirstOrThrow();
    clock.advance(HOUR);
    const sw = await call(t.app, 'POST', '/api/switch-company', { companyId: ids.northwind }, s.accessToken);
    expect(sw.status).toBe(200);
    expect(decodeJwt(sw.body.data.accessToken).fam).toBe(fam);
    const after = await t.deps.db.selectFrom('refreshFamilies').select('absoluteExpiresAt').where('id', '=', fam).executeTakeFirstOrThrow();
    expect(after.absoluteExpiresAt).toBe(before.absoluteExpiresAt);
  });
});

describe('logout and change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: string) => call(t.app, 'POST', '/api/refresh-token', { refreshToken });
  const me = (accessToken: string) => call(t.app, 'GET', '/api/me', undefined, accessToken);

  it('logout revokes the family: its refresh token fails and its access token is 401', async () => {
    const s = await signIn(t.app, DEMO.user);
    const other = await signIn(t.app, DEMO.user);
    const rotated = (await refresh(s.refreshToken)).body.data;
    const out = await call(t.app, 'POST', '/api/logout', {}, rotated.accessToken);
    expect(out.status).toBe(200);
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    const after = await me(rotated.accessToken);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: expect.any(String), code: 'session_revoked' });
    expect((await me(s.accessToken)).status).toBe(401);
    // Another device of the same user is not signed out.
    expect((await me(other.accessToken)).status).toBe(200);
  });

  it('logout accepts a request without a body', async () => {
    const s = await signIn(t.app, DEMO.user);
    const r = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${s.accessToken}` } });
    expect(r.statusCode).toBe(200);
    expect((await me(s.accessToken)).status).toBe(401);
  });

  it('change-password ends every other session and keeps this device signed in', async () => {
    const u = await newUser(t.app);
    const here = await signIn(t.app, u.email, u.password);
    const elsewhere = await signIn(t.app, u.email, u.password);
    const r = await call(t.app, 'POST', '/api/change-password', { currentPassword: u.password, password: 'Newpass123', confirmPassword: 'Newpass123' }, here.accessToken);
    expect(r.status).toBe(200);
    expect((await me(elsewhere.accessToken)).status).toBe(401);
    expect((await refresh(elsewhere.refreshToken)).status).toBe(401);
    expect((await refresh(here.refreshToken)).status).toBe(401);
    expect((await me(r.body.data.accessToken)).status).toBe(200);
    expect((await refresh(r.body.data.refreshToken)).status).toBe(200);
    const old = await call(t.app, 'POST', '/api/login', { email: u.email, password: u.password }, undefined, freshIp());
    expect(old.status).toBe(401);
  });

  it('a wrong current password changes nothing', async () => {
    const u = await newUser(t.app);
    const s = await signIn(t.app, u.email, u.password);
    const r = await call(t.app, 'POST', '/api/change-password', { currentPassword: 'Guess1234', password: 'Newpass123', confirmPassword: 'Newpass123' }, s.accessToken);
    expect(r.status).toBe(400);
    expect((await me(s.accessToken)).status).toBe(200);
    await signIn(t.app, u.email, u.password);
  });
});
