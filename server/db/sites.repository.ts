import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database';
import type { SitesTable } from './schema';
import { matchesAll, pageOf, type SortColumn } from './list';
import type { ListAnswer } from '../../src/api/contract/list';
import type { LatestReading, SiteSummary } from '../../src/api/contract/monitoring';
import type { SITE_SORTS as SITE_SORT_FIELDS, Site, SiteListQuery } from '../../src/api/contract/sites';

/** The fridge range a site has when it sets none (docs/product.md, Data model: 2–8 °C). */
export const DEFAULT_SAFE_MIN = 2;
export const DEFAULT_SAFE_MAX = 8;

/** At most this many latest readings per site on the dashboard. */
export const LATEST_PER_SITE = 6;

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

// ---------- shared SQL fragments (aliases: n nodes, h hubs, f feeds, s sites, st signal_types, fl feed_latest) ----------

/**
 * A device is online when seen within 3 reporting periods of its hub (docs/product.md, Data model). Written as "seen + window ≥ now"
 * so PostgreSQL types the parameter as bigint from the column.
 */
export const onlineSql = (alias: 'n' | 'h', now: number) =>
  sql<number>`CASE WHEN ${sql.ref(`${alias}.last_seen_at`)} IS NOT NULL AND ${sql.ref(`${alias}.last_seen_at`)} + 3000 * h.reporting_period_s >= ${now} THEN 1 ELSE 0 END`;

/**
 * onlineSql for the nodes of hub `h`, written as a range of nodes_hub_seen (hub_id, last_seen_at) so each hub's nodes
 * online are counted inside that index. `now` is a literal: a parameter in the subtraction would be typed int4 by
 * PostgreSQL, too small for epoch milliseconds.
 */
const nodesOnlineSql = (now: number) => sql`n.last_seen_at >= ${sql.lit(Math.trunc(now))} - 3000 * h.reporting_period_s`;

/** The range a feed is judged by: its own, else for a fridge probe's temperature the site's safe range (2–8 °C by default). */
const fridgeTemperature = sql`n.device_type = 'Fridge Probe' AND st.${sql.ref('key')} = 'temperature'`;
export const effMinSql = sql<number | null>`COALESCE(f.range_min, CASE WHEN ${fridgeTemperature} THEN COALESCE(s.safe_min, ${sql.lit(DEFAULT_SAFE_MIN)}) END)`;
export const effMaxSql = sql<number | null>`COALESCE(f.range_max, CASE WHEN ${fridgeTemperature} THEN COALESCE(s.safe_max, ${sql.lit(DEFAULT_SAFE_MAX)}) END)`;
/** 1 when the feed's latest value is outside its range, 0 when inside or when it has no range. */
export const outOfRangeSql = sql<number>`CASE WHEN fl.${sql.ref('value')} < ${effMinSql} OR fl.${sql.ref('value')} > ${effMaxSql} THEN 1 ELSE 0 END`;
/** The order signals are shown in: what people watch most first. */
export const signalRankSql = sql<number>`CASE st.${sql.ref('key')} WHEN 'temperature' THEN 0 WHEN 'humidity' THEN 1 WHEN 'energy' THEN 2 WHEN 'water' THEN 3 WHEN 'battery' THEN 4 ELSE 5 END`;
/** feed_latest with everything the range needs. */
export const latestJoinSql = sql`feed_latest fl
  JOIN feeds f ON f.id = fl.feed_id
  JOIN nodes n ON n.id = f.node_id
  JOIN sites s ON s.id = n.site_id
  JOIN signal_types st ON st.id = f.signal_type_id`;

// ---------- sites ----------

export type SiteRow = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;
export type SiteChangeRow = Updateable<SitesTable>;

export const findSite = (db: Db, id: string): Promise<SiteRow | undefined> => db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();

/** The site with this id; throws Kysely's NoResultError when there is none. */
export const getSite = (db: Db, id: string): Promise<SiteRow> => db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The site with this id when it belongs to the company; unknown and foreign ids alike are undefined. */
/** A company's sites by name (ids and names only): the tree's first level. */
export const siteNamesOf = (db: Db, companyId: string): Promise<{ id: string; name: string }[]> =>
  db.selectFrom('sites').select(['id', 'name']).where('companyId', '=', companyId).orderBy('name').orderBy('id').execute();

export const findCompanySite = (db: Db, companyId: string, id: string): Promise<SiteRow | undefined> =>
  db.selectFrom('sites').selectAll().where('id', '=', id).where('companyId', '=', companyId).executeTakeFirst();

export type SiteScope = { companyId: string; parentSiteId?: string; siteId?: string };

/** The site's own columns and, from raw SQL, its counts (PostgreSQL answers aggregates and int8 as strings). */
type SummaryRow = Pick<SiteRow, 'id' | 'name' | 'parentSiteId' | 'timezone' | 'address' | 'coordinates' | 'latitude' | 'longitude' | 'safeMin' | 'safeMax'> & {
  parentName: string | null;
  subSiteCount: number | string;
  hubCount: number | string;
  hubsOnline: number | string;
  nodeCount: number | string;
  nodesOnline: number | string;
  outOfRangeFeeds: number | string;
  lastReadingAt: number | string | null;
};

/**
 * Sites of one company with their health now, as one derived table `x` that lists and single sites filter, sort and
 * page: every count is a grouped subquery over the company's rows (each table carries company_id), so the cost does
 * not grow with a per-site query. Nodes are counted per hub and summed per hub's site (a node's site is its hub's):
 * inside nodes_hub_seen, where joining every node to its hub read 50,000 rows at random (100 ms → 15 ms).
 */
function summaries(db: Db, companyId: string, now: number) {
  const c = companyId;
  return db
    .selectFrom(
      sql<SummaryRow>`(
    SELECT s.id, s.name, s.parent_site_id, p.name AS parent_name, s.timezone, s.address, s.coordinates, s.latitude, s.longitude,
      s.safe_min, s.safe_max,
      COALESCE(sub.sub_site_count, 0) AS sub_site_count,
      COALESCE(hs.hub_count, 0) AS hub_count, COALESCE(hs.hubs_online, 0) AS hubs_online,
      COALESCE(ns.node_count, 0) AS node_count, COALESCE(ns.nodes_online, 0) AS nodes_online,
      COALESCE(fs.out_of_range_feeds, 0) AS out_of_range_feeds, fs.last_reading_at
    FROM sites s
    LEFT JOIN sites p ON p.id = s.parent_site_id
    LEFT JOIN (
      SELECT parent_site_id, COUNT(*) AS sub_site_count FROM sites
      WHERE company_id = ${c} AND parent_site_id IS NOT NULL GROUP BY parent_site_id
    ) sub ON sub.parent_site_id = s.id
    LEFT JOIN (
      SELECT h.site_id, COUNT(*) AS hub_count, SUM(${onlineSql('h', now)}) AS hubs_online FROM hubs h
      WHERE h.company_id = ${c} GROUP BY h.site_id
    ) hs ON hs.site_id = s.id
    LEFT JOIN (
      SELECT h.site_id,
        SUM((SELECT COUNT(*) FROM nodes n WHERE n.hub_id = h.id)) AS node_count,
        SUM((SELECT COUNT(*) FROM nodes n WHERE n.hub_id = h.id AND ${nodesOnlineSql(now)})) AS nodes_online
      FROM hubs h WHERE h.company_id = ${c} GROUP BY h.site_id
    ) ns ON ns.site_id = s.id
    LEFT JOIN (
      SELECT n.site_id, SUM(${outOfRangeSql}) AS out_of_range_feeds, MAX(fl.ts) AS last_reading_at
      FROM ${latestJoinSql}
      WHERE f.company_id = ${c} GROUP BY n.site_id
    ) fs ON fs.site_id = s.id
    WHERE s.company_id = ${c})`.as('x'),
    )
    .selectAll();
}

function toSummary(r: SummaryRow): SiteSummary {
  const devices = Number(r.hubCount) + Number(r.nodeCount);
  const online = Number(r.hubsOnline) + Number(r.nodesOnline);
  return {
    id: r.id, name: r.name, parentSiteId: r.parentSiteId, timezone: r.timezone, address: r.address,
    latitude: r.latitude, longitude: r.longitude, subSiteCount: Number(r.subSiteCount), hubCount: Number(r.hubCount),
    nodeCount: Number(r.nodeCount), devicesOnline: online, devicesOffline: devices - online,
    outOfRangeFeeds: Number(r.outOfRangeFeeds), lastReadingAt: iso(r.lastReadingAt),
  };
}

/** The sites resource's item: the summary the dashboards read, plus what the management screen edits. */
const toSite = (r: SummaryRow): Site => ({
  ...toSummary(r), parentName: r.parentName, coordinates: r.coordinates, low: r.safeMin, high: r.safeMax,
});

/** Sites of one company with their health now, ordered by name. */
export async function siteSummaries(db: Db, scope: SiteScope, now: number): Promise<SiteSummary[]> {
  let q = summaries(db, scope.companyId, now);
  if (scope.parentSiteId !== undefined) q = q.where('x.parentSiteId', '=', scope.parentSiteId);
  if (scope.siteId !== undefined) q = q.where('x.id', '=', scope.siteId);
  const rows = await q.orderBy('x.name').orderBy('x.id').execute();
  return rows.map(toSummary);
}

const SITE_SORTS: Record<(typeof SITE_SORT_FIELDS)[number], SortColumn> = {
  name: { ref: 'x.name', text: true },
  timezone: { ref: 'x.timezone', text: true },
  hubCount: { ref: 'x.hubCount' },
  nodeCount: { ref: 'x.nodeCount' },
};

/** `GET /api/sites` (docs/product.md, Management): one page of the company's sites, filtered by name and parent, and the count of all. */
export async function listSites(db: Db, companyId: string, params: SiteListQuery, now: number): Promise<ListAnswer<Site>> {
  let q = summaries(db, companyId, now);
  if (params.q) q = q.where(matchesAll([sql.ref('x.name')], params.q));
  if (params.parentSiteId !== undefined) q = q.where('x.parentSiteId', '=', params.parentSiteId);
  const page = await pageOf(q, params, SITE_SORTS, 'name', 'x.id');
  return { data: page.data.map(toSite), total: page.total };
}

export async function siteView(db: Db, row: SiteRow, now: number): Promise<Site> {
  return toSite(await summaries(db, row.companyId, now).where('x.id', '=', row.id).executeTakeFirstOrThrow());
}

export async function insertSite(db: Db, row: NewSite): Promise<void> {
  await db.insertInto('sites').values(row).execute();
}

export async function updateSite(db: Db, id: string, change: SiteChangeRow): Promise<void> {
  await db.updateTable('sites').set(change).where('id', '=', id).execute();
}

export async function deleteSite(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sites').where('id', '=', id).execute();
}

/** How many rows of `table` hang off the site through `column`, and a few of their names. */
async function namedCount(db: Db, table: 'sites' | 'hubs', column: 'parentSiteId' | 'siteId', siteId: string, sample: number) {
  const [count, names] = await Promise.all([
    db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where(column, '=', siteId).executeTakeFirst(),
    db.selectFrom(table).select('name').where(column, '=', siteId).orderBy('name').limit(sample).execute(),
  ]);
  return { count: Number(count?.n ?? 0), names: names.map((r) => r.name) };
}

/** The site's sub-sites: how many, and a few names. */
export const subSitesOf = (db: Db, siteId: string, sample = 3) => namedCount(db, 'sites', 'parentSiteId', siteId, sample);

/** The hubs at the site: how many, and a few names. */
export const hubsAt = (db: Db, siteId: string, sample = 3) => namedCount(db, 'hubs', 'siteId', siteId, sample);

interface LatestRow {
  siteId: string;
  feedId: string;
  nodeId: string;
  nodeName: string;
  feedName: string;
  unit: string;
  value: number;
  ts: number | string;
  effMin: number | null;
  effMax: number | null;
}

/**
 * The latest readings shown per site: out-of-range feeds first, then the medication fridges, then one of each kind of
 * signal before a second of any (so a site of fifty lights still shows its temperatures), at most `perSite`, ranked
 * inside the database.
 */
export async function latestBySite(db: Db, companyId: string, perSite = LATEST_PER_SITE): Promise<Map<string, LatestReading[]>> {
  const { rows } = await sql<LatestRow>`
    SELECT site_id, feed_id, node_id, node_name, feed_name, unit, ${sql.ref('value')}, ts, eff_min, eff_max FROM (
      SELECT x.*, ROW_NUMBER() OVER (PARTITION BY x.site_id ORDER BY x.in_range_rank, x.fridge_rank, x.kind_rank, x.signal_rank, x.node_name, x.feed_id) AS rn
      FROM (
        SELECT n.site_id, f.id AS feed_id, n.id AS node_id, n.name AS node_name, f.name AS feed_name, st.unit,
          fl.${sql.ref('value')}, fl.ts, ${effMinSql} AS eff_min, ${effMaxSql} AS eff_max,
          1 - ${outOfRangeSql} AS in_range_rank, ${signalRankSql} AS signal_rank,
          CASE WHEN ${fridgeTemperature} THEN 0 ELSE 1 END AS fridge_rank,
          ROW_NUMBER() OVER (PARTITION BY n.site_id, st.${sql.ref('key')} ORDER BY n.name, f.id) AS kind_rank
        FROM ${latestJoinSql}
        WHERE f.company_id = ${companyId}
      ) x
    ) y
    WHERE rn <= ${perSite}
    ORDER BY site_id, rn`.execute(db);
  const out = new Map<string, LatestReading[]>();
  for (const r of rows) {
    let list = out.get(r.siteId);
    if (!list) out.set(r.siteId, (list = []));
    list.push(toLatest(r));
  }
  return out;
}

function toLatest(r: LatestRow): LatestReading {
  const hasRange = r.effMin !== null || r.effMax !== null;
  const inRange = !hasRange ? null : !((r.effMin !== null && r.value < r.effMin) || (r.effMax !== null && r.value > r.effMax));
  return {
    feedId: r.feedId, nodeId: r.nodeId, nodeName: r.nodeName, name: r.feedName, unit: r.unit, value: r.value,
    at: iso(r.ts)!, inRange,
  };
}

export interface CompanyHealth {
  companyId: string;
  companyName: string;
  customerType: 'UKE' | 'Mackwell' | 'EPS';
  siteCount: number;
  devicesOnline: number;
  devicesOffline: number;
  outOfRangeFeeds: number;
}

/** Every company's health now (the Admin Dashboard), grouped per company inside the database. */
export async function companiesHealth(db: Db, now: number): Promise<CompanyHealth[]> {
  const { rows } = await sql<Record<string, number | string | null>>`
    SELECT c.id AS company_id, c.name AS company_name, c.customer_type,
      COALESCE(sc.site_count, 0) AS site_count,
      COALESCE(hc.devices, 0) + COALESCE(nc.devices, 0) AS devices,
      COALESCE(hc.online, 0) + COALESCE(nc.online, 0) AS online,
      COALESCE(oc.out_of_range_feeds, 0) AS out_of_range_feeds
    FROM companies c
    LEFT JOIN (SELECT company_id, COUNT(*) AS site_count FROM sites GROUP BY company_id) sc ON sc.company_id = c.id
    LEFT JOIN (
      SELECT h.company_id, COUNT(*) AS devices, SUM(${onlineSql('h', now)}) AS online FROM hubs h GROUP BY h.company_id
    ) hc ON hc.company_id = c.id
    LEFT JOIN (
      SELECT n.company_id, COUNT(*) AS devices, SUM(${onlineSql('n', now)}) AS online
      FROM nodes n JOIN hubs h ON h.id = n.hub_id GROUP BY n.company_id
    ) nc ON nc.company_id = c.id
    LEFT JOIN (
      SELECT f.company_id, SUM(${outOfRangeSql}) AS out_of_range_feeds FROM ${latestJoinSql} GROUP BY f.company_id
    ) oc ON oc.company_id = c.id
    ORDER BY c.name, c.id`.execute(db);
  return rows.map((r) => ({
    companyId: String(r.companyId), companyName: String(r.companyName), customerType: r.customerType as CompanyHealth['customerType'],
    siteCount: Number(r.siteCount), devicesOnline: Number(r.online), devicesOffline: Number(r.devices) - Number(r.online),
    outOfRangeFeeds: Number(r.outOfRangeFeeds),
  }));
}
