import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { forbidden, notFound, parse } from '../errors';
import { requirePlatformAdmin } from '../auth/guards';
import { allCompanies, companiesOfUser, findCompany, membersOf } from '../db/companies.repository';
import { findMembership, findUserById, membershipsOfUsers, searchUsers } from '../db/users.repository';
import { USERS_SEARCH_LIMIT, companyIdParams, usersQuery } from '../../src/api/contract/companies';

export async function companyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {

  app.get('/api/companies', async (req) => {
    const claims = claimsOf(req);
    if (claims.shd === 'company') {
      return { data: (await allCompanies(deps.db)).filter((c) => c.id === claims.cid) };
    }
    const user = await findUserById(deps.db, claims.sub);
    const admin = user?.platformRole === 'admin';
    return { data: admin ? await allCompanies(deps.db) : await companiesOfUser(deps.db, claims.sub) };
  });

  app.get('/api/companies/:id/members', async (req) => {
    const { id } = parse(companyIdParams, req.params);
    const claims = claimsOf(req);
    const user = claims.act ? undefined : await findUserById(deps.db, claims.sub);
    if (user?.platformRole === 'admin') {
      if (!(await findCompany(deps.db, id))) throw notFound('Company not found');
    } else {
      // A manager acts for the token's company only; any other company is refused alike, existing or not,
      // so the answer does not tell which companies exist.
      const managerHere =
        claims.cid === id &&
        (claims.shd === 'company' || (await findMembership(deps.db, claims.sub, id))?.role === 'manager');
      if (!managerHere) throw forbidden('Only managers of this company can see its members');
    }
    return { data: await membersOf(deps.db, id) };
  });

  app.get('/api/users', async (req) => {
    const { q } = parse(usersQuery, req.query);
    await requirePlatformAdmin(deps.db, claimsOf(req));
    const users = await searchUsers(deps.db, q || undefined, USERS_SEARCH_LIMIT);
    const memberships = await membershipsOfUsers(deps.db, users.map((u) => u.id));
    return {
      data: users.map((u) => ({
        ...u,
        companies: memberships
          .filter((m) => m.userId === u.id)
          .map((m) => ({ companyId: m.companyId, companyName: m.companyName, role: m.role })),
      })),
    };
  });
}
