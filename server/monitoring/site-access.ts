import type { Db } from '../db/database';
import type { AccessClaims } from '../auth/tokens';
import { findMembership, findUserById } from '../db/users.repository';
import { notFound } from '../errors';
import type { SeriesFeed } from './readings';

/**
 * Who may see what of the monitoring world. An admin acting as themselves sees every company (docs/product.md, Roles: the provider,
 * platform-wide); everyone else — shadows included — sees the token's company only, and only while still a member
 * (a company shadow acts as its manager). Anything else is 404, so ids of other companies reveal nothing.
 */
export async function isPlatformAdmin(db: Db, claims: AccessClaims): Promise<boolean> {
  if (claims.act || claims.role !== 'admin') return false;
  return (await findUserById(db, claims.sub))?.platformRole === 'admin';
}

/** The role the token acts with in `companyId`, or null when it may not see that company. */
export async function roleIn(db: Db, claims: AccessClaims, companyId: string): Promise<'admin' | 'manager' | 'user' | 'viewer' | null> {
  if (await isPlatformAdmin(db, claims)) return 'admin';
  if (claims.cid !== companyId) return null;
  if (claims.shd === 'company') return 'manager';
  return (await findMembership(db, claims.sub, companyId))?.role ?? null;
}

export interface VisibleSite {
  id: string;
  companyId: string;
  timezone: string;
}

/** The site when the token may read it; 404 otherwise (unknown and foreign alike). */
export async function readableSite(db: Db, claims: AccessClaims, siteId: string): Promise<VisibleSite> {
  const site = await db.selectFrom('sites').select(['id', 'companyId', 'timezone']).where('id', '=', siteId).executeTakeFirst();
  if (!site || !(await roleIn(db, claims, site.companyId))) throw notFound('Site not found');
  return site;
}

/** The site and all its sub-sites, at any depth. */
export async function siteAndDescendants(db: Db, site: VisibleSite): Promise<Set<string>> {
  const all = await db.selectFrom('sites').select(['id', 'parentSiteId']).where('companyId', '=', site.companyId).execute();
  const children = new Map<string, string[]>();
  for (const s of all) if (s.parentSiteId) children.set(s.parentSiteId, [...(children.get(s.parentSiteId) ?? []), s.id]);
  const out = new Set<string>([site.id]);
  const queue = [site.id];
  while (queue.length) {
    for (const c of children.get(queue.pop()!) ?? []) {
      if (!out.has(c)) {
        out.add(c);
        queue.push(c);
      }
    }
  }
  return out;
}

const feedColumns = ['feeds.id', 'feeds.nodeId', 'feeds.name', 'feeds.companyId', 'nodes.siteId', 'signalTypes.unit', 'signalTypes.kind', 'sites.timezone'] as const;

function feedQuery(db: Db) {
  return db
    .selectFrom('feeds')
    .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
    .innerJoin('sites', 'sites.id', 'nodes.siteId')
    .innerJoin('signalTypes', 'signalTypes.id', 'feeds.signalTypeId')
    .select(feedColumns);
}

/**
 * The feeds a readings call names — `feedIds` in their order, then the feeds of `nodeIds` (node order, then feed name)
 * — each checked to belong to the site or one of its sub-sites. Any other id is a 404 naming nothing.
 */
export async function feedsOfSite(db: Db, site: VisibleSite, feedIds: string[] = [], nodeIds: string[] = []): Promise<SeriesFeed[]> {
  if (feedIds.length === 0 && nodeIds.length === 0) return [];
  const scope = await siteAndDescendants(db, site);
  const inScope = (r: { companyId: string; siteId: string }) => r.companyId === site.companyId && scope.has(r.siteId);
  const toFeed = (r: { id: string; nodeId: string; name: string; unit: string; kind: 'instant' | 'counter'; timezone: string }): SeriesFeed => ({
    feedId: r.id, nodeId: r.nodeId, name: r.name, unit: r.unit, kind: r.kind, timezone: r.timezone,
  });
  const out: SeriesFeed[] = [];
  const seen = new Set<string>();
  if (feedIds.length) {
    const rows = await feedQuery(db).where('feeds.id', 'in', feedIds).execute();
    const by = new Map(rows.filter(inScope).map((r) => [r.id, r]));
    for (const id of feedIds) {
      const r = by.get(id);
      if (!r) throw notFound('Feed not found');
      if (!seen.has(id)) out.push(toFeed(r));
      seen.add(id);
    }
  }
  if (nodeIds.length) {
    const nodes = await db.selectFrom('nodes').select(['id', 'companyId', 'siteId']).where('id', 'in', nodeIds).execute();
    const known = new Set(nodes.filter(inScope).map((n) => n.id));
    if (nodeIds.some((id) => !known.has(id))) throw notFound('Node not found');
    const rows = await feedQuery(db).where('feeds.nodeId', 'in', nodeIds).orderBy('feeds.name').orderBy('feeds.id').execute();
    for (const nodeId of nodeIds) {
      for (const r of rows) {
        if (r.nodeId === nodeId && !seen.has(r.id)) {
          out.push(toFeed(r));
          seen.add(r.id);
        }
      }
    }
  }
  return out;
}
