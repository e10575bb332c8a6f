import type { Aggregation, DataViewType, FeedInfo, Interval, ReadingsRequest, SiteBasicInfo } from '../api/contract/monitoring';
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
 * (DESIGN §3); null when there is no range to judge it by.
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
