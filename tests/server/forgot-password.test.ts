import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MINUTE, buildTestApp, call, freshIp, mailsTo, newUser, resetTokenFor, signIn, testClock, waitForMails, type TestApp } from './helpers';

describe('forgot and reset password', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
  });
  afterAll(() => t.close());

  const forgot = (email: string) => call(t.app, 'POST', '/api/forgot-password', { email }, undefined, freshIp());
  const verifyToken = (token: string) => call(t.app, 'POST', '/api/forgot-password/verify-token', { token });
  const reset = (token: string, password = 'Brandnew1') => call(t.app, 'POST', '/api/reset-password', { token, password, confirmPassword: password });
  const login = (email: string, password: string) => call(t.app, 'POST', '/api/login', { email, password }, undefined, freshIp());

  it('answers the same whether or not the account exists, even when storing the token fails', async () => {
    const u = await newUser(t.app);
    const { sql } = await import('kysely');
    // The reset token's table gone: had the answer waited for the insert, an existing account would answer 500.
    await sql`ALTER TABLE password_reset_tokens RENAME TO password_reset_tokens_away`.execute(t.deps.db);
    try {
      const known = await forgot(u.email);
      const unknown = await forgot(`nobody-${Date.now()}@example.test`);
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ data: { sent: true } });
      expect(unknown.body).toEqual(known.body);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await sql`ALTER TABLE password_reset_tokens_away RENAME TO password_reset_tokens`.execute(t.deps.db);
    }
    // Working again, the mail goes out after the answer.
    expect((await forgot(u.email)).status).toBe(200);
    expect(await resetTokenFor(t.app, u.email, 1)).toEqual(expect.any(String));
  });

  it('a reset, and a password change, make every other outstanding reset link worthless', async () => {
    const u = await newUser(t.app);
    await forgot(u.email);
    const first = await resetTokenFor(t.app, u.email, 1);
    await forgot(u.email);
    const second = await resetTokenFor(t.app, u.email, 2);
    expect(first).not.toBe(second);
    expect((await reset(second)).status).toBe(200);
    const stale = await reset(first, 'Another123');
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('invalid_token');

    await forgot(u.email);
    const third = await resetTokenFor(t.app, u.email, 3);
    const s = await signIn(t.app, u.email, 'Brandnew1');
    const changed = await call(t.app, 'POST', '/api/change-password', { currentPassword: 'Brandnew1', password: 'Changed123', confirmPassword: 'Changed123' }, s.accessToken);
    expect(changed.status).toBe(200);
    expect((await verifyToken(third)).status).toBe(400);
  });

  it('answers the same for an existing and an unknown email, and mails only the existing one', async () => {
    const u = await newUser(t.app);
    const unknown = `ghost-${Date.now()}@example.test`;
    const countTokens = async () => (await t.deps.db.selectFrom('passwordResetTokens').select('id').execute()).length;
    const before = await countTokens();
    const a = await forgot(unknown);
    const b = await forgot(u.email);
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ data: { sent: true } });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    // The known account's mail was sent after the unknown request's would have been.
    await waitForMails(t.app, u.email, 1);
    expect(await mailsTo(t.app, unknown)).toEqual([]);
    expect(await countTokens()).toBe(before + 1);
  });

  it('stores the reset token hashed', async () => {
    const u = await newUser(t.app);
    await forgot(u.email);
    const token = await resetTokenFor(t.app, u.email);
    const rows = await t.deps.db.selectFrom('passwordResetTokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('the reset link works once', async () => {
    const u = await newUser(t.app);
    await forgot(u.email);
    const token = await resetTokenFor(t.app, u.email);
    expect((await verifyToken(token)).status).toBe(200);
    expect((await reset(token, 'Brandnew1')).status).toBe(200);
    const again = await reset(token, 'Another12');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: expect.any(String), code: 'invalid_token', details: [{ path: 'token', message: expect.any(String), code: 'invalid_token' }] });
    expect((await verifyToken(token)).status).toBe(400);
    expect((await login(u.email, 'Brandnew1')).status).toBe(200);
    expect((await login(u.email, 'Another12')).status).toBe(401);
  });

  it('two resets racing with one token: exactly one wins', async () => {
    const u = await newUser(t.app);
    await forgot(u.email);
    const token = await resetTokenFor(t.app, u.email);
    const results = await Promise.all([reset(token, 'Racer1234'), reset(token, 'Racer5678'), reset(token, 'Racer9012')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(2);
  });

  it('the reset link expires after 30 minutes', async () => {
    const u = await newUser(t.app);
    await forgot(u.email);
    const early = await resetTokenFor(t.app, u.email);
    await forgot(u.email);
    const late = await resetTokenFor(t.app, u.email, 2);
    clock.advance(30 * MINUTE - 1000);
    expect((await verifyToken(early)).status).toBe(200);
    expect((await reset(early)).status).toBe(200);
    clock.advance(2000);
    const v = await verifyToken(late);
    expect(v.status).toBe(400);
    expect(v.body).toEqual({ message: expect.any(String), code: 'invalid_token', details: [{ path: 'token', message: expect.any(String), code: 'invalid_token' }] });
    expect((await reset(late, 'Toolate12')).status).toBe(400);
    expect((await login(u.email, 'Toolate12')).status).toBe(401);
  });

  it('a reset never signs the user in', async () => {
    const u = await newUser(t.app);
    await forgot(u.email);
    const r = await reset(await resetTokenFor(t.app, u.email));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { reset: true } });
    expect(JSON.stringify(r.body)).not.toMatch(/accessToken|refreshToken/);
  });

  it('a reset ends every existing session of the account', async () => {
    const u = await newUser(t.app);
    const a = await signIn(t.app, u.email, u.password);
    const b = await signIn(t.app, u.email, u.password);
    await forgot(u.email);
    expect((await reset(await resetTokenFor(t.app, u.email))).status).toBe(200);
    for (const s of [a, b]) {
      expect((await call(t.app, 'GET', '/api/me', undefined, s.accessToken)).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/refresh-token', { refreshToken: s.refreshToken })).status).toBe(401);
    }
  });

  it('an unknown token is refused by verify-token and reset-password', async () => {
    expect((await verifyToken('not-a-real-token')).status).toBe(400);
    const r = await reset('not-a-real-token');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_token');
    // And no account changed: the demo user still signs in with the demo password.
    expect((await login(DEMO.user, DEMO.password)).status).toBe(200);
  });
});

describe('reset links without PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PORT: '8080' });
  });
  afterAll(() => t.close());

  it('never take their host from the request (reset-link poisoning)', async () => {
    const u = await newUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email }, headers: { host: 'evil.example' }, remoteAddress: freshIp() });
    const [mail] = await waitForMails(t.app, u.email, 1);
    expect(mail!.text).toMatch(/http:\/\/localhost:8080\/resetpassword\?token=/);
    expect(mail!.text + mail!.html).not.toContain('evil.example');
  });
});

describe('reset links with PUBLIC_URL set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://watch.example.com', DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('point at PUBLIC_URL whatever Host the request names', async () => {
    const u = await newUser(t.app);
    const r = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email }, headers: { host: 'evil.example' }, remoteAddress: freshIp() });
    expect(r.statusCode).toBe(200);
    const [mail] = await waitForMails(t.app, u.email, 1);
    expect(mail!.subject).toBe('Reset your Sitewatch password');
    expect(mail!.text).toMatch(/https:\/\/watch\.example\.com\/resetpassword\?token=/);
    expect(mail!.text + mail!.html).not.toContain('evil.example');
  });
});
