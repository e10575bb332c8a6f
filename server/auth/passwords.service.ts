import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Session, changePasswordRequest, resetPasswordRequest, signupRequest } from '../../src/api/contract/auth';
import { NO_PASSWORD, acceptInvitation, findMember, findUserByEmail, findUserById, insertUser, setPasswordHash, updateMembership, updateProfile } from '../db/users.repository';
import { findFamily, revokeAllFamiliesOfUser } from '../db/sessions.repository';
import {
  expirePasswordResetTokensOf, findPasswordResetToken, insertPasswordResetToken, usePasswordResetToken,
} from '../db/password-reset-tokens.repository';
import { addedToCompanyMail, invitationMail, resetPasswordMail, signupExistingAccountMail, verifyEmailMail, type MailContent } from '../mail/templates';
import {
  expireEmailVerificationTokensOf, findEmailVerificationToken, insertEmailVerificationToken, markEmailVerified, useEmailVerificationToken,
} from '../db/email-verification.repository';
import { mailLanguage, type MailLocale } from '../mail/language';
import { AppError, forbidden, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from './passwords';
import { newId, randomToken, sha256 } from './secrets';
import type { AccessClaims } from './tokens';
import { LIMITS, type RateLimiter } from './rate-limiter';
import { SHORT_SESSION_S, type SessionService } from './sessions.service';

const RESET_TTL_MS = 30 * 60 * 1000;

/** A used, expired or unknown reset token: a 400 naming the `token` field (docs/product.md, Sessions), worded for the person. */
const invalidResetToken = () =>
  new AppError(400, 'invalid_token', 'This reset link is not valid or has expired. Ask for a new one.', [
    { path: 'token', message: 'is not valid or has expired', code: 'invalid_token' },
  ]);

/** An invitation waits for someone to read their mail, not for someone who just clicked "forgot". */
export const INVITE_TTL_DAYS = 7;
const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 3600 * 1000;
export const VERIFY_TTL_DAYS = 3;
const VERIFY_TTL_MS = VERIFY_TTL_DAYS * 24 * 3600 * 1000;

/** An account whose password nobody can vouch for: none yet (an invitation), or one a sign-up chose and never confirmed. */
export const needsPassword = (user: { passwordHash: string; emailVerified: number }) => user.passwordHash === NO_PASSWORD || !user.emailVerified;

/** Links in mail never come from the request's Host header (reset-link poisoning): PUBLIC_URL or localhost. */
export const mailLinkBase = (config: Config) => config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`;

export interface PasswordServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessions: SessionService;
  limiter: RateLimiter;
  log: (line: string) => void;
  now: () => number;
}

/** Passwords and accounts: change, forgot and reset through a mailed link, and sign-up. */
export class PasswordService {
  /** Per account: password changes whose current password is being checked right now. */
  private readonly changesInFlight = new Map<string, number>();

  constructor(private readonly d: PasswordServiceDeps) {}

  private get db() {
    return this.d.db;
  }

  async changePassword(claims: AccessClaims, input: z.infer<typeof changePasswordRequest>): Promise<Session> {
    if (claims.act) throw forbidden('Passwords cannot be changed while shadowing');
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw unauthorized();
    // A stolen access token must not become a way to guess the password: wrong current passwords count as failed
    // sign-ins do, and checks still running count too, so guesses sent at once cannot all pass.
    const acctKey = `password:acct:${user.id}`;
    const ahead = this.changesInFlight.get(acctKey) ?? 0;
    this.changesInFlight.set(acctKey, ahead + 1);
    try {
      await this.d.limiter.check(acctKey, LIMITS.loginFailuresPerAccount - ahead);
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        await this.d.limiter.record(acctKey);
        throw new AppError(400, 'invalid_password', 'The current password is not correct', [{ path: 'currentPassword', message: 'The current password is not correct' }]);
      }
    } finally {
      const left = (this.changesInFlight.get(acctKey) ?? 1) - 1;
      if (left > 0) this.changesInFlight.set(acctKey, left);
      else this.changesInFlight.delete(acctKey);
    }
    await setPasswordHash(this.db, user.id, await hashPassword(input.password, this.d.config.SCRYPT_LOG_N));
    const now = this.d.now();
    const current = await findFamily(this.db, claims.fam);
    await revokeAllFamiliesOfUser(this.db, user.id, 'password-change', now);
    await expirePasswordResetTokensOf(this.db, user.id, now);
    // This device stays signed in with a fresh family; every other session is ended.
    return this.d.sessions.issue({ user, companyId: claims.cid, absoluteExpiresAt: current?.absoluteExpiresAt ?? now + SHORT_SESSION_S * 1000 });
  }

  async forgotPassword(email: string, ip: string, appUrl: string): Promise<{ sent: true }> {
    const ipKey = `forgot:ip:${ip}`;
    const emailKey = `forgot:email:${email}`;
    await this.d.limiter.hit(ipKey, LIMITS.forgotPerAddress);
    await this.d.limiter.record(emailKey);
    const overEmail = (await this.d.limiter.exceeded(emailKey, LIMITS.forgotPerEmail + 1)).exceeded;
    const user = await findUserByEmail(this.db, email);
    // The answer waits for the same work whether or not the account exists: the token is stored
    // and mailed after it, so neither its time nor its failure tells anyone that the address has an account.
    if (user && !overEmail && !user.disabled) {
      setImmediate(() => {
        void (async () => {
          const link = await this.resetLink(user.id, randomToken(32), RESET_TTL_MS, appUrl);
          await this.d.mailer.send({ to: user.email, ...resetPasswordMail(mailLanguage(user.locale), link) });
        })().catch((e: unknown) => this.d.log(`reset mail failed: ${String(e)}`));
      });
    }
    return { sent: true };
  }

  /**
   * Stores a reset token for the user and answers the link of the client's reset page that spends it; an invitation's
   * names its company (`invitedTo`), whose membership it accepts.
   */
  private async resetLink(userId: string, token: string, ttlMs: number, appUrl: string, invitedTo: string | null = null): Promise<string> {
    const now = this.d.now();
    await insertPasswordResetToken(this.db, { id: newId(), userId, tokenHash: sha256(token), companyId: invitedTo, expiresAt: now + ttlMs, usedAt: null, createdAt: now });
    return `${appUrl}/resetpassword?token=${encodeURIComponent(token)}`;
  }

  /** Mail goes out after the answer, so neither its time nor its failure shows in the response. */
  private sendLater(to: string, content: MailContent, what: string): void {
    setImmediate(() => {
      this.d.mailer.send({ to, ...content }).catch((e: unknown) => this.d.log(`${what} mail failed: ${String(e)}`));
    });
  }

  /**
   * Mails a new member of a company their invitation (the users resource, once the membership is committed); the
   * membership grants nothing until the person accepts it from this mail. An account whose password
   * can be trusted (it has one, and its address was confirmed) gets an accept link. Any other — a new account, or one
   * whose sign-up nobody confirmed, whose password may be a stranger's — gets a set-password link: the invitee chooses
   * their own, which confirms the address, accepts this invitation and ends every earlier password and session.
   * In the member's language, else the inviting request's (`language`), else English.
   */
  async invite(
    user: { id: string; email: string; disabled: number; passwordHash: string; emailVerified: number; locale?: string | null },
    invitation: { companyId: string; companyName: string; role: string; language?: MailLocale },
  ): Promise<void> {
    if (user.disabled) return;
    const appUrl = mailLinkBase(this.d.config);
    const locale = mailLanguage(user.locale, invitation.language);
    const token = randomToken(32);
    let content: MailContent;
    if (needsPassword(user)) {
      // A confirm link still in the mailbox would hand the account to whoever signed up with this address.
      if (!user.emailVerified) await expireEmailVerificationTokensOf(this.db, user.id, this.d.now());
      const link = await this.resetLink(user.id, token, INVITE_TTL_MS, appUrl, invitation.companyId);
      content = invitationMail(locale, invitation.companyName, invitation.role, link, INVITE_TTL_DAYS);
    } else {
      await updateMembership(this.db, invitation.companyId, user.id, { inviteTokenHash: sha256(token) });
      content = addedToCompanyMail(locale, invitation.companyName, invitation.role, `${appUrl}/api/invitations/${token}`, INVITE_TTL_DAYS);
    }
    this.sendLater(user.email, content, 'invitation');
  }

  private async resetRow(token: string) {
    const row = await findPasswordResetToken(this.db, sha256(token));
    if (!row || row.usedAt != null || this.d.now() > row.expiresAt) throw invalidResetToken();
    return row;
  }

  async verifyResetToken(token: string): Promise<{ valid: true }> {
    await this.resetRow(token);
    return { valid: true };
  }

  async resetPassword(input: z.infer<typeof resetPasswordRequest>): Promise<{ reset: true }> {
    const row = await this.resetRow(input.token);
    const now = this.d.now();
    if (!(await usePasswordResetToken(this.db, row.id, now))) throw invalidResetToken();
    const before = await findUserById(this.db, row.userId);
    await setPasswordHash(this.db, row.userId, await hashPassword(input.password, this.d.config.SCRYPT_LOG_N));
    await revokeAllFamiliesOfUser(this.db, row.userId, 'password-reset', now);
    await expirePasswordResetTokensOf(this.db, row.userId, now);
    if (row.companyId) {
      // An invitation's link accepts its own membership and no other. It was a set-password link because the account's
      // password could not be trusted (none, or a sign-up nobody confirmed): the account becomes the invitee's, under
      // the name the manager gave, since the name that sign-up chose was a stranger's as much as its password was.
      const name = (await findMember(this.db, row.companyId, row.userId))?.invitedName;
      await acceptInvitation(this.db, row.userId, row.companyId);
      if (name) await updateProfile(this.db, row.userId, { name });
    } else if (before?.passwordHash === NO_PASSWORD) {
      // An account that had no password exists only by its invitations: its first password, set from its mailbox
      // (an invitee who lost the mail uses forgot-password), accepts them.
      await acceptInvitation(this.db, row.userId);
    }
    // The mailed link proves the address as a sign-up's verification link would.
    await markEmailVerified(this.db, row.userId);
    return { reset: true };
  }

  async signup(input: z.infer<typeof signupRequest>, ip: string, language?: MailLocale): Promise<{ created: true }> {
    const ipKey = `signup:ip:${ip}`;
    await this.d.limiter.hit(ipKey, LIMITS.signupPerAddress);
    // The same answer whether or not the email has an account, so sign-up cannot be used to probe for accounts;
    // the owner of an existing account is told by mail instead.
    const passwordHash = await hashPassword(input.password, this.d.config.SCRYPT_LOG_N);
    const existing = await findUserByEmail(this.db, input.email);
    if (existing && existing.emailVerified) {
      this.sendLater(existing.email, signupExistingAccountMail(mailLanguage(existing.locale, language)), 'signup notice');
      return { created: true };
    }
    // An account nobody has confirmed yet belongs to whoever can read the mail: signing up again mails a new link
    // carrying the new password, so a lost or expired link is never a dead end, and no sign-up changes another's.
    const id = existing?.id ?? newId();
    const locale = mailLanguage(existing?.locale, language);
    if (!existing) {
      await insertUser(this.db, {
        id, email: input.email, name: input.name, passwordHash, emailVerified: 0,
        mfaEnabled: 0, locale, platformRole: null, disabled: 0, lastLoginAt: null, createdAt: this.d.now(),
      });
    }
    const token = randomToken(32);
    const now = this.d.now();
    await insertEmailVerificationToken(this.db, { id: newId(), userId: id, tokenHash: sha256(token), passwordHash, expiresAt: now + VERIFY_TTL_MS, usedAt: null, createdAt: now });
    const link = `${mailLinkBase(this.d.config)}/verify-email?token=${encodeURIComponent(token)}`;
    this.sendLater(input.email, verifyEmailMail(locale, link, VERIFY_TTL_DAYS), 'email verification');
    return { created: true };
  }

  /** Follows the mailed link: the account may sign in from now on. */
  async verifyEmail(token: string): Promise<{ verified: true }> {
    const refused = () =>
      new AppError(400, 'invalid_token', 'This confirmation link is not valid or has expired. Sign up again to get a new one.', [
        { path: 'token', message: 'is not valid or has expired', code: 'invalid_token' },
      ]);
    const row = await findEmailVerificationToken(this.db, sha256(token));
    if (!row || row.usedAt != null || this.d.now() > row.expiresAt) throw refused();
    if (!(await useEmailVerificationToken(this.db, row, this.d.now()))) throw refused();
    return { verified: true };
  }

}
