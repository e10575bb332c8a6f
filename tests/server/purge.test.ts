import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MINUTE, buildTestApp, call, freshIp, signIn, testClock, type TestApp } from './helpers';
import { purgeExpired } from '../../server/jobs/purge';

const DAY = 24 * 60 * MINUTE;

/** Expired sessions, challenges, reset tokens and rate-limit rows are deleted, live ones kept. */
describe('purging what has expired', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
  });
  afterAll(() => t.close());

  const rows = async () => {
    const db = t.deps.db;
    const n = async (table: 'refreshFamilies' | 'refreshTokens' | 'otpChallenges' | 'passwordResetTokens' | 'authAttempts') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { families: await n('refreshFamilies'), tokens: await n('refreshTokens'), challenges: await n('otpChallenges'), resets: await n('passwordResetTokens'), attempts: await n('authAttempts') };
  };

  it('keeps live rows and deletes them once they can no longer be used', async () => {
    const live = await signIn(t.app, DEMO.user, DEMO.password);
    await call(t.app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, freshIp());
    await call(t.app, 'POST', '/api/forgot-password', { email: DEMO.user }, undefined, freshIp());
    await call(t.app, 'POST', '/api/login', { email: DEMO.user, password: 'Wrong1234' }, undefined, freshIp());
    const before = await rows();
    expect(before).toMatchObject({ families: expect.any(Number), challenges: expect.any(Number) });
    expect(before.challenges).toBeGreaterThan(0);
    expect(before.resets).toBeGreaterThan(0);
    expect(before.attempts).toBeGreaterThan(0);
    // Nothing has expired yet.
    expect(await purgeExpired(t.deps.db, clock.now())).toBe(0);
    expect(await rows()).toEqual(before);
    // Past every lifetime (sessions end at the latest after the refresh lifetime, 30 days).
    clock.advance(32 * DAY);
    expect(await purgeExpired(t.deps.db, clock.now())).toBeGreaterThan(0);
    expect(await rows()).toEqual({ families: 0, tokens: 0, challenges: 0, resets: 0, attempts: 0 });
    // The session is gone for good: its refresh token answers as any unknown one.
    expect((await call(t.app, 'POST', '/api/refresh-token', { refreshToken: live.refreshToken })).status).toBe(401);
  });
});
