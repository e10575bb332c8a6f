import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf, requireAuth } from '../context';
import { allCompanies, companiesOfUser } from '../db/companies.repository';
import { findUserById } from '../db/users.repository';

export async function companyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/companies', { preHandler: requireAuth(deps.auth) }, async (req) => {
    const claims = claimsOf(req);
    if (claims.shd === 'company') {
      return { data: (await allCompanies(deps.db)).filter((c) => c.id === claims.cid) };
    }
    const user = await findUserById(deps.db, claims.sub);
    const admin = user?.platformRole === 'admin';
    return { data: admin ? await allCompanies(deps.db) : await companiesOfUser(deps.db, claims.sub) };
  });
}
