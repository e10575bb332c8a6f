import type { Db } from '../db/database';
import type { AccessClaims } from './tokens';
import type { SitePermission } from '../../src/api/contract/monitoring';
import { mayAct, mayManage } from '../../src/api/contract/roles';
import { findSite, type SiteRow } from '../db/sites.repository';
import { findMembership } from '../db/users.repository';
import { findCompany } from '../db/companies.repository';
import { badRequest, forbidden, notFound } from '../errors';
import { isPlatformAdmin, roleIn } from '../monitoring/site-access';

export type Role = 'admin' | 'manager' | 'user' | 'viewer';

/**
 * The site behind an id and the role the token reads it with. The rule is the readings engine's (roleIn): the token's
 * company for everyone but an admin acting as themselves. Unknown and foreign ids are the same 404.
 */
export async function visibleSite(db: Db, claims: AccessClaims, siteId: string): Promise<{ site: SiteRow; role: Role }> {
  const site = await findSite(db, siteId);
  const role = site ? await roleIn(db, claims, site.companyId) : null;
  if (!site || !role) throw notFound('Site not found');
  return { site, role };
}

export { mayAct };

/** What a role may do on a site it can see (docs/product.md, Roles): everyone views, viewers only view, managers and admins manage. */
export function sitePermission(role: Role): SitePermission {
  return { role, view: true, export: mayAct(role), manage: mayManage(role) };
}

/**
 * The company a list call is about: the token's. Null for a token without one (an admin outside any company), which
 * lists answer as empty; a token whose holder has left the company is refused.
 */
export async function tokenCompany(db: Db, claims: AccessClaims): Promise<{ companyId: string; role: Role } | null> {
  if (!claims.cid) return null;
  const role = await roleIn(db, claims, claims.cid);
  if (!role) throw forbidden('You are no longer a member of this company');
  return { companyId: claims.cid, role };
}

/** Like tokenCompany, for calls that have nothing to show without a company: a 400 asking for one. */
export async function requireTokenCompany(db: Db, claims: AccessClaims): Promise<{ companyId: string; role: Role }> {
  const scope = await tokenCompany(db, claims);
  if (!scope) throw badRequest('Choose a company first: this session acts for none');
  return scope;
}

/**
 * Reading a company's dashboard by id: an admin acting as themselves (any company; unknown is 404), a company shadow
 * for its company, anyone else for a company they are a member of. Everything else is 403 whether or not the company
 * exists, as for members lists, so ids reveal nothing.
 */
export async function readableCompany(db: Db, claims: AccessClaims, companyId: string): Promise<{ id: string; name: string }> {
  if (await isPlatformAdmin(db, claims)) {
    const company = await findCompany(db, companyId);
    if (!company) throw notFound('Company not found');
    return company;
  }
  const member = claims.shd === 'company' ? claims.cid === companyId : Boolean(await findMembership(db, claims.sub, companyId));
  const company = member ? await findCompany(db, companyId) : undefined;
  if (!company) throw forbidden('You can only see the dashboards of your own companies');
  return company;
}

/**
 * Plexus: admins acting as themselves for any company (the query's, else the token's); managers (a company shadow
 * included) for the token's company only. Users and viewers are refused.
 */
export async function plexusCompany(db: Db, claims: AccessClaims, asked: string | undefined): Promise<string> {
  if (await isPlatformAdmin(db, claims)) {
    const companyId = asked ?? claims.cid;
    if (!companyId) throw badRequest('companyId: choose a company', [{ path: 'companyId', message: 'choose a company' }]);
    if (!(await findCompany(db, companyId))) throw notFound('Company not found');
    return companyId;
  }
  const scope = await tokenCompany(db, claims);
  if (!scope || (asked !== undefined && asked !== scope.companyId) || scope.role !== 'manager') {
    throw forbidden('Plexus is for administrators and the managers of a company');
  }
  return scope.companyId;
}
