import type { ReadingsResponse, ReadingSeries } from '../../api/contract/monitoring';
import type { AnsweredView } from '../../machines/site-dashboard.machine';
import type { TileTrend } from '../ui/reading-tiles';

export type { TileTrend };

const DAY = 86_400_000;
const HOUR = 3_600_000;


export interface TileTrends {
  /** The end of every trend: the newest point the chart loaded. */
  to: number;
  /** Whether that end is now (within the hour), so the window reads "Last 24 hours". */
  recent: boolean;
  byFeed: Map<string, TileTrend>;
}

/** The line of a series: its mean, else its value, else the middle of its min..max; null for a spread. */
function lineOf(s: ReadingSeries): { values: number[]; low: number[]; high: number[] } | null {
  const values = s.avg ?? s.value ?? (s.min && s.max ? s.min.map((m, i) => (m + s.max![i]!) / 2) : (s.min ?? s.max));
  if (!values) return null;
  return { values, low: s.min ?? values, high: s.max ?? values };
}

/** Points further apart than three typical steps are a gap (stored readings have no buckets to go by). */
function rawGap(t: readonly number[]): number {
  const steps: number[] = [];
  for (let i = 1; i < t.length; i++) steps.push(t[i]! - t[i - 1]!);
  if (steps.length === 0) return HOUR;
  steps.sort((a, b) => a - b);
  return Math.max(60_000, 3 * steps[Math.floor(steps.length / 2)]!);
}

/**
 * The last 24 hours of what the page's chart already loaded, per feed, for the reading tiles: no request of their own.
 * Only views whose values are the tile's own quantity give a trend (stored readings and their min/max/mean buckets);
 * consumption totals and spreads are another quantity than the value on the tile, so they give none.
 */
export function tileTrends(readings: ReadingsResponse | null, answered: AnsweredView | null, bucketMs: number | null, now: number): TileTrends | null {
  if (!readings || !answered) return null;
  if (answered.dataViewType !== 'RawData' && answered.dataViewType !== 'MinMax') return null;
  if (answered.aggregation === 6 && answered.dataViewType === 'RawData') return null;
  let to = -Infinity;
  for (const s of readings.series) if (s.t.length) to = Math.max(to, s.t[s.t.length - 1]!);
  if (to === -Infinity) return null;
  const from = to - DAY;
  const byFeed = new Map<string, TileTrend>();
  for (const s of readings.series) {
    const line = lineOf(s);
    if (!line) continue;
    let i = 0;
    while (i < s.t.length && s.t[i]! < from) i++;
    const t = s.t.slice(i);
    byFeed.set(s.feedId, {
      t,
      values: line.values.slice(i),
      low: line.low.slice(i),
      high: line.high.slice(i),
      from,
      to,
      gapMs: bucketMs === null ? rawGap(t) : bucketMs * 1.5,
    });
  }
  return { to, recent: now - to <= HOUR, byFeed };
}
