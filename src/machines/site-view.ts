import type { Aggregation, DataViewType, FeedInfo, Interval, NodeInfo, ReadingsRequest, SiteBasicInfo } from '../api/contract/monitoring';
import { DATA_VIEWS, INTERVAL_MS, INTERVALS } from '../api/contract/monitoring';

/*
 * The site dashboard's view as data: what it shows, how that reads from and writes to the URL, the readings call it
 * makes, and how a value is judged against its range. Pure functions; the machine and the views share them.
 */

/** What the view shows: mirrored in the URL so a view can be bookmarked and shared. */
export interface SiteView {
  siteId: string | null;
  interval: Interval;
  /** null: RawData without aggregation (the stored readings). */
  aggregation: Aggregation | null;
  dataViewType: DataViewType;
  /** ISO 8601 range; null means the last `days` days up to now. */
  from: string | null;
  to: string | null;
  days: number;
  feedIds: string[];
  /** A node to show (the palette opens nodes): its feeds are selected once the nodes arrive. Not kept in the URL. */
  nodeId?: string | null;
}

export const DEFAULT_VIEW: SiteView = {
  siteId: null,
  interval: '1hour',
  aggregation: 2,
  dataViewType: 'RawData',
  from: null,
  to: null,
  days: 7,
  feedIds: [],
};

/** How many feeds are drawn when the URL names none. */
export const DEFAULT_FEEDS = 6;

/** Reads a view from a URL query string; anything unknown falls back to the default. */
export function viewFromSearch(search: string): SiteView {
  const q = new URLSearchParams(search);
  const interval = q.get('interval');
  const agg = q.get('agg');
  const dv = q.get('view');
  const days = Number(q.get('days'));
  const from = q.get('from');
  const to = q.get('to');
  const validIso = (s: string | null) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null);
  const f = validIso(from);
  const t = validIso(to);
  return {
    siteId: q.get('site') || null,
    interval: (INTERVALS as readonly string[]).includes(interval ?? '') ? (interval as Interval) : DEFAULT_VIEW.interval,
    aggregation: agg === 'none' ? null : agg !== null && /^[0-6]$/.test(agg) ? (Number(agg) as Aggregation) : DEFAULT_VIEW.aggregation,
    dataViewType: (DATA_VIEWS as readonly string[]).includes(dv ?? '') ? (dv as DataViewType) : DEFAULT_VIEW.dataViewType,
    from: f && t && Date.parse(f) < Date.parse(t) ? f : null,
    to: f && t && Date.parse(f) < Date.parse(t) ? t : null,
    days: Number.isInteger(days) && days >= 1 && days <= 366 ? days : DEFAULT_VIEW.days,
    feedIds: (q.get('feeds') ?? '').split(',').filter((x) => x.length > 0 && x.length <= 64).slice(0, 50),
    ...(q.get('node') ? { nodeId: q.get('node') } : {}),
  };
}

/** The query string of a view; defaults are left out so URLs stay short. */
export function searchOf(v: SiteView): string {
  const q = new URLSearchParams();
  if (v.siteId) q.set('site', v.siteId);
  if (v.interval !== DEFAULT_VIEW.interval) q.set('interval', v.interval);
  if (v.aggregation !== DEFAULT_VIEW.aggregation) q.set('agg', v.aggregation === null ? 'none' : String(v.aggregation));
  if (v.dataViewType !== DEFAULT_VIEW.dataViewType) q.set('view', v.dataViewType);
  if (v.from && v.to) {
    q.set('from', v.from);
    q.set('to', v.to);
  } else if (v.days !== DEFAULT_VIEW.days) q.set('days', String(v.days));
  if (v.feedIds.length) q.set('feeds', v.feedIds.join(','));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The readings call of a view at a moment; counters' views and Reading need no aggregation. */
export function readingsQuery(v: SiteView, now: number, maxPoints: number): ReadingsRequest {
  const to = v.to ?? new Date(now).toISOString();
  const from = v.from ?? new Date(now - v.days * 86_400_000).toISOString();
  const q: ReadingsRequest = { feedIds: v.feedIds, from, to, interval: v.interval, dataViewType: v.dataViewType, maxPoints };
  if (v.aggregation !== null) q.aggregation = v.aggregation;
  return q;
}

/** The part of a view that shapes a readings answer: the chart and the tiles draw an answer by the view it answers. */
export type AnsweredView = Pick<SiteView, 'dataViewType' | 'interval' | 'aggregation'>;

/** The bucket length of an answer, or null for stored readings (RawData without aggregation), which have no buckets. */
export function bucketMsOf(v: AnsweredView): number | null {
  return v.dataViewType === 'RawData' && v.aggregation === null ? null : INTERVAL_MS[v.interval];
}

/**
 * A value judged by its feed's own range, or, for a fridge probe's temperature without one, by the site's safe range
 * (docs/product.md, Data model); null when there is no range to judge it by.
 */
export function rangeOf(feed: Pick<FeedInfo, 'rangeMin' | 'rangeMax' | 'signalKey'>, deviceType: string, value: number, site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null): 'in' | 'out' | null {
  const r = boundsOf(feed, deviceType, site);
  if (r === null) return null;
  return (r.min !== null && value < r.min) || (r.max !== null && value > r.max) ? 'out' : 'in';
}

/** The range rangeOf judges by (an open end is null), or null when there is none: the tiles draw it as a band. */
export function boundsOf(feed: Pick<FeedInfo, 'rangeMin' | 'rangeMax' | 'signalKey'>, deviceType: string, site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null): { min: number | null; max: number | null } | null {
  if (feed.rangeMin !== null || feed.rangeMax !== null) return { min: feed.rangeMin, max: feed.rangeMax };
  if (site === null || feed.signalKey !== 'temperature' || deviceType !== 'Fridge Probe') return null;
  return { min: site.safeMin, max: site.safeMax };
}

/** A feed with the node it belongs to: the site dashboard's lists and chart work on these. */
export type SiteFeed = FeedInfo & { node: NodeInfo };

// The order signal types are read in, as the company dashboard's site cards order them (server/db/sites.repository.ts).
const SIGNAL_ORDER = ['temperature', 'humidity', 'energy', 'water', 'battery'];
const signalRank = (key: string) => {
  const i = SIGNAL_ORDER.indexOf(key);
  return i < 0 ? SIGNAL_ORDER.length : i;
};

// Absent range fields count as none, as null ones do: a partial feed must not rank as ranged.
const hasRange = (f: Pick<FeedInfo, 'rangeMin' | 'rangeMax'>) => (f.rangeMin ?? null) !== null || (f.rangeMax ?? null) !== null;

/** A medication fridge's probe: the feeds the site's safe range (and its compliance report) is about. */
export const isFridgeFeed = (feed: Pick<FeedInfo, 'signalKey'>, deviceType: string) => feed.signalKey === 'temperature' && deviceType === 'Fridge Probe';

/**
 * A site's feeds in the order that answers "is anything wrong, and where?": out of range first, then the fridges the
 * site's safe range is about, then the other feeds with a range, then the rest; within each, by signal type and
 * node name. The latest value is judged as the tiles judge it (rangeOf).
 */
export function rankFeeds(nodes: readonly NodeInfo[], site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null): SiteFeed[] {
  const keyed = nodes.flatMap((node) =>
    node.feeds.map((feed) => {
      const out = Boolean(feed.latest) && rangeOf(feed, node.deviceType, feed.latest!.value, site) === 'out';
      const fridge = isFridgeFeed(feed, node.deviceType);
      const ranged = hasRange(feed) || fridge;
      return { feed: { ...feed, node }, key: [out ? 0 : 1, fridge ? 0 : 1, ranged ? 0 : 1, signalRank(feed.signalKey)] };
    }),
  );
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
    return a.feed.node.name.localeCompare(b.feed.node.name) || a.feed.name.localeCompare(b.feed.name);
  });
  return keyed.map((k) => k.feed);
}

/**
 * The feeds a site's chart shows when the URL names none: what is out of range and the fridges, at most a handful;
 * a site with neither shows its first ranged feeds, or else its first instant feeds, of one unit so the chart is one
 * panel.
 */
export function defaultFeedIds(nodes: readonly NodeInfo[], site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null): string[] {
  const ranked = rankFeeds(nodes, site);
  const urgent = ranked.filter((f) => isFridgeFeed(f, f.node.deviceType) || (Boolean(f.latest) && rangeOf(f, f.node.deviceType, f.latest!.value, site) === 'out'));
  if (urgent.length) return urgent.slice(0, DEFAULT_FEEDS).map((f) => f.id);
  const ranged = ranked.filter((f) => f.kind === 'instant' && hasRange(f));
  const pool = ranged.length ? ranged : ranked.filter((f) => f.kind === 'instant');
  const unit = pool[0]?.unit;
  return pool.filter((f) => f.unit === unit).slice(0, DEFAULT_FEEDS).map((f) => f.id);
}
