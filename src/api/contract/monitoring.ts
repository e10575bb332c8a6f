import { z } from 'zod';
import { id } from './common';

/** Intervals, aggregation modes and their semantics: docs/product.md, Readings. */
export const INTERVALS = ['15minutes', '30minutes', '1hour', '6hours', '12hours', '24hours'] as const;
export const interval = z.enum(INTERVALS);
export type Interval = z.infer<typeof interval>;
export const INTERVAL_MS: Record<Interval, number> = {
  '15minutes': 15 * 60_000,
  '30minutes': 30 * 60_000,
  '1hour': 3_600_000,
  '6hours': 6 * 3_600_000,
  '12hours': 12 * 3_600_000,
  '24hours': 24 * 3_600_000,
};

/** 0 value min, 1 value max, 2 average min-max, 3 average min, 4 average max, 5 value min-max, 6 value max-min. */
export const aggregation = z.number().int().min(0).max(6);
export type Aggregation = z.infer<typeof aggregation>;

export const DATA_VIEWS = ['RawData', 'ConsumptionOverTime', 'ConsumptionPeriod', 'Reading', 'MinMax'] as const;
export const dataViewType = z.enum(DATA_VIEWS);
export type DataViewType = z.infer<typeof dataViewType>;

const isoTime = z.iso.datetime({ offset: true });

/** The longest range one readings call may ask for. */
export const MAX_RANGE_DAYS = 400;

export const readingsRequest = z
  .strictObject({
    feedIds: z.array(id).max(200).optional(),
    nodeIds: z.array(id).max(200).optional(),
    from: isoTime,
    to: isoTime,
    interval,
    aggregation: aggregation.optional(),
    dataViewType,
    /** Points per series the client can draw (about two per pixel). */
    maxPoints: z.number().int().min(2).max(20_000).optional(),
  })
  .refine((r) => Date.parse(r.from) < Date.parse(r.to), { message: 'from must be before to', path: ['from'] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= MAX_RANGE_DAYS * 86_400_000, {
    message: `A range may span at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  });
export type ReadingsRequest = z.infer<typeof readingsRequest>;

/** One series as columnar arrays: one entry per bucket (or per stored reading for RawData without aggregation). */
export const readingSeries = z.object({
  feedId: id,
  nodeId: id,
  name: z.string(),
  unit: z.string(),
  /** Epoch ms of each bucket's start (or each reading). */
  t: z.array(z.number()),
  min: z.array(z.number()).optional(),
  max: z.array(z.number()).optional(),
  avg: z.array(z.number()).optional(),
  value: z.array(z.number()).optional(),
  spread: z.array(z.number()).optional(),
});
export type ReadingSeries = z.infer<typeof readingSeries>;
export const readingsResponse = z.object({ series: z.array(readingSeries) });
export type ReadingsResponse = z.infer<typeof readingsResponse>;

export const latestReading = z.object({
  feedId: id,
  nodeId: id,
  nodeName: z.string(),
  name: z.string(),
  unit: z.string(),
  value: z.number(),
  /** ISO 8601. */
  at: z.string(),
  /** Inside the feed's (or the site's fridge) range; null when the feed has none. */
  inRange: z.boolean().nullable(),
});
export type LatestReading = z.infer<typeof latestReading>;

/** A site as lists show it, with its health now. */
export const siteSummary = z.object({
  id,
  name: z.string(),
  parentSiteId: id.nullable(),
  timezone: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  subSiteCount: z.number().int(),
  hubCount: z.number().int(),
  nodeCount: z.number().int(),
  devicesOnline: z.number().int(),
  devicesOffline: z.number().int(),
  outOfRangeFeeds: z.number().int(),
  /** ISO 8601 of the newest reading of the site, or null. */
  lastReadingAt: z.string().nullable(),
});
export type SiteSummary = z.infer<typeof siteSummary>;
export const sitesResponse = z.array(siteSummary);

/** How many hours a dashboard tile's trend covers, the current hour included. */
export const TREND_HOURS = 24;

/**
 * A tile's trend: the feed's hourly rollups of the last TREND_HOURS hours, as columns (one entry per hour that has
 * readings; quiet hours are left out, as in every readings answer).
 */
export const hourlyTrend = z.object({
  /** Epoch ms of each hour's start (UTC hours). */
  t: z.array(z.number()).max(TREND_HOURS),
  avg: z.array(z.number()).max(TREND_HOURS),
  min: z.array(z.number()).max(TREND_HOURS),
  max: z.array(z.number()).max(TREND_HOURS),
});
export type HourlyTrend = z.infer<typeof hourlyTrend>;

/** A dashboard tile: the latest reading, the range it is judged by (drawn as a band), its node's status and its trend. */
export const dashboardReading = latestReading.extend({
  /** The feed's own range, else a fridge probe's site safe range; null where it has none. */
  rangeMin: z.number().nullable(),
  rangeMax: z.number().nullable(),
  /** The node reporting the feed is online: seen within 3 reporting periods of its hub (docs/product.md, Data model). */
  online: z.boolean(),
  /**
   * When the node will count as offline if nothing more arrives (ISO 8601; null if never seen), and the window a new
   * reading opens (3 reporting periods, ms): a live page turns a quiet node offline at the right moment without polling.
   */
  offlineAt: z.string().nullable(),
  reportingWindowMs: z.number().int().min(0),
  trend: hourlyTrend,
});
export type DashboardReading = z.infer<typeof dashboardReading>;

export const dashboardResponse = z.object({
  companyId: id,
  companyName: z.string(),
  sites: z.array(siteSummary.extend({ latest: z.array(dashboardReading) })),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

export const siteBasicInfo = z.object({
  id,
  companyId: id,
  name: z.string(),
  parentSiteId: id.nullable(),
  parentName: z.string().nullable(),
  address: z.string(),
  /** As entered. */
  coordinates: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** IANA time zone; buckets align to it. */
  timezone: z.string(),
  safeMin: z.number(),
  safeMax: z.number(),
  subSiteCount: z.number().int(),
  hubCount: z.number().int(),
  nodeCount: z.number().int(),
});
export type SiteBasicInfo = z.infer<typeof siteBasicInfo>;

export const feedInfo = z.object({
  id,
  name: z.string(),
  unit: z.string(),
  signalKey: z.string(),
  kind: z.enum(['instant', 'counter']),
  rangeMin: z.number().nullable(),
  rangeMax: z.number().nullable(),
  latest: z.object({ at: z.string(), value: z.number() }).nullable(),
});
export type FeedInfo = z.infer<typeof feedInfo>;

export const nodeInfo = z.object({
  id,
  name: z.string(),
  hubId: id,
  siteId: id,
  serial: z.string(),
  deviceType: z.string(),
  batteryPct: z.number().nullable(),
  signalDbm: z.number().nullable(),
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  tags: z.array(z.object({ id, name: z.string(), colour: z.string() })),
  feeds: z.array(feedInfo),
});
export type NodeInfo = z.infer<typeof nodeInfo>;
export const nodesResponse = z.array(nodeInfo);

export const hubInfo = z.object({
  id,
  siteId: id,
  name: z.string(),
  serial: z.string(),
  firmware: z.string(),
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  nodeCount: z.number().int(),
});
export type HubInfo = z.infer<typeof hubInfo>;
export const hubsResponse = z.array(hubInfo);

export const siteTree = z.object({ site: siteBasicInfo, hubs: z.array(hubInfo.extend({ nodes: z.array(nodeInfo) })) });
export type SiteTree = z.infer<typeof siteTree>;

/** GET /api/site-dashboard/check-permission/{id}: what the caller may do on that site (docs/product.md, Roles); a foreign site is 404. */
export const permissionResponse = z.strictObject({
  role: z.enum(['admin', 'manager', 'user', 'viewer']),
  /** Open the site dashboard and its readings. */
  view: z.boolean(),
  /** Export readings and share the dashboard (users and above; a viewer is read-only). */
  export: z.boolean(),
  /** Change the site, its hubs, nodes, feeds and alert rules (managers and admins). */
  manage: z.boolean(),
});
export type SitePermission = z.infer<typeof permissionResponse>;

/** POST /api/ingest: a hub's batch, authenticated by its API key (X-Api-Key). */
export const ingestRequest = z.strictObject({
  readings: z
    .array(z.strictObject({ feedId: id, ts: isoTime.or(z.number().int().nonnegative()), value: z.number().finite() }))
    .min(1)
    .max(10_000),
});
export const ingestResponse = z.object({ accepted: z.number().int(), duplicates: z.number().int() });

export const hubApiKeyCreated = z.object({ id, key: z.string(), label: z.string(), createdAt: z.string() });
export const hubApiKeySummary = z.object({ id, label: z.string(), createdAt: z.string(), revokedAt: z.string().nullable() });
export const hubApiKeysResponse = z.array(hubApiKeySummary);
export const createHubApiKeyRequest = z.strictObject({ label: z.string().trim().max(200).optional() });

/** Admin Dashboard: platform health per company. */
export const adminOverviewResponse = z.array(
  z.object({
    companyId: id,
    companyName: z.string(),
    customerType: z.enum(['UKE', 'Mackwell', 'EPS']),
    siteCount: z.number().int(),
    devicesOnline: z.number().int(),
    devicesOffline: z.number().int(),
    outOfRangeFeeds: z.number().int(),
  }),
);
export type AdminOverview = z.infer<typeof adminOverviewResponse>;

/** Plexus: each site's hubs and the nodes behind them, quiet devices first. */
export const plexusResponse = z.array(
  z.object({
    siteId: id,
    siteName: z.string(),
    hubs: z.array(hubInfo.extend({ nodes: z.array(nodeInfo.omit({ feeds: true, tags: true })) })),
  }),
);
export type Plexus = z.infer<typeof plexusResponse>;
