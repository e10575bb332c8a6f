import type { Db } from '../db/database';
import type { User } from '../db/schema';
import type { Config } from '../config';
import type { Session } from '../../src/api/contract/auth';
import { findMembership, findUserById, membershipsOf } from '../db/users.repository';
import { findCompany } from '../db/companies.repository';
import {
  findFamily, findRefreshToken, insertFamily, insertRefreshToken, revokeFamily, spendRefreshToken,
} from '../db/sessions.repository';
import { audit } from '../db/audit.repository';
import { forbidden, notFound, unauthorized } from '../errors';
import { newId, randomToken, sha256 } from './secrets';
import type { AccessClaims, TokenService } from './tokens';

/** The longest a session lasts when its sign-in did not ask to be remembered. */
export const SHORT_SESSION_S = 12 * 3600;

export interface IssueInput {
  user: User;
  companyId: string | null;
  /** Continues this family (refresh, switch); a new family is started when absent. */
  familyId?: string;
  /** The admin behind a shadow session. */
  actor?: User;
  shadowKind?: 'company' | 'user';
  absoluteExpiresAt?: number;
}

export interface SessionServiceDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  now: () => number;
}

/** Issues sessions (an access token and a refresh token of a family) and keeps them: refresh, switch, logout. */
export class SessionService {
  constructor(private readonly d: SessionServiceDeps) {}

  private get db() {
    return this.d.db;
  }

  /** The role a session has in a company: admins keep admin; a company shadow is a manager. */
  private async roleFor(user: User, companyId: string | null, shadowKind?: 'company' | 'user') {
    if (shadowKind === 'company') return 'manager' as const;
    if (user.platformRole === 'admin') return 'admin' as const;
    if (!companyId) return 'viewer' as const;
    const m = await findMembership(this.db, user.id, companyId);
    if (!m) throw forbidden('You are not a member of that company');
    return m.role;
  }

  async defaultCompany(user: User): Promise<string | null> {
    if (user.platformRole === 'admin') return null;
    const ms = await membershipsOf(this.db, user.id);
    return ms[0]?.companyId ?? null;
  }

  async issue(input: IssueInput): Promise<Session> {
    const now = this.d.now();
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

  async refresh(input: { refreshToken: string; companyId?: string | null }): Promise<Session> {
    const now = this.d.now();
    const row = await findRefreshToken(this.db, sha256(input.refreshToken));
    if (!row) throw unauthorized('Your session is not valid. Please sign in again.', 'invalid_refresh_token');
    const family = await findFamily(this.db, row.familyId);
    if (!family || family.revokedAt != null) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    const reused = async () => {
      // A spent token presented again means it leaked: end every session of its family.
      await revokeFamily(this.db, family.id, 'reuse', now);
      await audit(this.db, { actorUserId: family.actorUserId ?? family.userId, subjectUserId: family.userId, shadow: family.shadowKind }, { companyId: row.companyId, action: 'refresh.reuse' }, this.d.now());
      return unauthorized('Your session has ended. Please sign in again.', 'refresh_token_reused');
    };
    if (row.spentAt != null) throw await reused();
    if (now >= family.absoluteExpiresAt) throw unauthorized('Your session has expired. Please sign in again.', 'session_expired');
    const user = await findUserById(this.db, family.userId);
    if (!user || user.disabled) throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    const actor = family.actorUserId ? await findUserById(this.db, family.actorUserId) : undefined;
    // A shadow session lives on the acting admin's rights: an admin disabled or no longer an admin ends it at the
    // next refresh, as the shadowed user's own disabling does.
    if (family.actorUserId && (!actor || actor.disabled || actor.platformRole !== 'admin')) {
      await revokeFamily(this.db, family.id, 'actor-revoked', now);
      throw unauthorized('Your session has ended. Please sign in again.', 'session_revoked');
    }
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

  async logout(claims: AccessClaims): Promise<{ loggedOut: true }> {
    await revokeFamily(this.db, claims.fam, 'logout', this.d.now());
    return { loggedOut: true };
  }
}
