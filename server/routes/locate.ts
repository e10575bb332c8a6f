import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { claimsOf, type AppDeps } from '../context';
import { notFound, parse } from '../errors';
import { findSite } from '../db/sites.repository';
import { findReportRow } from '../db/fridge-reports.repository';
import { findCompany } from '../db/companies.repository';
import { isPlatformAdmin } from '../monitoring/site-access';
import { activeMembersAmong } from '../db/users.repository';
import { id } from '../../src/api/contract/common';
import type { AccessClaims } from '../auth/tokens';

const idParams = z.object({ id });

/**
 * Which of the caller's companies a site or report belongs to: a link to the manager's other
 * company's report offers to switch there instead of saying "it no longer exists". Answered only where the caller could
 * act after switching — an active member of that company (an admin acting as themselves: any company); a company
 * shadow switches nowhere. Anything else is 404 like an unknown id, so ids of other companies reveal nothing.
 */
export async function locateRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;

  async function home(claims: AccessClaims, companyId: string | undefined) {
    if (!companyId || claims.shd === 'company') return undefined;
    const mayGo = (await isPlatformAdmin(db, claims)) || (await activeMembersAmong(db, companyId, [claims.sub])).length > 0;
    const company = mayGo ? await findCompany(db, companyId) : undefined;
    return company && { companyId: company.id, companyName: company.name };
  }

  app.get('/api/locate/site/:id', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const found = await home(claimsOf(req), (await findSite(db, siteId))?.companyId);
    if (!found) throw notFound('Site not found');
    return { data: found };
  });

  app.get('/api/locate/report/:id', async (req) => {
    const { id: reportId } = parse(idParams, req.params);
    const found = await home(claimsOf(req), (await findReportRow(db, reportId))?.companyId);
    if (!found) throw notFound('Report not found');
    return { data: found };
  });
}
