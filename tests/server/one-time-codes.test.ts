import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, buildTestApp, call, freshIp, lastCode, mailsTo, newUser, type TestApp, testClock } from './helpers';

/** A six-digit code that is certainly not `code`. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time codes', () => {
  let t: TestApp;
  const clock = testClock();
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, { now: clock.now, log: (line) => logLines.push(line) });
  });
  afterAll(() => t.close());

  /** A fresh MFA account and a started sign-in: its mfaToken, the mailed code and the address used. */
  async function challenge() {
    const u = await newUser(t.app, { mfa: true, deps: t.deps });
    const ip = freshIp();
    const r = await call(t.app, 'POST', '/api/login', { email: u.email, password: u.password }, undefined, ip);
    expect(r.body.data).toEqual({ requireMFV: true, mfaToken: expect.any(String) });
    return { ...u, ip, mfaToken: r.body.data.mfaToken as string, code: await lastCode(t.app, u.email) };
  }
  const verify = (c: { mfaToken: string; ip: string }, code: string) => call(t.app, 'POST', '/api/verify-opt', { mfaToken: c.mfaToken, code }, undefined, c.ip);
  const resend = (c: { mfaToken: string; ip: string }) => call(t.app, 'POST', '/api/resend-opt', { mfaToken: c.mfaToken }, undefined, c.ip);

  it('mails six digits and nothing else that looks like a code', async () => {
    const c = await challenge();
    expect(c.code).toMatch(/^\d{6}$/);
    const [mail] = await mailsTo(t.app, c.email);
    expect(mail!.text.match(/\d{6}/g)).toEqual([c.code]);
    expect(mail!.subject).not.toContain(c.code);
  });

  it('keeps codes and mfa tokens hashed in otp_challenges and out of every log line', async () => {
    const c = await challenge();
    const rows = await t.deps.db.selectFrom('otpChallenges').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(c.code);
    expect(stored).not.toContain(c.mfaToken);
    const ok = await verify(c, c.code);
    expect(ok.status).toBe(200);
    // The capture works: the server did log the mail and the requests.
    expect(logLines.some((l) => l.includes(c.email))).toBe(true);
    expect(logLines.some((l) => l.includes('/api/verify-opt'))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toContain(c.code);
      expect(line).not.toContain(c.mfaToken);
    }
  });

  it('a code is valid for 10 minutes', async () => {
    const inTime = await challenge();
    clock.advance(10 * MINUTE - 1000);
    expect((await verify(inTime, inTime.code)).status).toBe(200);

    const late = await challenge();
    clock.advance(10 * MINUTE + 1000);
    const r = await verify(late, late.code);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: expect.any(String), code: 'code_expired' });
  });

  it('a code works once: verifying the same challenge again is 401', async () => {
    const c = await challenge();
    expect((await verify(c, c.code)).status).toBe(200);
    const again = await verify(c, c.code);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'mfa_invalid' });
  });

  it('after 5 wrong codes even the right one is refused (429) until a new code is sent', async () => {
    const c = await challenge();
    const wrong = wrongFor(c.code);
    for (let i = 1; i <= 4; i++) {
      const r = await verify(c, wrong);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'invalid_code', message: expect.stringContaining(`${5 - i} tries left`) });
    }
    const fifth = await verify(c, wrong);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ message: expect.any(String), code: 'too_many_attempts' });
    const right = await verify(c, c.code);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('too_many_attempts');

    // Dead for good: no new code revives it; only a new sign-in does.
    clock.advance(31_000);
    const again = await resend(c);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('too_many_attempts');
    expect(await mailsTo(t.app, c.email)).toHaveLength(1);
    expect((await verify(c, c.code)).status).toBe(429);
  });

  it('wrong tries count across resends: 3, a new code, then the 5th wrong one ends the challenge', async () => {
    const c = await challenge();
    for (let i = 0; i < 3; i++) expect((await verify(c, wrongFor(c.code))).status).toBe(401);
    clock.advance(31_000);
    expect((await resend(c)).status).toBe(200);
    const code = await lastCode(t.app, c.email);
    const fourth = await verify(c, wrongFor(code));
    expect(fourth.status).toBe(401);
    expect((fourth.body as { details?: unknown }).details).toEqual({ triesLeft: 1 });
    expect((await verify(c, wrongFor(code))).status).toBe(429);
    expect((await verify(c, code)).status).toBe(429);
  });

  it('a challenge ends 30 minutes after the password, however often the code is resent', async () => {
    const c = await challenge();
    for (let i = 0; i < 3; i++) {
      clock.advance(9 * MINUTE);
      expect((await resend(c)).status).toBe(200);
    }
    // The last code lives only to the challenge's end, not 10 minutes past it.
    const code = await lastCode(t.app, c.email);
    clock.advance(3 * MINUTE + 1_000);
    expect((await verify(c, code)).status).toBe(401);
    const late = await resend(c);
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('mfa_invalid');
  });

  it('4 wrong codes and then the right one signs in', async () => {
    const c = await challenge();
    for (let i = 0; i < 4; i++) expect((await verify(c, wrongFor(c.code))).status).toBe(401);
    expect((await verify(c, c.code)).status).toBe(200);
  });

  it('wrong codes sent all at once still count one by one', async () => {
    const c = await challenge();
    const wrong = Array.from({ length: 30 }, (_, i) => String((Number(c.code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all(wrong.map((code) => verify(c, code)));
    // Four answers may say "wrong, tries left"; every other guess is refused outright.
    expect(results.filter((r) => r.body.code === 'invalid_code').length).toBeLessThanOrEqual(4);
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    const right = await verify(c, c.code);
    expect(right.status).toBe(429);
  });

  it('resend is refused within 30 seconds (429 with Retry-After) and works after', async () => {
    const c = await challenge();
    clock.advance(10_000);
    const early = await resend(c);
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(Number(early.headers['retry-after'])).toBe(20);
    clock.advance(20_000);
    const ok = await resend(c);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { sent: true } });
    expect(await mailsTo(t.app, c.email)).toHaveLength(2);
    // And again only after another 30 seconds.
    expect((await resend(c)).status).toBe(429);
  });

  it('resend gives a fresh 10 minutes', async () => {
    const c = await challenge();
    clock.advance(9 * MINUTE);
    await resend(c);
    const code = await lastCode(t.app, c.email);
    clock.advance(9 * MINUTE);
    expect((await verify(c, code)).status).toBe(200);
  });

  it('an unknown or used mfaToken is 401 for verify and resend', async () => {
    const unknown = { mfaToken: 'no-such-challenge', ip: freshIp() };
    expect((await verify(unknown, '123456')).status).toBe(401);
    expect((await resend(unknown)).status).toBe(401);
    const c = await challenge();
    await verify(c, c.code);
    clock.advance(31_000);
    expect((await resend(c)).status).toBe(401);
  });
});
