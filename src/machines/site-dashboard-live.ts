import type { NodeInfo, ReadingsResponse } from '../api/contract/monitoring';
import type { StreamReading } from '../api/contract/stream';
import type { AnsweredView, SiteView } from './site-view';

/** A chart of buckets is re-read at most this often while readings of its feeds arrive (a raw chart grows per reading). */
export const SITE_LIVE_REFRESH_MS = 60_000;

export interface SiteLiveResult {
  nodes: NodeInfo[];
  readings: ReadingsResponse | null;
  /** The reading belongs on the chart but only a re-read can place it (a bucketed answer: averages need the server). */
  stale: boolean;
}

/**
 * A live reading applied to an open site: its feed's latest value (the tiles) if newer, its node seen and online; and
 * on a chart of stored readings whose window ends now, appended to its feed's series. Readings of other sites' feeds
 * change nothing (the same arrays come back).
 */
export function applySiteReading(
  parts: { nodes: NodeInfo[]; readings: ReadingsResponse | null; answered: AnsweredView | null; view: Pick<SiteView, 'feedIds' | 'to'> },
  r: StreamReading,
): SiteLiveResult {
  const ts = Date.parse(r.ts);
  const owner = parts.nodes.find((n) => n.feeds.some((f) => f.id === r.feedId));
  if (!owner) return { nodes: parts.nodes, readings: parts.readings, stale: false };
  const nodes = parts.nodes.map((n) =>
    n !== owner
      ? n
      : {
          ...n,
          online: true,
          lastSeenAt: n.lastSeenAt && Date.parse(n.lastSeenAt) >= ts ? n.lastSeenAt : r.ts,
          feeds: n.feeds.map((f) => (f.id === r.feedId && (!f.latest || Date.parse(f.latest.at) <= ts) ? { ...f, latest: { at: r.ts, value: r.value } } : f)),
        },
  );
  // Only a window that ends now grows; a fixed range in the past stays as it was asked for.
  const shown = parts.view.feedIds.includes(r.feedId) && parts.view.to === null && parts.readings !== null;
  if (!shown) return { nodes, readings: parts.readings, stale: false };
  const raw = parts.answered?.dataViewType === 'RawData' && parts.answered.aggregation === null;
  if (!raw) return { nodes, readings: parts.readings, stale: true };
  const series = parts.readings!.series.map((s) => {
    if (s.feedId !== r.feedId || !s.value || (s.t.length > 0 && s.t[s.t.length - 1]! >= ts)) return s;
    return { ...s, t: [...s.t, ts], value: [...s.value, r.value] };
  });
  return { nodes, readings: { ...parts.readings!, series }, stale: false };
}
