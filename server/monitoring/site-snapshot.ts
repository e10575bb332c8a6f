import type { Db } from '../db/database';
import { badRequest, notFound, parse } from '../errors';
import { DEFAULT_SAFE_MAX, DEFAULT_SAFE_MIN, findSite, siteSummaries, type SiteRow } from '../db/sites.repository';
import { feedIdsAtSite, hubsIn, nodeIdsAtSite, nodesWithFeeds } from '../db/devices.repository';
import { feedsOfSite, type VisibleSite } from './site-access';
import { readSeriesJson } from './readings';
import { checkPointBudget } from './point-budget';
import { readingsRequest, type SiteBasicInfo } from '../../src/api/contract/monitoring';
import type { SharedDashboard } from '../../src/api/contract/shares';

/** Basic info of a site: the row as entered, the safe range with its default, and its counts. */
export async function basicInfo(db: Db, site: SiteRow, now: number): Promise<SiteBasicInfo> {
  const [counts] = await siteSummaries(db, { companyId: site.companyId, siteId: site.id }, now);
  const parent = site.parentSiteId ? await findSite(db, site.parentSiteId) : undefined;
  return {
    id: site.id, companyId: site.companyId, name: site.name, parentSiteId: site.parentSiteId, parentName: parent?.name ?? null,
    address: site.address, coordinates: site.coordinates, latitude: site.latitude, longitude: site.longitude,
    timezone: site.timezone, safeMin: site.safeMin ?? DEFAULT_SAFE_MIN, safeMax: site.safeMax ?? DEFAULT_SAFE_MAX,
    subSiteCount: counts?.subSiteCount ?? 0, hubCount: counts?.hubCount ?? 0, nodeCount: counts?.nodeCount ?? 0,
  };
}

/**
 * One site as a page opened without a session shows it (a shared link, a wall display): its basic info without what
 * points outside it (its company, its parent, its sub-sites), its hubs, and its nodes with their feeds' latest values.
 */
export async function oneSiteSnapshot(db: Db, site: SiteRow, now: number): Promise<Omit<SharedDashboard, 'expiresAt'>> {
  const scope = { companyId: site.companyId, siteId: site.id };
  const [info, hubs, nodes] = [await basicInfo(db, site, now), await hubsIn(db, scope, now), await nodesWithFeeds(db, scope, now)];
  return {
    site: {
      id: info.id, name: info.name, address: info.address, coordinates: info.coordinates, latitude: info.latitude, longitude: info.longitude,
      timezone: info.timezone, safeMin: info.safeMin, safeMax: info.safeMax, hubCount: info.hubCount, nodeCount: info.nodeCount,
    },
    hubs,
    nodes,
  };
}

/**
 * The feeds such a page may read: those of nodes at the site itself. The signed-in call also reads sub-sites; these
 * pages open one site, so a sub-site's feed is refused like another company's (404, naming nothing).
 */
async function checkOnlyThisSite(db: Db, site: VisibleSite, feedIds: string[] = [], nodeIds: string[] = []): Promise<void> {
  if ((await feedIdsAtSite(db, site, feedIds)).size !== new Set(feedIds).size) throw notFound('Feed not found');
  if ((await nodeIdsAtSite(db, site, nodeIds)).size !== new Set(nodeIds).size) throw notFound('Node not found');
}

/** The signed-in readings call's request and engine, on one site's own feeds, as JSON text; the body is checked first. */
export async function oneSiteSeries(db: Db, body: unknown, siteOf: () => Promise<SiteRow>): Promise<string> {
  const input = parse(readingsRequest, body);
  if (input.feedIds === undefined && input.nodeIds === undefined) {
    throw badRequest('feedIds: give feedIds or nodeIds', [{ path: 'feedIds', message: 'give feedIds or nodeIds' }]);
  }
  const site = await siteOf();
  await checkOnlyThisSite(db, site, input.feedIds, input.nodeIds);
  const feeds = await feedsOfSite(db, site, input.feedIds, input.nodeIds);
  checkPointBudget(input, feeds.length);
  return readSeriesJson(db, feeds, {
    from: Date.parse(input.from),
    to: Date.parse(input.to),
    interval: input.interval,
    aggregation: input.aggregation,
    view: input.dataViewType,
    maxPoints: input.maxPoints,
    timezone: site.timezone,
  });
}
