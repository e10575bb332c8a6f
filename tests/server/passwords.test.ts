import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { NO_PASSWORD } from '../../server/db/users.repository';
import { DEMO, TEST_LOG_N, buildTestApp, call, confirmEmail, freshIp, newUser, resetTokenFor, signIn, type TestApp } from './helpers';

describe('password hashing', () => {
  it('defaults to scrypt N = 2^17 in production', () => {
    expect(loadConfig({}).SCRYPT_LOG_N).toBe(17);
  });

  it('stores scrypt$logN$r$p$salt$key and verifies only the right password', async () => {
    const h = await hashPassword('Correct123', TEST_LOG_N);
    expect(h).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(h).not.toContain('Correct123');
    expect(await verifyPassword('Correct123', h)).toBe(true);
    expect(await verifyPassword('correct123', h)).toBe(false);
    expect(await verifyPassword('Correct123', 'bcrypt$whatever')).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Same1234', TEST_LOG_N), hashPassword('Same1234', TEST_LOG_N)]);
    expect(a).not.toBe(b);
  });

  it('hashes at the production cost N = 2^17 (timed once, for the record)', async () => {
    const started = performance.now();
    const h = await hashPassword('Production1', 17);
    const ms = performance.now() - started;
    console.log(`scrypt N=2^17: ${Math.round(ms)} ms per hash`);
    expect(h.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('Production1', h)).toBe(true);
  });
});

describe('stored passwords and the password rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps every account password as a scrypt hash, never the password', async () => {
    const u = await newUser(t.app);
    const rows = await t.deps.db.selectFrom('users').select(['id', 'email', 'passwordHash']).execute();
    expect(rows.length).toBeGreaterThan(4);
    const invited = new Set((await t.deps.db.selectFrom('memberships').select('userId').where('invitedAt', 'is not', null).execute()).map((m) => m.userId));
    for (const r of rows) {
      // Only an invitee who has not set a password yet has none (the seed has one).
      expect(r.passwordHash.startsWith('scrypt$') || (r.passwordHash === NO_PASSWORD && invited.has(r.id)), r.email).toBe(true);
      expect(r.passwordHash).not.toContain(r.email === u.email ? u.password : DEMO.password);
    }
  });

  // 8–128 characters, with an upper-case letter, a lower-case letter and a digit.
  const bad: [string, string][] = [
    ['too short', 'Abc1234'],
    ['no upper-case letter', 'abcd1234'],
    ['no lower-case letter', 'ABCD1234'],
    ['no digit', 'Abcdefgh'],
    ['longer than 128', `Aa1${'x'.repeat(126)}`],
    ['empty', ''],
  ];

  const routes = {
    signup: async (password: string) =>
      call(t.app, 'POST', '/api/signup', { name: 'Pat', email: `pat-${Math.random()}@example.test`, password, confirmPassword: password, acceptTerms: true }, undefined, freshIp()),
    'reset-password': async (password: string) =>
      call(t.app, 'POST', '/api/reset-password', { token: 'some-token', password, confirmPassword: password }),
    'change-password': async (password: string) => {
      const s = await signIn(t.app, DEMO.viewer);
      return call(t.app, 'POST', '/api/change-password', { currentPassword: DEMO.password, password, confirmPassword: password }, s.accessToken);
    },
  };

  for (const [route, send] of Object.entries(routes)) {
    it.each(bad)(`${route} refuses a password with %s: 400 naming the field`, async (_why, password) => {
      const r = await send(password);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^password: /) });
      // A refused change leaves the password as it was (checked here, not by a later test that needs this one).
      if (route === 'change-password') await signIn(t.app, DEMO.viewer, DEMO.password);
    });
  }

  it('accepts exactly 8 and exactly 128 characters', async () => {
    for (const password of ['Abcdef12', `Aa1${'x'.repeat(125)}`]) {
      const email = `edge-${password.length}@example.test`;
      const r = await call(t.app, 'POST', '/api/signup', { name: 'Edge', email, password, confirmPassword: password, acceptTerms: true }, undefined, freshIp());
      expect(r.status).toBe(201);
      await confirmEmail(t.app, email);
      await signIn(t.app, email, password);
    }
  });

  it('refuses a confirmation that does not match, naming confirmPassword', async () => {
    const u = await newUser(t.app);
    const s = await signIn(t.app, u.email, u.password);
    const checks = [
      call(t.app, 'POST', '/api/signup', { name: 'Pat', email: 'mismatch@example.test', password: 'Good1234', confirmPassword: 'Good12345', acceptTerms: true }, undefined, freshIp()),
      call(t.app, 'POST', '/api/reset-password', { token: 'x', password: 'Good1234', confirmPassword: 'Good12345' }),
      call(t.app, 'POST', '/api/change-password', { currentPassword: u.password, password: 'Good1234', confirmPassword: 'Good12345' }, s.accessToken),
    ];
    for (const r of await Promise.all(checks)) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^confirmPassword: /) });
    }
    await signIn(t.app, u.email, u.password);
  });

  it('a reset with a bad password leaves the reset token usable', async () => {
    const u = await newUser(t.app);
    await call(t.app, 'POST', '/api/forgot-password', { email: u.email }, undefined, freshIp());
    const token = await resetTokenFor(t.app, u.email);
    const weak = await call(t.app, 'POST', '/api/reset-password', { token, password: 'weak', confirmPassword: 'weak' });
    expect(weak.status).toBe(400);
    const ok = await call(t.app, 'POST', '/api/reset-password', { token, password: 'Strong123', confirmPassword: 'Strong123' });
    expect(ok.status).toBe(200);
    await signIn(t.app, u.email, 'Strong123');
  });
});
