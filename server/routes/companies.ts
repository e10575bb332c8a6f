import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { forbidden, notFound, parse } from '../errors';
import { findCompany, membersOf } from '../db/companies.repository';
import { findMembership, findUserById } from '../db/users.repository';
import { companyIdParams } from '../../src/api/contract/companies';

export async function companyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {

  // GET /api/companies is the companies resource's list (server/resources/companies.ts).

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
}
