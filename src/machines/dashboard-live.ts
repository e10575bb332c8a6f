import type { DashboardResponse } from '../api/contract/monitoring';
import type { StreamReading } from '../api/contract/stream';

/** The longest the dashboard waits before it re-reads on its own, whatever its tiles say (a timer must stay finite). */
export const DASHBOARD_MAX_QUIET_MS = 6 * 3_600_000;

type Tile = DashboardResponse['sites'][number]['latest'][number];

/** Whether a value is inside a tile's range, as the server judges it (a missing bound does not judge). */
const inRangeOf = (t: Pick<Tile, 'rangeMin' | 'rangeMax'>, v: number): boolean | null =>
  t.rangeMin === null && t.rangeMax === null ? null : !((t.rangeMin !== null && v < t.rangeMin) || (t.rangeMax !== null && v > t.rangeMax));

export interface AppliedReading {
  dashboard: DashboardResponse;
  /** A node that counted as offline reported: the site's device counts move, which only the server counts exactly. */
  woke: boolean;
}

/**
 * A live reading applied to the dashboard: the feed's tile takes the value if it is newer, with its range judged as
 * the server would; the site's newest-reading time and out-of-range count follow; every tile of the node counts it as
 * seen. Readings of feeds without a tile, and older ones, change nothing (the same object comes back).
 */
export function applyReading(d: DashboardResponse, r: StreamReading): AppliedReading {
  const ts = Date.parse(r.ts);
  const owner = d.sites.find((s) => s.latest.some((t) => t.feedId === r.feedId));
  const tile = owner?.latest.find((t) => t.feedId === r.feedId);
  if (!owner || !tile || ts < Date.parse(tile.at)) return { dashboard: d, woke: false };
  let woke = false;
  const sites = d.sites.map((s) => {
    if (!s.latest.some((t) => t.nodeId === tile.nodeId)) return s;
    let outOfRange = s.outOfRangeFeeds;
    const latest = s.latest.map((t) => {
      if (t.nodeId !== tile.nodeId) return t;
      if (!t.online) woke = true;
      const offlineAt = new Date(Math.max(t.offlineAt ? Date.parse(t.offlineAt) : 0, ts + t.reportingWindowMs)).toISOString();
      if (t.feedId !== r.feedId) return { ...t, online: true, offlineAt };
      const inRange = inRangeOf(t, r.value);
      outOfRange += (inRange === false ? 1 : 0) - (t.inRange === false ? 1 : 0);
      return { ...t, value: r.value, at: r.ts, inRange, online: true, offlineAt };
    });
    const newest = s.lastReadingAt === null || Date.parse(s.lastReadingAt) < ts ? r.ts : s.lastReadingAt;
    return s === owner ? { ...s, latest, outOfRangeFeeds: Math.max(0, outOfRange), lastReadingAt: newest } : { ...s, latest };
  });
  return { dashboard: { ...d, sites }, woke };
}

/**
 * How long until the next tile's node goes quiet (its `offlineAt` passes with nothing new), when the dashboard re-reads
 * so the site shows it offline; capped, and at least a second so a node on the edge is not re-read in a loop.
 */
export function untilNextQuiet(d: DashboardResponse | null, now: number): number {
  let next = Infinity;
  for (const s of d?.sites ?? []) {
    for (const t of s.latest) {
      const at = t.online && t.offlineAt ? Date.parse(t.offlineAt) : NaN;
      if (at > now && at < next) next = at;
    }
  }
  return Math.min(DASHBOARD_MAX_QUIET_MS, Math.max(1_000, next - now + 1_000));
}
