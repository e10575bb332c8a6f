import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MINUTE, buildTestApp, call, freshIp, mailsTo, newUser, signIn, testClock, waitForMails, type TestApp } from './helpers';

describe('rate limits (docs/product.md, Sessions, per rolling 15 minutes)', () => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = freshIp()) => call(t.app, 'POST', '/api/login', { email, password }, undefined, ip);
  const forgot = (email: string, ip = freshIp()) => call(t.app, 'POST', '/api/forgot-password', { email }, undefined, ip);

  const expectLimited = (r: Awaited<ReturnType<typeof call>>) => {
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    const retry = Number(r.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
  };

  describe('change-password per account', () => {
    const change = (token: string, current: string, next = 'Changed123') =>
      call(t.app, 'POST', '/api/change-password', { currentPassword: current, password: next, confirmPassword: next }, token, freshIp());

    it('10 wrong current passwords lock it: the 11th is 429 even when right, and it lifts after 15 minutes', async () => {
      const u = await newUser(t.app);
      const s = await signIn(t.app, u.email, u.password);
      for (let i = 0; i < 10; i++) expect((await change(s.accessToken, 'Wrong1234')).status).toBe(400);
      expectLimited(await change(s.accessToken, u.password));
      clock.advance(15 * MINUTE + 1000);
      expect((await change(s.accessToken, u.password)).status).toBe(200);
    });

    it('guesses sent all at once still stop at 10', async () => {
      const u = await newUser(t.app);
      const s = await signIn(t.app, u.email, u.password);
      const results = await Promise.all(Array.from({ length: 25 }, () => change(s.accessToken, 'Wrong1234')));
      expect(results.filter((r) => r.status === 400).length).toBeLessThanOrEqual(10);
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
    });
  });

  describe('sign-in per account', () => {
    it('10 failed sign-ins lock the account: the 11th is 429 even with the right password', async () => {
      const u = await newUser(t.app);
      for (let i = 0; i < 10; i++) expect((await login(u.email, 'Wrong1234')).status).toBe(401);
      expectLimited(await login(u.email, u.password));
      expectLimited(await login(u.email, 'Wrong1234'));
    });

    it('an unknown account is limited the same way', async () => {
      const email = `nobody-${Date.now()}@example.test`;
      for (let i = 0; i < 10; i++) expect((await login(email, 'Wrong1234')).status).toBe(401);
      expectLimited(await login(email, 'Wrong1234'));
    });

    it('keys the account by the email, whatever case or spacing it is typed with', async () => {
      const u = await newUser(t.app);
      for (let i = 0; i < 10; i++) await login(i % 2 ? u.email.toUpperCase() : ` ${u.email}`, 'Wrong1234');
      expectLimited(await login(u.email, u.password));
    });

    it('successful sign-ins never count against the account', async () => {
      const u = await newUser(t.app);
      for (let i = 0; i < 9; i++) expect((await login(u.email, 'Wrong1234')).status).toBe(401);
      for (let i = 0; i < 15; i++) expect((await login(u.email, u.password)).status).toBe(200);
      // The 10th failure is still answered as a failure; only then is the account locked.
      expect((await login(u.email, 'Wrong1234')).status).toBe(401);
      expectLimited(await login(u.email, u.password));
    });

    it('the lock lifts after 15 minutes, and Retry-After says when', async () => {
      const u = await newUser(t.app);
      for (let i = 0; i < 10; i++) await login(u.email, 'Wrong1234');
      clock.advance(5 * MINUTE);
      const r = await login(u.email, u.password);
      expectLimited(r);
      expect(Number(r.headers['retry-after'])).toBe(10 * 60);
      clock.advance(10 * MINUTE + 1000);
      expect((await login(u.email, u.password)).status).toBe(200);
    });

    it('guesses sent all at once still stop at 10', async () => {
      const u = await newUser(t.app);
      const results = await Promise.all(Array.from({ length: 30 }, () => login(u.email, 'Wrong1234')));
      expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(20);
      expectLimited(await login(u.email, u.password));
    });

    it('locking one account does not lock another', async () => {
      const a = await newUser(t.app);
      const b = await newUser(t.app);
      for (let i = 0; i < 10; i++) await login(a.email, 'Wrong1234');
      expect((await login(b.email, b.password)).status).toBe(200);
    });
  });

  describe('sign-in per address', () => {
    it('100 attempts from one address, then 429 even for a good account', async () => {
      const ip = freshIp();
      for (let i = 0; i < 100; i++) {
        // Distinct unknown accounts, so no account limit is reached first.
        const r = await login(`probe-${i}-${Date.now()}@example.test`, 'Wrong1234', ip);
        expect(r.status).toBe(401);
      }
      expectLimited(await login(DEMO.user, DEMO.password, ip));
      // Another address is not affected.
      expect((await login(DEMO.user, DEMO.password)).status).toBe(200);
    });

    it('successful sign-ins count as attempts of the address', async () => {
      const ip = freshIp();
      for (let i = 0; i < 100; i++) expect((await login(DEMO.viewer, DEMO.password, ip)).status).toBe(200);
      expectLimited(await login(DEMO.viewer, DEMO.password, ip));
    });
  });

  describe('forgot-password', () => {
    it('5 per email: past it the answer stays {sent: true} but no mail is sent', async () => {
      const u = await newUser(t.app);
      for (let i = 0; i < 7; i++) {
        const r = await forgot(u.email);
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ data: { sent: true } });
      }
      await waitForMails(t.app, u.email, 5);
      // Mail goes out after the answer: prove a later mail arrives, then count this account's mail again.
      const probe = await newUser(t.app);
      await forgot(probe.email);
      await waitForMails(t.app, probe.email, 1);
      expect(await mailsTo(t.app, u.email)).toHaveLength(5);
      await signIn(t.app, u.email, u.password);
    });

    it('requests sent all at once for one email still mail at most 5 times', async () => {
      const u = await newUser(t.app);
      const results = await Promise.all(Array.from({ length: 15 }, () => forgot(u.email)));
      expect(results.every((r) => r.status === 200 && r.body.data?.sent === true)).toBe(true);
      const probe = await newUser(t.app);
      await forgot(probe.email);
      await waitForMails(t.app, probe.email, 1);
      expect((await mailsTo(t.app, u.email)).length).toBeLessThanOrEqual(5);
    });

    it('requests sent all at once from one address still stop at 20', async () => {
      const ip = freshIp();
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => forgot(`burst-${i}@example.test`, ip)));
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(20);
      expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(10);
    });

    it('20 per address, then 429 with Retry-After', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const r = await forgot(`someone-${i}@example.test`, ip);
        expect(r.status).toBe(200);
      }
      expectLimited(await forgot(DEMO.user, ip));
      expect((await forgot(DEMO.user)).status).toBe(200);
    });
  });
});
