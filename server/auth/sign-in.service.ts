import type { Db } from '../db/database';
import type { User } from '../db/schema';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { LoginResponse, MfaRequired, Session } from '../../src/api/contract/auth';
import { NO_PASSWORD, findUserByEmail, findUserById, touchLastLogin } from '../db/users.repository';
import {
  consumeOtpChallenge, findOtpChallenge, insertOtpChallenge, renewOtpChallenge, takeOtpAttempt,
} from '../db/otp-challenges.repository';
import { audit } from '../db/audit.repository';
import { signInCodeMail } from '../mail/templates';
import { mailLanguage } from '../mail/language';
import { AppError, unauthorized } from '../errors';
import { dummyVerify, verifyPassword } from './passwords';
import { hashCode, newId, randomCode, randomToken, safeEqual, sha256 } from './secrets';
import { LIMITS, type RateLimiter, tooMany } from './rate-limiter';
import { SHORT_SESSION_S, type SessionService } from './sessions.service';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_WRONG = 5;
const OTP_RESEND_MS = 30 * 1000;
/** However often a code is resent, a challenge ends this long after the password was right: then sign in again. */
export const OTP_CHALLENGE_MAX_MS = 30 * 60 * 1000;
const REMEMBER_ME_FACTOR = 1;

export interface SignInServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: SessionService;
  limiter: RateLimiter;
  /** Pepper for one-time-code hashes. */
  secret: string;
  now: () => number;
}

/** Sign-in: the password check, the one-time-code challenge of MFA accounts, and sign-in through an external provider. */
export class SignInService {
  /** Per account key: sign-ins whose password is being checked right now. */
  private readonly signInsInFlight = new Map<string, number>();

  constructor(private readonly d: SignInServiceDeps) {}

  private get db() {
    return this.d.db;
  }

  async login(input: { email: string; password: string; rememberMe?: boolean }, ip: string): Promise<LoginResponse> {
    const acctKey = `login:acct:${input.email}`;
    const ipKey = `login:ip:${ip}`;
    await this.d.limiter.hit(ipKey, LIMITS.loginPerAddress);
    // Sign-ins still being checked count as failures, so guesses sent at once cannot all pass the account limit.
    const ahead = this.signInsInFlight.get(acctKey) ?? 0;
    this.signInsInFlight.set(acctKey, ahead + 1);
    try {
      await this.d.limiter.check(acctKey, LIMITS.loginFailuresPerAccount - ahead);
      return await this.checkPassword(input, acctKey);
    } finally {
      const left = (this.signInsInFlight.get(acctKey) ?? 1) - 1;
      if (left > 0) this.signInsInFlight.set(acctKey, left);
      else this.signInsInFlight.delete(acctKey);
    }
  }

  private async checkPassword(input: { email: string; password: string; rememberMe?: boolean }, acctKey: string): Promise<LoginResponse> {
    const user = await findUserByEmail(this.db, input.email);
    // An invited account without a password yet costs the same work as an unknown one, so timing tells neither apart.
    const ok = user && user.passwordHash !== NO_PASSWORD
      ? await verifyPassword(input.password, user.passwordHash)
      : (await dummyVerify(input.password, this.d.config.SCRYPT_LOG_N), false);
    if (!user || !ok || user.disabled) {
      await this.d.limiter.record(acctKey);
      throw unauthorized('Invalid email or password', 'invalid_credentials');
    }
    // Only the password's owner learns this, so it tells a stranger nothing about which emails have accounts.
    if (!user.emailVerified) {
      throw new AppError(403, 'email_unverified', 'Confirm your email address first: follow the link in the mail we sent when you signed up.');
    }
    if (user.mfaEnabled) return this.startChallenge(user, Boolean(input.rememberMe));
    return this.completeSignIn(user, Boolean(input.rememberMe));
  }

  /**
   * The second step of every sign-in of an MFA account, password or external: a one-time-code challenge, its code
   * mailed. `rememberMe` is kept with the challenge so verify-opt issues the session the first step asked for.
   */
  private async startChallenge(user: User, rememberMe: boolean): Promise<MfaRequired> {
    const mfaToken = randomToken(32);
    const id = newId();
    const code = randomCode();
    const now = this.d.now();
    await insertOtpChallenge(this.db, {
      id, userId: user.id, tokenHash: sha256(mfaToken), codeHash: hashCode(code, this.d.secret, id),
      expiresAt: now + OTP_TTL_MS, attempts: 0, lastSentAt: now, consumedAt: null,
      rememberMe: rememberMe ? 1 : 0, createdAt: now,
    });
    await this.mailCode(user, code);
    return { requireMFV: true, mfaToken };
  }

  private async completeSignIn(user: User, rememberMe: boolean): Promise<Session> {
    const now = this.d.now();
    await touchLastLogin(this.db, user.id, now);
    const ttl = rememberMe ? this.d.config.REFRESH_TOKEN_TTL * REMEMBER_ME_FACTOR : Math.min(SHORT_SESSION_S, this.d.config.REFRESH_TOKEN_TTL);
    return this.d.sessions.issue({ user, companyId: await this.d.sessions.defaultCompany(user), absoluteExpiresAt: now + ttl * 1000 });
  }

  /**
   * Signs in a person whose identity an external identity provider has just proven (a verified email): it stands in
   * for our password only. An account with MFA on still gets our one-time code, whatever the provider's `amr` claims,
   * so an admin's second factor is ours on every path (docs/decisions.md).
   */
  async externalSignIn(user: User, rememberMe: boolean, provider: string): Promise<Session | MfaRequired> {
    if (user.disabled) throw new AppError(403, 'account_disabled', 'This account is disabled. Ask your manager to enable it.');
    if (user.mfaEnabled) {
      const challenge = await this.startChallenge(user, rememberMe);
      await audit(this.db, { actorUserId: user.id, subjectUserId: user.id }, { companyId: null, action: 'login.external.challenge', detail: provider });
      return challenge;
    }
    const s = await this.completeSignIn(user, rememberMe);
    await audit(this.db, { actorUserId: user.id, subjectUserId: user.id }, { companyId: s.companyId, action: 'login.external', detail: provider });
    return s;
  }

  private async mailCode(user: User, code: string): Promise<void> {
    // The code goes only into the mail body: it is never logged.
    await this.d.mailer.send({ to: user.email, ...signInCodeMail(mailLanguage(user.locale), code) });
  }

  private async challenge(mfaToken: string) {
    const c = await findOtpChallenge(this.db, sha256(mfaToken));
    if (!c || c.consumedAt != null) throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    return c;
  }

  async verifyOtp(input: { mfaToken: string; code: string }, ip: string): Promise<Session> {
    const ipKey = `code:ip:${ip}`;
    await this.d.limiter.hit(ipKey, LIMITS.codePerAddress);
    const c = await this.challenge(input.mfaToken);
    const now = this.d.now();
    if (c.attempts >= OTP_MAX_WRONG) {
      throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.');
    }
    if (now > c.expiresAt) throw new AppError(401, 'code_expired', 'The code has expired. Request a new code.');
    // Each guess takes one of the tries before it is compared, so guesses sent at once cannot share a try.
    const attempts = await takeOtpAttempt(this.db, c.id, OTP_MAX_WRONG);
    if (attempts === undefined) throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.');
    if (!safeEqual(hashCode(input.code, this.d.secret, c.id), c.codeHash)) {
      if (attempts >= OTP_MAX_WRONG) throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.');
      throw new AppError(401, 'invalid_code', `The code is not correct. ${OTP_MAX_WRONG - attempts} tries left.`, { triesLeft: OTP_MAX_WRONG - attempts });
    }
    if (!(await consumeOtpChallenge(this.db, c.id, now))) {
      throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    }
    const user = await findUserById(this.db, c.userId);
    if (!user || user.disabled) throw unauthorized('Invalid email or password', 'invalid_credentials');
    return this.completeSignIn(user, c.rememberMe === 1);
  }

  async resendOtp(input: { mfaToken: string }, ip: string): Promise<{ sent: true }> {
    const ipKey = `code:ip:${ip}`;
    await this.d.limiter.hit(ipKey, LIMITS.codePerAddress);
    const c = await this.challenge(input.mfaToken);
    const now = this.d.now();
    // docs/product.md, Sessions: a challenge dies after 5 wrong codes. A new code does not bring the tries back, or guessing would
    // go on without end, five at a time.
    if (c.attempts >= OTP_MAX_WRONG) throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Sign in again.');
    const ends = c.createdAt + OTP_CHALLENGE_MAX_MS;
    if (now >= ends) throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    const wait = c.lastSentAt + OTP_RESEND_MS - now;
    if (wait > 0) throw tooMany(Math.ceil(wait / 1000));
    const user = await findUserById(this.db, c.userId);
    if (!user) throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    const code = randomCode();
    await renewOtpChallenge(this.db, c.id, { codeHash: hashCode(code, this.d.secret, c.id), expiresAt: Math.min(now + OTP_TTL_MS, ends), lastSentAt: now });
    await this.mailCode(user, code);
    return { sent: true };
  }
}
