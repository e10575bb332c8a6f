import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import type { Session, changePasswordRequest, resetPasswordRequest, signupRequest } from '../../src/api/contract/auth';
import { findUserByEmail, findUserById, insertUser, setPasswordHash } from '../db/users.repository';
import { findFamily, revokeAllFamiliesOfUser } from '../db/sessions.repository';
import {
  expirePasswordResetTokensOf, findPasswordResetToken, insertPasswordResetToken, usePasswordResetToken,
} from '../db/password-reset-tokens.repository';
import { resetPasswordMail, signupExistingAccountMail } from '../mail/templates';
import { AppError, forbidden, unauthorized } from '../errors';
import { hashPassword, verifyPassword } from './passwords';
import { newId, randomToken, sha256 } from './secrets';
import type { AccessClaims } from './tokens';
import { LIMITS, type RateLimiter } from './rate-limiter';
import { SHORT_SESSION_S, type SessionService } from './sessions.service';

const RESET_TTL_MS = 30 * 60 * 1000;

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
  constructor(private readonly d: PasswordServiceDeps) {}

  private get db() {
    return this.d.db;
  }

  async changePassword(claims: AccessClaims, input: z.infer<typeof changePasswordRequest>): Promise<Session> {
    if (claims.act) throw forbidden('Passwords cannot be changed while shadowing');
    const user = await findUserById(this.db, claims.sub);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw new AppError(400, 'invalid_password', 'The current password is not correct', [{ path: 'currentPassword', message: 'The current password is not correct' }]);
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
    // Same work whether or not the account exists; the mail goes out after the answer.
    const token = randomToken(32);
    const tokenHash = sha256(token);
    if (user && !overEmail && !user.disabled) {
      const now = this.d.now();
      await insertPasswordResetToken(this.db, { id: newId(), userId: user.id, tokenHash, expiresAt: now + RESET_TTL_MS, usedAt: null, createdAt: now });
      const link = `${appUrl}/resetpassword?token=${encodeURIComponent(token)}`;
      setImmediate(() => {
        this.d.mailer
          .send({ to: user.email, ...resetPasswordMail(link) })
          .catch((e: unknown) => this.d.log(`reset mail failed: ${String(e)}`));
      });
    } else {
      // Stands in for the insert above, so a request for no account costs a query too.
      await findPasswordResetToken(this.db, tokenHash);
    }
    return { sent: true };
  }

  private async resetRow(token: string) {
    const row = await findPasswordResetToken(this.db, sha256(token));
    if (!row || row.usedAt != null || this.d.now() > row.expiresAt) {
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
    const now = this.d.now();
    if (!(await usePasswordResetToken(this.db, row.id, now))) {
      throw new AppError(400, 'invalid_token', 'This reset link is not valid or has expired. Ask for a new one.');
    }
    await setPasswordHash(this.db, row.userId, await hashPassword(input.password, this.d.config.SCRYPT_LOG_N));
    await revokeAllFamiliesOfUser(this.db, row.userId, 'password-reset', now);
    await expirePasswordResetTokensOf(this.db, row.userId, now);
    return { reset: true };
  }

  async signup(input: z.infer<typeof signupRequest>, ip: string): Promise<{ created: true }> {
    const ipKey = `signup:ip:${ip}`;
    await this.d.limiter.hit(ipKey, LIMITS.signupPerAddress);
    // The same answer whether or not the email has an account, so sign-up cannot be used to probe for accounts;
    // the owner of an existing account is told by mail instead.
    const passwordHash = await hashPassword(input.password, this.d.config.SCRYPT_LOG_N);
    const existing = await findUserByEmail(this.db, input.email);
    if (existing) {
      setImmediate(() => {
        this.d.mailer
          .send({ to: existing.email, ...signupExistingAccountMail() })
          .catch((e: unknown) => this.d.log(`signup notice mail failed: ${String(e)}`));
      });
      return { created: true };
    }
    await insertUser(this.db, {
      id: newId(), email: input.email, name: input.name, passwordHash,
      mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: this.d.now(),
    });
    return { created: true };
  }
}
