import type { Db } from '../db/database';
import type { User } from '../db/schema';
import type { Config } from '../config';
import type { Session } from '../../src/api/contract/auth';
import { findUserById } from '../db/users.repository';
import { findCompany } from '../db/companies.repository';
import { findFamily, revokeFamily } from '../db/sessions.repository';
import { audit } from '../db/audit.repository';
import { badRequest, forbidden, notFound } from '../errors';
import type { AccessClaims } from './tokens';
import type { SessionService } from './sessions.service';

export interface ShadowServiceDeps {
  db: Db;
  config: Config;
  sessions: SessionService;
  now: () => number;
}

/** An admin acting as a company (as its manager) or as a user, and returning to their own session. */
export class ShadowService {
  constructor(private readonly d: ShadowServiceDeps) {}

  private get db() {
    return this.d.db;
  }

  private async requireAdminNotShadowing(claims: AccessClaims): Promise<{ admin: User; absoluteExpiresAt: number }> {
    if (claims.act) throw forbidden('A shadow session cannot start another shadow session');
    const admin = await findUserById(this.db, claims.sub);
    if (!admin || admin.platformRole !== 'admin') throw forbidden('Only administrators can shadow');
    const family = await findFamily(this.db, claims.fam);
    return { admin, absoluteExpiresAt: family?.absoluteExpiresAt ?? this.d.now() + this.d.config.REFRESH_TOKEN_TTL * 1000 };
  }

  async shadowCompany(claims: AccessClaims, companyId: string): Promise<Session> {
    const { admin, absoluteExpiresAt } = await this.requireAdminNotShadowing(claims);
    const company = await findCompany(this.db, companyId);
    if (!company) throw notFound('Company not found');
    const s = await this.d.sessions.issue({ user: admin, companyId, actor: admin, shadowKind: 'company', absoluteExpiresAt });
    await audit(this.db, { actorUserId: admin.id, shadow: 'company' }, { companyId, action: 'shadow.start', detail: `company ${company.name}` }, this.d.now());
    return s;
  }

  async shadowUser(claims: AccessClaims, userId: string): Promise<Session> {
    const { admin, absoluteExpiresAt } = await this.requireAdminNotShadowing(claims);
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound('User not found');
    // Shadowing another admin would hand out platform rights under another name.
    if (user.platformRole === 'admin') throw forbidden('Administrators cannot be shadowed');
    if (user.disabled) throw forbidden('This user is disabled');
    const companyId = await this.d.sessions.defaultCompany(user);
    const s = await this.d.sessions.issue({ user, companyId, actor: admin, shadowKind: 'user', absoluteExpiresAt });
    await audit(this.db, { actorUserId: admin.id, subjectUserId: user.id, shadow: 'user' }, { companyId, action: 'shadow.start', detail: `user ${user.email}` }, this.d.now());
    return s;
  }

  async exitShadow(claims: AccessClaims): Promise<Session> {
    if (!claims.act) throw badRequest('This session is not shadowing');
    const family = await findFamily(this.db, claims.fam);
    const admin = await findUserById(this.db, claims.act.sub);
    if (!admin || admin.platformRole !== 'admin') throw forbidden();
    const now = this.d.now();
    await revokeFamily(this.db, claims.fam, 'shadow-exit', now);
    await audit(this.db, claims, { companyId: claims.cid, action: 'shadow.exit' }, now);
    return this.d.sessions.issue({ user: admin, companyId: null, absoluteExpiresAt: family?.absoluteExpiresAt });
  }
}
