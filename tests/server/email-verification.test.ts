import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, MINUTE, buildTestApp, call, confirmEmail, freshIp, resetTokenFor, signIn, testClock, verificationTokenFor, waitForMails, type TestApp } from './helpers';
import { purgeExpired } from '../../server/jobs/purge';

// Sign-up verifies the email before the account can sign in.

const signup = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/signup', remoteAddress: freshIp(), headers, payload: { name: 'Vera Verify', email, password, confirmPassword: password, acceptTerms: true } })
    .then((r) => ({ status: r.statusCode }));
const login = (t: TestApp, email: string, password: string) => call(t.app, 'POST', '/api/login', { email, password }, undefined, freshIp());
let n = 0;
const fresh = () => `verify-${++n}-${Date.now()}@example.test`;

describe('sign-up email verification', () => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now });
  });
  afterAll(() => t.close());

  it('an account cannot sign in until its mailed link is followed, then signs in with its password', async () => {
    const email = fresh();
    expect((await signup(t, email, 'Verify1234')).status).toBe(201);
    const refused = await login(t, email, 'Verify1234');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('email_unverified');
    // A wrong password still says only that the password is wrong.
    expect((await login(t, email, 'Wrong12345')).body.code).toBe('invalid_credentials');
    const [mail] = await waitForMails(t.app, email, 1);
    expect(mail!.subject).toBe('Confirm your email for Sitewatch');
    await confirmEmail(t.app, email);
    await signIn(t.app, email, 'Verify1234');
  });

  it('a link works once, and not after it expires', async () => {
    const email = fresh();
    await signup(t, email, 'Verify1234');
    const token = await verificationTokenFor(t.app, email);
    expect((await call(t.app, 'POST', '/api/verify-email', { token })).status).toBe(200);
    const again = await call(t.app, 'POST', '/api/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');

    const late = fresh();
    await signup(t, late, 'Verify1234');
    const lateToken = await verificationTokenFor(t.app, late);
    clock.advance(3 * 24 * 60 * MINUTE + MINUTE);
    expect((await call(t.app, 'POST', '/api/verify-email', { token: lateToken })).status).toBe(400);
    expect((await login(t, late, 'Verify1234')).body.code).toBe('email_unverified');
    expect((await call(t.app, 'POST', '/api/verify-email', { token: 'not-a-token' })).status).toBe(400);
  });

  it('signing up again mails a new link; each link confirms the password of the sign-up that mailed it', async () => {
    const email = fresh();
    await signup(t, email, 'First1234');
    const first = await verificationTokenFor(t.app, email, 1);
    await signup(t, email, 'Second1234');
    await waitForMails(t.app, email, 2);
    // Whoever signed up second cannot change what the first link confirms.
    expect((await call(t.app, 'POST', '/api/verify-email', { token: first })).status).toBe(200);
    expect((await login(t, email, 'Second1234')).body.code).toBe('invalid_credentials');
    await signIn(t.app, email, 'First1234');
    // Once confirmed, a sign-up with the address gets the "already has an account" notice, not a link.
    await signup(t, email, 'Third1234');
    const [notice] = await waitForMails(t.app, email, 3);
    expect(notice!.subject).toMatch(/tried to create a Sitewatch account/);
  });

  it('the mail is in the language of the sign-up request', async () => {
    const email = fresh();
    await signup(t, email, 'Verify1234', { 'accept-language': 'fr-FR,fr;q=0.9' });
    const [mail] = await waitForMails(t.app, email, 1);
    expect(mail!.subject).toBe('Confirmez votre e-mail pour Sitewatch');
  });

  it('a password reset through the mailed link also confirms the address', async () => {
    const email = fresh();
    await signup(t, email, 'Verify1234');
    await waitForMails(t.app, email, 1);
    await call(t.app, 'POST', '/api/forgot-password', { email }, undefined, freshIp());
    const token = await resetTokenFor(t.app, email);
    expect((await call(t.app, 'POST', '/api/reset-password', { token, password: 'Reset12345', confirmPassword: 'Reset12345' })).status).toBe(200);
    await signIn(t.app, email, 'Reset12345');
  });

  it('seeded and invited accounts are verified; expired links are purged', async () => {
    await signIn(t.app, DEMO.user, DEMO.password);
    const email = fresh();
    await signup(t, email, 'Verify1234');
    await waitForMails(t.app, email, 1);
    clock.advance(5 * 24 * 60 * MINUTE);
    const before = await t.deps.db.selectFrom('emailVerificationTokens').select('id').execute();
    expect(before.length).toBeGreaterThan(0);
    await purgeExpired(t.deps.db, clock.now());
    expect(await t.deps.db.selectFrom('emailVerificationTokens').select('id').execute()).toEqual([]);
  });
});
