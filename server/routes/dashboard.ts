import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { parse } from '../errors';
import type { Db } from '../db/database';
import { findCompany } from '../db/companies.repository';
import { companiesHealth, latestBySite, siteNamesOf, siteSummaries } from '../db/sites.repository';
import { hubsIn, nodesIn, nodesWithFeeds, quietFirst } from '../db/devices.repository';
import { requirePlatformAdmin } from '../auth/guards';
import { plexusCompany, readableCompany, requireTokenCompany, visibleSite } from '../auth/site-scope';
import { id } from '../../src/api/contract/common';
import type { DashboardResponse, LatestReading, Plexus } from '../../src/api/contract/monitoring';
import { hourlyTrends, tileFacts } from '../monitoring/trend';
import { adminGlance } from '../monitoring/admin-glance.service';

const idParams = z.object({ id });
const siteIdParams = z.object({ siteId: id });
const plexusQuery = z.object({ companyId: id.optional() });

/**
 * A company's sites with their health, latest readings and each reading's 24-hour trend, range and node status: six statements
 * whatever the number of sites (the trend and range statements cover every tile of the company at once).
 */
async function dashboardOf(db: Db, company: { id: string; name: string }, now: number): Promise<DashboardResponse> {
  const sites = await siteSummaries(db, { companyId: company.id }, now);
  const latest = await latestBySite(db, company.id);
  const feedIds = [...latest.values()].flatMap((list) => list.map((r) => r.feedId));
  const [trends, facts] = [await hourlyTrends(db, feedIds, now), await tileFacts(db, company.id, feedIds, now)];
  const tile = (r: LatestReading) => ({
    ...r,
    ...(facts.get(r.feedId) ?? { rangeMin: null, rangeMax: null, online: false, offlineAt: null, reportingWindowMs: 0 }),
    trend: trends.get(r.feedId) ?? { t: [], avg: [], min: [], max: [] },
  });
  return {
    companyId: company.id,
    companyName: company.name,
    sites: sites.map((s) => ({ ...s, latest: (latest.get(s.id) ?? []).map(tile) })),
  };
}

/** Each site's hubs and the nodes behind them, quiet devices first at every level. */
async function plexusOf(db: Db, companyId: string, now: number): Promise<Plexus> {
  const scope = { companyId };
  const [sites, hubs, nodes] = [
    await siteNamesOf(db, companyId),
    await hubsIn(db, scope, now),
    await nodesIn(db, scope, now),
  ];
  const nodesOf = new Map<string, typeof nodes>();
  for (const n of nodes) nodesOf.set(n.hubId, [...(nodesOf.get(n.hubId) ?? []), n]);
  const quiet = (list: { online: boolean }[]) => list.filter((d) => !d.online).length;
  const entries = sites.map((s) => {
    const siteHubs = hubs
      .filter((h) => h.siteId === s.id)
      .map((h) => ({ ...h, nodes: (nodesOf.get(h.id) ?? []).sort(quietFirst) }))
      // Offline hubs first, then the hubs with the most quiet nodes.
      .sort((a, b) => (a.online !== b.online ? (a.online ? 1 : -1) : quiet(b.nodes) - quiet(a.nodes) || quietFirst(a, b)));
    const silent = siteHubs.reduce((sum, h) => sum + (h.online ? 0 : 1) + quiet(h.nodes), 0);
    return { entry: { siteId: s.id, siteName: s.name, hubs: siteHubs }, silent };
  });
  // Sites with quiet devices first (most first); the rest keep their name order.
  return entries.sort((a, b) => b.silent - a.silent).map((e) => e.entry);
}

/** The dashboard calls (docs/product.md, Screens and routes), the Admin Dashboard and Plexus. */
export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const now = () => deps.auth.now();

  app.get('/api/dashboard', async (req) => {
    const { companyId } = await requireTokenCompany(db, claimsOf(req));
    const company = (await findCompany(db, companyId))!;
    return { data: await dashboardOf(db, company, now()) };
  });

  app.get('/api/dashboard/company/:id', async (req) => {
    const { id: companyId } = parse(idParams, req.params);
    const company = await readableCompany(db, claimsOf(req), companyId);
    return { data: await dashboardOf(db, company, now()) };
  });

  app.get('/api/dashboard/:siteId/nodes', async (req) => {
    const { siteId } = parse(siteIdParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    return { data: await nodesWithFeeds(db, { companyId: site.companyId, siteId: site.id }, now()) };
  });

  app.get('/api/admin/overview', async (req) => {
    await requirePlatformAdmin(db, claimsOf(req));
    return { data: await companiesHealth(db, now()) };
  });

  app.get('/api/admin/glance', async (req) => {
    await requirePlatformAdmin(db, claimsOf(req));
    return { data: await adminGlance(db, now()) };
  });

  app.get('/api/plexus', async (req) => {
    const { companyId } = parse(plexusQuery, req.query);
    const company = await plexusCompany(db, claimsOf(req), companyId);
    return { data: await plexusOf(db, company, now()) };
  });
}
