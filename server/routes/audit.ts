import type { FastifyInstance } from 'fastify';
import { claimsOf, type AppDeps } from '../context';
import { forbidden, parse } from '../errors';
import { requireTokenCompany } from '../auth/site-scope';
import { isPlatformAdmin } from '../monitoring/site-access';
import { listAudit } from '../db/audit.repository';
import { auditListQuery } from '../../src/api/contract/audit';

/**
 * `GET /api/audit` (docs/product.md, Management): a platform admin acting as themselves reads every entry; a manager (a company shadow
 * included) their token company's; users and viewers none. A shadowing admin reads with the shadowed rights, so the
 * platform's log does not leak into a company session.
 */
export async function auditRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/audit', async (req) => {
    const query = parse(auditListQuery, req.query);
    const claims = claimsOf(req);
    if (await isPlatformAdmin(deps.db, claims)) return listAudit(deps.db, null, query);
    const scope = await requireTokenCompany(deps.db, claims);
    if (scope.role !== 'manager') throw forbidden('Only managers and administrators can read the audit log');
    return listAudit(deps.db, scope.companyId, query);
  });
}
