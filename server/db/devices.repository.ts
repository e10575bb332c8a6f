import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from './database';
import type { HubsTable, NodesTable } from './schema';
import type { FeedInfo, HubInfo, NodeInfo } from '../../src/api/contract/monitoring';
import { effMaxSql, effMinSql, onlineSql, signalRankSql } from './sites.repository';

/** An epoch-ms time as the API answers it; null stays null. */
export const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Which devices a query covers: one site's, or a whole company's. Both carry the company so no row crosses tenants. */
export type DeviceScope = { companyId: string; siteId?: string };

const where = (alias: 'n' | 'h', scope: DeviceScope): RawBuilder<unknown> =>
  scope.siteId === undefined
    ? sql`${sql.ref(`${alias}.company_id`)} = ${scope.companyId}`
    : sql`${sql.ref(`${alias}.company_id`)} = ${scope.companyId} AND ${sql.ref(`${alias}.site_id`)} = ${scope.siteId}`;

/** Raw SQL: times, flags and counts may arrive as strings (PostgreSQL int8 and aggregates). */
type HubRow = Pick<Selectable<HubsTable>, 'id' | 'siteId' | 'name' | 'serial' | 'firmware'> & {
  lastSeenAt: number | string | null;
  online: number | string;
  nodeCount: number | string;
};

/** Hubs with their status and node count, by name. */
export async function hubsIn(db: Db, scope: DeviceScope, now: number): Promise<HubInfo[]> {
  const { rows } = await sql<HubRow>`
    SELECT h.id, h.site_id, h.name, h.serial, h.firmware, h.last_seen_at, ${onlineSql('h', now)} AS online,
      COALESCE(nc.node_count, 0) AS node_count
    FROM hubs h
    LEFT JOIN (SELECT hub_id, COUNT(*) AS node_count FROM nodes n WHERE ${where('n', scope)} GROUP BY hub_id) nc ON nc.hub_id = h.id
    WHERE ${where('h', scope)}
    ORDER BY h.name, h.id`.execute(db);
  return rows.map((r) => ({
    id: r.id, siteId: r.siteId, name: r.name, serial: r.serial, firmware: r.firmware, lastSeenAt: iso(r.lastSeenAt),
    online: Number(r.online) === 1, nodeCount: Number(r.nodeCount),
  }));
}

export type NodeCore = Omit<NodeInfo, 'feeds' | 'tags'>;

type NodeRow = Pick<Selectable<NodesTable>, 'id' | 'name' | 'hubId' | 'siteId' | 'serial' | 'deviceType' | 'batteryPct' | 'signalDbm'> & {
  lastSeenAt: number | string | null;
  online: number | string;
};

/** Nodes with their link health, by name. */
export async function nodesIn(db: Db, scope: DeviceScope, now: number): Promise<NodeCore[]> {
  const { rows } = await sql<NodeRow>`
    SELECT n.id, n.name, n.hub_id, n.site_id, n.serial, n.device_type, n.battery_pct, n.signal_dbm, n.last_seen_at,
      ${onlineSql('n', now)} AS online
    FROM nodes n JOIN hubs h ON h.id = n.hub_id
    WHERE ${where('n', scope)}
    ORDER BY n.name, n.id`.execute(db);
  return rows.map((r) => ({
    id: r.id, name: r.name, hubId: r.hubId, siteId: r.siteId, serial: r.serial, deviceType: r.deviceType,
    batteryPct: r.batteryPct, signalDbm: r.signalDbm, lastSeenAt: iso(r.lastSeenAt), online: Number(r.online) === 1,
  }));
}

interface FeedRow {
  id: string;
  nodeId: string;
  name: string;
  unit: string;
  signalKey: string;
  kind: 'instant' | 'counter';
  effMin: number | null;
  effMax: number | null;
  latestTs: number | string | null;
  latestValue: number | null;
}

/**
 * Nodes with their tags and feeds (each with its range and latest value) in three statements, joined here by id.
 * A feed's range is the one it is judged by: its own, else the site's fridge range for a fridge probe's temperature.
 */
export async function nodesWithFeeds(db: Db, scope: DeviceScope, now: number): Promise<NodeInfo[]> {
  const nodes = await nodesIn(db, scope, now);
  if (nodes.length === 0) return [];
  const { rows: feeds } = await sql<FeedRow>`
    SELECT f.id, f.node_id, f.name, st.unit, st.${sql.ref('key')} AS signal_key, st.kind,
      ${effMinSql} AS eff_min, ${effMaxSql} AS eff_max, fl.ts AS latest_ts, fl.${sql.ref('value')} AS latest_value
    FROM feeds f
    JOIN nodes n ON n.id = f.node_id
    JOIN sites s ON s.id = n.site_id
    JOIN signal_types st ON st.id = f.signal_type_id
    LEFT JOIN feed_latest fl ON fl.feed_id = f.id
    WHERE ${where('n', scope)}
    ORDER BY ${signalRankSql}, f.name, f.id`.execute(db);
  const tags = await db
    .selectFrom('nodeTagLinks')
    .innerJoin('nodeTags', 'nodeTags.id', 'nodeTagLinks.tagId')
    .innerJoin('nodes', 'nodes.id', 'nodeTagLinks.nodeId')
    .select(['nodeTagLinks.nodeId', 'nodeTags.id', 'nodeTags.name', 'nodeTags.colour'])
    .where('nodes.companyId', '=', scope.companyId)
    .$if(scope.siteId !== undefined, (q) => q.where('nodes.siteId', '=', scope.siteId!))
    .orderBy('nodeTags.name')
    .orderBy('nodeTags.id')
    .execute();
  const feedsOf = new Map<string, FeedInfo[]>();
  for (const f of feeds) {
    let list = feedsOf.get(f.nodeId);
    if (!list) feedsOf.set(f.nodeId, (list = []));
    list.push({
      id: f.id, name: f.name, unit: f.unit, signalKey: f.signalKey, kind: f.kind, rangeMin: f.effMin, rangeMax: f.effMax,
      latest: f.latestTs === null || f.latestValue === null ? null : { at: iso(f.latestTs)!, value: f.latestValue },
    });
  }
  const tagsOf = new Map<string, NodeInfo['tags']>();
  for (const t of tags) {
    let list = tagsOf.get(t.nodeId);
    if (!list) tagsOf.set(t.nodeId, (list = []));
    list.push({ id: t.id, name: t.name, colour: t.colour });
  }
  return nodes.map((n) => ({ ...n, tags: tagsOf.get(n.id) ?? [], feeds: feedsOf.get(n.id) ?? [] }));
}

/** Quiet first: offline before online, then the longest silent (never seen first), then by name. */
export function quietFirst<T extends { online: boolean; lastSeenAt: string | null; name: string; id: string }>(a: T, b: T): number {
  if (a.online !== b.online) return a.online ? 1 : -1;
  if (!a.online) {
    const sa = a.lastSeenAt === null ? -Infinity : Date.parse(a.lastSeenAt);
    const sb = b.lastSeenAt === null ? -Infinity : Date.parse(b.lastSeenAt);
    if (sa !== sb) return sa - sb;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Which of these feeds belong to nodes at the site itself (not its sub-sites) in its company. */
export async function feedIdsAtSite(db: Db, site: { id: string; companyId: string }, feedIds: readonly string[]): Promise<Set<string>> {
  if (!feedIds.length) return new Set();
  const rows = await db
    .selectFrom('feeds')
    .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
    .select('feeds.id')
    .where('feeds.id', 'in', feedIds)
    .where('nodes.siteId', '=', site.id)
    .where('feeds.companyId', '=', site.companyId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these nodes are at the site itself (not its sub-sites) in its company. */
export async function nodeIdsAtSite(db: Db, site: { id: string; companyId: string }, nodeIds: readonly string[]): Promise<Set<string>> {
  if (!nodeIds.length) return new Set();
  const rows = await db.selectFrom('nodes').select('id').where('id', 'in', nodeIds).where('siteId', '=', site.id).where('companyId', '=', site.companyId).execute();
  return new Set(rows.map((r) => r.id));
}
