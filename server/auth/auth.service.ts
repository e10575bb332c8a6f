import type { z } from 'zod';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Session, LoginResponse, Me, MfaRequired } from '../../src/api/contract/auth';
import {
  findMembership, findUserByEmail, findUserById, insertUser, membershipsOf, setPasswordHash, touchLastLogin, updateProfile,
} from '../db/users.repository';
import { findCompany } from '../db/companies.repository';
import {
  findFamily, findRefreshToken, insertFamily, insertRefreshToken, revokeAllFamiliesOfUser, revokeFamily, spendRefreshToken,
} from '../db/sessions.repository';
import { audit } from '../db/audit.repository';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../errors';
import { dummyVerify, hashPassword, verifyPassword } from './passwords';
import { hashCode, newId, randomCode, randomToken, safeEqual, sha256 } from './secrets';
import { type AccessClaims, type TokenService } from './tokens';
import { LIMITS, RateLimiter, tooMany } from './rate-limiter';
import type { signupRequest, changePasswordRequest, resetPasswordRequest } from '../../src/api/contract/auth';
import type { UpdateProfileRequest } from '../../src/api/contract/profile';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_WRONG = 5;
const OTP_RESEND_MS = 30 * 1000;
const RESET_TTL_MS = 30 * 60 * 1000;
const REMEMBER_ME_FACTOR = 1;
const SHORT_SESSION_S = 12 * 3600;

interface IssueInput {
  user: User;
  companyId: string | null;
  familyId?: string;
  actor?: User;
  shadowKind?: 'company' | 'user';
  absoluteExpiresAt?: number;
}

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  tokens: TokenService;
  /** Pepper for one-time-code hashes. */
  secret: string;
  log: (line: string) => void;
  now?: () => number;
}

export class AuthService {
  readonly limiter: RateLimiter;
  /** Per account key: sign-ins whose password is being checked right now. */
  private readonly signInsInFlight = new Map<string, number>();
  /** The service clock (expiries, rate-limit windows); tests move it. */
  readonly now: () => number;
  constructor(private readonly d: AuthServiceDeps) {
    this.now = d.now ?? Date.now;
    this.limiter = new RateLimiter(d.db, this.now);
  }

  private get db() {
    return this.d.db;
  }

  // ---------- sessions ----------

  /** The role a session has in a company: admins keep admin; a company shadow is a manager. */
  private async roleFor(user: User, companyId: string | null, shadowKind?: 'company' | 'user') {
    if (shadowKind === 'company') return 'manager' as const;
    if (user.platformRole === 'admin') return 'admin' as const;
    if (!companyId) return 'viewer' as const;
    const m = await findMembership(this.db, user.id, companyId);
    if (!m) throw forbidden('You are not a member of that company');
    return m.role;
  }

  private async defaultCompany(user: User): Promise<string | null> {
    if (user.platformRole === 'admin') return null;
    const ms = await membershipsOf(this.db, user.id);
    return ms[0]?.companyId ?? null;
  }

  private async issue(input: IssueInput): Promise<Session> {
    const now = this.now();
    const role = await this.roleFor(input.user, input.companyId, input.shadowKind);
    let familyId = input.familyId;
    if (!familyId) {
      familyId = newId();
      await insertFamily(this.db, {
        id: familyId,
        userId: input.user.id,
        actorUserId: input.actor?.id ?? null,
        shadowKind: input.shadowKind ?? null,
        shadowCompanyId: input.shadowKind === 'company' ? input.companyId : null,
        absoluteExpiresAt: input.absoluteExpiresAt ?? now + this.d.config.REFRESH_TOKEN_TTL * 1000,
        revokedAt: null,
        revokedReason: null,
        createdAt: now,
      });
    }
    const refreshToken = randomToken(32);
    await insertRefreshToken(this.db, {
      id: newId(),
      familyId,
      tokenHash: sha256(refreshToken),
      companyId: input.companyId,
      createdAt: now,
    });
    const claims: AccessClaims = { sub: input.user.id, cid: input.companyId, role, fam: familyId };
    if (input.actor) {
      claims.act = { sub: input.actor.id };
      claims.shd = input.shadowKind;
    }
    const accessToken = await this.d.tokens.sign(claims);
    let shadow: Session['shadow'] = null;
    if (input.actor && input.shadowKind) {
      const name =
        input.shadowKind === 'user'
          ? input.user.name
          : ((input.companyId && (await findCompany(this.db, input.companyId))?.name) ?? '');
      shadow = { kind: input.shadowKind, name, actorName: input.actor.name };
    }
    return {
      accessToken,
      refreshToken,
      tokenType: 'Bearer',
      expiresIn: this.d.tokens.ttl,
      role,
      companyId: input.companyId,
      companyName: input.companyId ? ((await findCompany(this.db, input.companyId))?.name ?? null) : null,
      isShadow: Boolean(input.actor),
      shadow,
      basicInfo: { id: input.user.id, name: input.user.name, email: input.user.email, locale: input.user.locale as Session['basicInfo']['locale'] },
      requireMFV: false,
    };
  }

  /** Verifies an access token and that its session has not been revoked (logout takes effect at once). */
  async authenticate(bearer: string | undefined): Promise<AccessClaims> {
    if (!bearer) throw unauthorized();
    const claims = await this.d.tokens.verify(bearer);
    if (!claims) throw unauthorized('Your session is not valid. Please sign in again.', 'invalid_token');
    const family = await findFamily(this.db, claims.fam);
    if (!family || family.revokedAt != null) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    return claims;
  }

  // ---------- sign-in ----------

  async login(input: { email: string; password: string; rememberMe?: boolean }, ip: string): Promise<LoginResponse> {
    const acctKey = `login:acct:${input.email}`;
    const ipKey = `login:ip:${ip}`;
    await this.limiter.hit(ipKey, LIMITS.loginPerAddress);
    // Sign-ins still being checked count as failures, so guesses sent at once cannot all pass the account limit.
    const ahead = this.signInsInFlight.get(acctKey) ?? 0;
    this.signInsInFlight.set(acctKey, ahead + 1);
    try {
      await this.limiter.check(acctKey, LIMITS.loginFailuresPerAccount - ahead);
      return await this.checkPassword(input, acctKey);
    } finally {
      const left = (this.signInsInFlight.get(acctKey) ?? 1) - 1;
      if (left > 0) this.signInsInFlight.set(acctKey, left);
      else this.signInsInFlight.delete(acctKey);
    }
  }

  private async checkPassword(input: { email: string; password: string; rememberMe?: boolean }, acctKey: string): Promise<LoginResponse> {
    const user = await findUserByEmail(this.db, input.email);
    const ok = user ? await verifyPassword(input.password, user.passwordHash) : (await dummyVerify(input.password, this.d.config.SCRYPT_LOG_N), false);
    if (!user || !ok || user.disabled) {
      await this.limiter.record(acctKey);
      throw unauthorized('Invalid email or password', 'invalid_credentials');
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
    const now = this.now();
    await this.db
      .insertInto('otpChallenges')
      .values({
        id, userId: user.id, tokenHash: sha256(mfaToken), codeHash: hashCode(code, this.d.secret, id),
        expiresAt: now + OTP_TTL_MS, attempts: 0, lastSentAt: now, consumedAt: null,
        rememberMe: rememberMe ? 1 : 0, createdAt: now,
      })
      .execute();
    await this.mailCode(user, code);
    return { requireMFV: true, mfaToken };
  }

  private async completeSignIn(user: User, rememberMe: boolean): Promise<Session> {
    const now = this.now();
    await touchLastLogin(this.db, user.id, now);
    const ttl = rememberMe ? this.d.config.REFRESH_TOKEN_TTL * REMEMBER_ME_FACTOR : Math.min(SHORT_SESSION_S, this.d.config.REFRESH_TOKEN_TTL);
    return this.issue({ user, companyId: await this.defaultCompany(user), absoluteExpiresAt: now + ttl * 1000 });
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
      await audit(this.db, { actorUserId: user.id, subjectUserId: user.id, companyId: null, action: 'login.external.challenge', detail: provider });
      return challenge;
    }
    const s = await this.completeSignIn(user, rememberMe);
    await audit(this.db, { actorUserId: user.id, subjectUserId: user.id, companyId: s.companyId, action: 'login.external', detail: provider });
    return s;
  }

  private async mailCode(user: User, code: string): Promise<void> {
    // The code goes only into the mail body: it is never logged.
    await this.d.mailer.send({
      to: user.email,
      subject: 'Your Sitewatch sign-in code',
      text: `Your Sitewatch sign-in code is ${code}. It is valid for 10 minutes. If you did not try to sign in, change your password.`,
      html: `<p>Your Sitewatch sign-in code is <strong>${code}</strong>.</p><p>It is valid for 10 minutes. If you did not try to sign in, change your password.</p>`,
    });
  }

  private async challenge(mfaToken: string) {
    const c = await this.db.selectFrom('otpChallenges').selectAll().where('tokenHash', '=', sha256(mfaToken)).executeTakeFirst();
    if (!c || c.consumedAt != null) throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    return c;
  }

  async verifyOtp(input: { mfaToken: string; code: string }, ip: string): Promise<Session> {
    const ipKey = `code:ip:${ip}`;
    await this.limiter.hit(ipKey, LIMITS.codePerAddress);
    const c = await this.challenge(input.mfaToken);
    const now = this.now();
    if (c.attempts >= OTP_MAX_WRONG) {
      throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.');
    }
    if (now > c.expiresAt) throw new AppError(401, 'code_expired', 'The code has expired. Request a new code.');
    // Each guess takes one of the tries before it is compared, so guesses sent at once cannot share a try.
    const taken = await this.db
      .updateTable('otpChallenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', c.id)
      .where('attempts', '<', OTP_MAX_WRONG)
      .returning('attempts')
      .executeTakeFirst();
    if (!taken) throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.');
    if (!safeEqual(hashCode(input.code, this.d.secret, c.id), c.codeHash)) {
      const attempts = taken.attempts;
      if (attempts >= OTP_MAX_WRONG) throw new AppError(429, 'too_many_attempts', 'Too many wrong codes. Request a new code.');
      throw new AppError(401, 'invalid_code', `The code is not correct. ${OTP_MAX_WRONG - attempts} tries left.`, { triesLeft: OTP_MAX_WRONG - attempts });
    }
    // Single use: only the request that flips consumedAt wins.
    const r = await this.db.updateTable('otpChallenges').set({ consumedAt: now }).where('id', '=', c.id).where('consumedAt', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    const user = await findUserById(this.db, c.userId);
    if (!user || user.disabled) throw unauthorized('Invalid email or password', 'invalid_credentials');
    return this.completeSignIn(user, c.rememberMe === 1);
  }

  async resendOtp(input: { mfaToken: string }, ip: string): Promise<{ sent: true }> {
    const ipKey = `code:ip:${ip}`;
    await this.limiter.hit(ipKey, LIMITS.codePerAddress);
    const c = await this.challenge(input.mfaToken);
    const now = this.now();
    const wait = c.lastSentAt + OTP_RESEND_MS - now;
    if (wait > 0) throw tooMany(Math.ceil(wait / 1000));
    const user = await findUserById(this.db, c.userId);
    if (!user) throw unauthorized('This sign-in attempt is no longer valid. Please sign in again.', 'mfa_invalid');
    const code = randomCode();
    await this.db
      .updateTable('otpChallenges')
      .set({ codeHash: hashCode(code, this.d.secret, c.id), attempts: 0, expiresAt: now + OTP_TTL_MS, lastSentAt: now })
      .where('id', '=', c.id)
      .execute();
    await this.mailCode(user, code);
    return { sent: true };
  }

  // ---------- refresh, switch, shadow, logout ----------

  async refresh(input: { refreshToken: string; companyId?: string | null }): Promise<Session> {
    const now = this.now();
    const row = await findRefreshToken(this.db, sha256(input.refreshToken));
    if (!row) throw unauthorized('Your session is not valid. Please sign in again.', 'invalid_refresh_token');
    const family = await findFamily(this.db, row.familyId);
    if (!family || family.revokedAt != null) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    const reused = async () => {
      // A spent token presented again means it leaked: end every session of its family.
      await revokeFamily(this.db, family.id, 'reuse', now);
      await audit(this.db, { actorUserId: family.actorUserId, subjectUserId: family.userId, companyId: row.companyId, action: 'refresh.reuse' });
      return unauthorized('Your session has ended. Please sign in again.', 'refresh_token_reused');
    };
    if (row.spentAt != null) throw await reused();
    if (now >= family.absoluteExpiresAt) throw unauthorized('Your session has expired. Please sign in again.', 'session_expired');
    const user = await findUserById(this.db, family.userId);
    if (!user || user.disabled) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    const actor = family.actorUserId ? await findUserById(this.db, family.actorUserId) : undefined;
    const companyId = input.companyId === undefined ? row.companyId : input.companyId;
    if (family.shadowKind === 'company' && companyId !== family.shadowCompanyId) throw forbidden('A company shadow session cannot change company');
    await this.assertCompanyAccess(user, companyId, family.shadowKind);
    // Spent only once every check has passed, so a refused refresh leaves the token usable.
    if (!(await spendRefreshToken(this.db, row.id, now))) throw await reused();
    return this.issue({
      user, companyId, familyId: family.id, actor, shadowKind: family.shadowKind ?? undefined,
      absoluteExpiresAt: family.absoluteExpiresAt,
    });
  }

  private async assertCompanyAccess(user: User, companyId: string | null, shadowKind?: 'company' | 'user' | null) {
    if (companyId === null) return;
    if (user.platformRole === 'admin' || shadowKind === 'company') {
      if (!(await findCompany(this.db, companyId))) throw notFound('Company not found');
      return;
    }
    if (!(await findMembership(this.db, user.id, companyId))) throw forbidden('You are not a member of that company');
  }

  async switchCompany(claims: AccessClaims, companyId: string): Promise<Session> {
    const family = await findFamily(this.db, claims.fam);
    if (!family) throw unauthorized();
    if (family.shadowKind === 'company') throw forbidden('A company shadow session cannot change company');
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw unauthorized();
    await this.assertCompanyAccess(user, companyId, family.shadowKind);
    const actor = family.actorUserId ? await findUserById(this.db, family.actorUserId) : undefined;
    return this.issue({ user, companyId, familyId: family.id, actor, shadowKind: family.shadowKind ?? undefined, absoluteExpiresAt: family.absoluteExpiresAt });
  }

  private async requireAdminNotShadowing(claims: AccessClaims): Promise<{ admin: User; absoluteExpiresAt: number }> {
    if (claims.act) throw forbidden('A shadow session cannot start another shadow session');
    const admin = await findUserById(this.db, claims.sub);
    if (!admin || admin.platformRole !== 'admin') throw forbidden('Only administrators can shadow');
    const family = await findFamily(this.db, claims.fam);
    return { admin, absoluteExpiresAt: family?.absoluteExpiresAt ?? this.now() + this.d.config.REFRESH_TOKEN_TTL * 1000 };
  }

  async shadowCompany(claims: AccessClaims, companyId: string): Promise<Session> {
    const { admin, absoluteExpiresAt } = await this.requireAdminNotShadowing(claims);
    const company = await findCompany(this.db, companyId);
    if (!company) throw notFound('Company not found');
    const s = await this.issue({ user: admin, companyId, actor: admin, shadowKind: 'company', absoluteExpiresAt });
    await audit(this.db, { actorUserId: admin.id, subjectUserId: null, companyId, action: 'shadow.start', detail: `company ${company.name}` });
    return s;
  }

  async shadowUser(claims: AccessClaims, userId: string): Promise<Session> {
    const { admin, absoluteExpiresAt } = await this.requireAdminNotShadowing(claims);
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('User not found');
    // Shadowing another admin would hand out platform rights under another name.
    if (user.platformRole === 'admin') throw forbidden('Administrators cannot be shadowed');
    if (user.disabled) throw forbidden('This user is disabled');
    const companyId = await this.defaultCompany(user);
    const s = await this.issue({ user, companyId, actor: admin, shadowKind: 'user', absoluteExpiresAt });
    await audit(this.db, { actorUserId: admin.id, subjectUserId: user.id, companyId, action: 'shadow.start', detail: `user ${user.email}` });
    return s;
  }

  async exitShadow(claims: AccessClaims): Promise<Session> {
    if (!claims.act) throw badRequest('This session is not shadowing');
    const family = await findFamily(this.db, claims.fam);
    const admin = await findUserById(this.db, claims.act.sub);
    if (!admin || admin.platformRole !== 'admin') throw forbidden();
    const now = this.now();
    await revokeFamily(this.db, claims.fam, 'shadow-exit', now);
    await audit(this.db, {
      actorUserId: admin.id, subjectUserId: claims.shd === 'user' ? claims.sub : null, companyId: claims.cid, action: 'shadow.exit',
    });
    return this.issue({ user: admin, companyId: null, absoluteExpiresAt: family?.absoluteExpiresAt });
  }

  async logout(claims: AccessClaims): Promise<{ loggedOut: true }> {
    await revokeFamily(this.db, claims.fam, 'logout', this.now());
    return { loggedOut: true };
  }

  // ---------- passwords and accounts ----------

  async changePassword(claims: AccessClaims, input: z.infer<typeof changePasswordRequest>): Promise<Session> {
    if (claims.act) throw forbidden('Passwords cannot be changed while shadowing');
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw new AppError(400, 'invalid_password', 'The current password is not correct', [{ path: 'currentPassword', message: 'The current password is not correct' }]);
    }
    await setPasswordHash(this.db, user.id, await hashPassword(input.password, this.d.config.SCRYPT_LOG_N));
    const now = this.now();
    const current = await findFamily(this.db, claims.fam);
    await revokeAllFamiliesOfUser(this.db, user.id, 'password-change', now);
    await this.expireResetTokens(user.id, now);
    // This device stays signed in with a fresh family; every other session is ended.
    return this.issue({ user, companyId: claims.cid, absoluteExpiresAt: current?.absoluteExpiresAt ?? now + SHORT_SESSION_S * 1000 });
  }

  async forgotPassword(email: string, ip: string, appUrl: string): Promise<{ sent: true }> {
    const ipKey = `forgot:ip:${ip}`;
    const emailKey = `forgot:email:${email}`;
    await this.limiter.hit(ipKey, LIMITS.forgotPerAddress);
    await this.limiter.record(emailKey);
    const overEmail = (await this.limiter.exceeded(emailKey, LIMITS.forgotPerEmail + 1)).exceeded;
    const user = await findUserByEmail(this.db, email);
    // Same work whether or not the account exists; the mail goes out after the answer.
    const token = randomToken(32);
    const tokenHash = sha256(token);
    if (user && !overEmail && !user.disabled) {
      const now = this.now();
      await this.db.insertInto('passwordResetTokens').values({ id: newId(), userId: user.id, tokenHash, expiresAt: now + RESET_TTL_MS, usedAt: null, createdAt: now }).execute();
      const link = `${appUrl}/resetpassword?token=${encodeURIComponent(token)}`;
      setImmediate(() => {
        this.d.mailer
          .send({
            to: user.email,
            subject: 'Reset your Sitewatch password',
            text: `Someone asked to reset the password of your Sitewatch account. Open this link within 30 minutes to choose a new one: ${link}\nIf it was not you, ignore this mail.`,
            html: `<p>Someone asked to reset the password of your Sitewatch account.</p><p><a href="${link}">Choose a new password</a> (valid for 30 minutes).</p><p>If it was not you, ignore this mail.</p>`,
          })
          .catch((e: unknown) => this.d.log(`reset mail failed: ${String(e)}`));
      });
    } else {
      await this.db.selectFrom('passwordResetTokens').select('id').where('tokenHash', '=', tokenHash).executeTakeFirst();
    }
    return { sent: true };
  }

  private async resetRow(token: string) {
    const row = await this.db.selectFrom('passwordResetTokens').selectAll().where('tokenHash', '=', sha256(token)).executeTakeFirst();
    if (!row || row.usedAt != null || this.now() > row.expiresAt) {
      throw new AppError(400, 'invalid_token', 'This reset link is not valid or has expired. Ask for a new one.');
    }
    return row;
  }

  async verifyResetToken(token: string): Promise<{ valid: true }> {
    await this.resetRow(token);
    return { valid: true };
  }

  async resetPassword(input: z.infer<typeof resetPasswordRequest>): Promise<{ reset: true }> {
    const row = await this.resetRow(input.token);
    const now = this.now();
    const r = await this.db.updateTable('passwordResetTokens').set({ usedAt: now }).where('id', '=', row.id).where('usedAt', 'is', null).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new AppError(400, 'invalid_token', 'This reset link is not valid or has expired. Ask for a new one.');
    await setPasswordHash(this.db, row.userId, await hashPassword(input.password, this.d.config.SCRYPT_LOG_N));
    await revokeAllFamiliesOfUser(this.db, row.userId, 'password-reset', now);
    await this.expireResetTokens(row.userId, now);
    return { reset: true };
  }

  /** Once the password changes, every reset link still in a mailbox is worthless. */
  private async expireResetTokens(userId: string, now: number): Promise<void> {
    await this.db.updateTable('passwordResetTokens').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute();
  }

  async signup(input: z.infer<typeof signupRequest>, ip: string): Promise<{ created: true }> {
    const ipKey = `signup:ip:${ip}`;
    await this.limiter.hit(ipKey, LIMITS.signupPerAddress);
    // The same answer whether or not the email has an account, so sign-up cannot be used to probe for accounts;
    // the owner of an existing account is told by mail instead.
    const passwordHash = await hashPassword(input.password, this.d.config.SCRYPT_LOG_N);
    const existing = await findUserByEmail(this.db, input.email);
    if (existing) {
      setImmediate(() => {
        this.d.mailer
          .send({
            to: existing.email,
            subject: 'Someone tried to create a Sitewatch account with your email',
            text: 'Someone tried to create a Sitewatch account with this email address, which already has an account. If it was you, sign in, or use Forgot password to choose a new password. If it was not you, ignore this mail.',
            html: '<p>Someone tried to create a Sitewatch account with this email address, which already has an account.</p><p>If it was you, sign in, or use <em>Forgot password</em> to choose a new password. If it was not you, ignore this mail.</p>',
          })
          .catch((e: unknown) => this.d.log(`signup notice mail failed: ${String(e)}`));
      });
      return { created: true };
    }
    await insertUser(this.db, {
      id: newId(), email: input.email, name: input.name, passwordHash,
      mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: this.now(),
    });
    return { created: true };
  }

  async updateProfile(claims: AccessClaims, input: UpdateProfileRequest): Promise<Me> {
    // A shadow acts with someone's rights for support, but their name and language stay theirs to choose.
    if (claims.act) throw forbidden('A shadow session cannot change the profile of the person shadowed');
    await updateProfile(this.db, claims.sub, input);
    return this.me(claims);
  }

  async me(claims: AccessClaims): Promise<Me> {
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw unauthorized();
    const memberships = await membershipsOf(this.db, user.id);
    return {
      id: user.id, name: user.name, email: user.email, locale: user.locale as Me['locale'],
      platformRole: user.platformRole, memberships,
    };
  }
}
