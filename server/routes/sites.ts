import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { parse } from '../errors';
import { siteSummaries } from '../db/sites.repository';
import { basicInfo } from '../monitoring/site-snapshot';
import { hubsIn, nodesWithFeeds } from '../db/devices.repository';
import { sitePermission, visibleSite } from '../auth/site-scope';
import { id } from '../../src/api/contract/common';
import type { SiteTree } from '../../src/api/contract/monitoring';

const idParams = z.object({ id });
const siteIdParams = z.object({ siteId: id });

/** Sites and the site dashboard's lists (docs/product.md, API conventions); every id is checked against the token's company first. */
export async function siteRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const now = () => deps.auth.now();

  // GET /api/sites is the sites resource's list (server/resources/sites.ts).

  app.get('/api/sites/:id/tree', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    const t = now();
    const scope = { companyId: site.companyId, siteId: site.id };
    const [info, hubs, nodes] = [await basicInfo(db, site, t), await hubsIn(db, scope, t), await nodesWithFeeds(db, scope, t)];
    const tree: SiteTree = { site: info, hubs: hubs.map((h) => ({ ...h, nodes: nodes.filter((n) => n.hubId === h.id) })) };
    return { data: tree };
  });

  app.get('/api/site-dashboard/:id', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    return { data: await basicInfo(db, site, now()) };
  });

  app.get('/api/site-dashboard/sub-sites/:siteId', async (req) => {
    const { siteId } = parse(siteIdParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    return { data: await siteSummaries(db, { companyId: site.companyId, parentSiteId: site.id }, now()) };
  });

  app.get('/api/site-dashboard/:id/nodes', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    return { data: await nodesWithFeeds(db, { companyId: site.companyId, siteId: site.id }, now()) };
  });

  app.get('/api/site-dashboard/:id/hubs', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    return { data: await hubsIn(db, { companyId: site.companyId, siteId: site.id }, now()) };
  });

  app.get('/api/site-dashboard/check-permission/:id', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { role } = await visibleSite(db, claimsOf(req), siteId);
    return { data: sitePermission(role) };
  });
}
