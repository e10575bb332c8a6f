import type { ChartLine } from './chart-series';

/** The first index whose time is at or after `at` (t.length when none): a binary search over the sorted t array. */
export function lowerBound(t: readonly number[], at: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index of the point nearest to `at`, or -1 when the nearest is further than `maxDistance`: an instant inside a
 * gap (where the line is broken) or beyond a line's ends has no value, rather than a value borrowed from hours away.
 * `n` caps the search where a line's value array is shorter than its time array.
 */
export function nearestIndex(t: readonly number[], at: number, maxDistance = Infinity, n = t.length): number {
  if (!n) return -1;
  const i = Math.min(lowerBound(t, at), n);
  let best = i;
  if (i === n || (i > 0 && at - t[i - 1]! <= t[i]! - at)) best = i - 1;
  return Math.abs(t[best]! - at) <= maxDistance ? best : -1;
}

/** How far from a point an instant still reads that point: half the step that the chart draws as a gap. */
export const reachOf = (gapMs: number): number => gapMs / 2;

/** Each line's value at `at` (nearest point within `reach`), or null where the line has none. */
export function valuesAt(lines: readonly ChartLine[], at: number, reach: number): (number | null)[] {
  return lines.map((l) => {
    const i = nearestIndex(l.t, at, reach, Math.min(l.t.length, l.y.length));
    return i < 0 ? null : l.y[i]!;
  });
}

/** Each line's min..max at `at`, for the lines with an envelope (null elsewhere, and where the line has no point). */
export function rangesAt(lines: readonly ChartLine[], at: number, reach: number): ({ lo: number; hi: number } | null)[] {
  return lines.map((l) => {
    if (!l.lo || !l.hi) return null;
    const i = nearestIndex(l.t, at, reach, Math.min(l.t.length, l.lo.length, l.hi.length));
    return i < 0 ? null : { lo: l.lo[i]!, hi: l.hi[i]! };
  });
}

/** The time of the reading nearest to `at` on any line: where a pointer's crosshair settles. */
export function snapTime(lines: readonly ChartLine[], at: number, reach: number): number | null {
  let best: number | null = null;
  for (const l of lines) {
    const i = nearestIndex(l.t, at, reach, Math.min(l.t.length, l.y.length));
    if (i >= 0 && (best === null || Math.abs(l.t[i]! - at) < Math.abs(best - at))) best = l.t[i]!;
  }
  return best;
}

/**
 * The next (dir 1) or previous (dir -1) reading time after `at` on any line: keyboard steps walk the union of all the
 * lines' instants without building it (a binary search per line per key press). Null at the end.
 */
export function stepTime(lines: readonly ChartLine[], at: number, dir: 1 | -1): number | null {
  let best: number | null = null;
  for (const l of lines) {
    const n = Math.min(l.t.length, l.y.length);
    if (dir === 1) {
      const i = lowerBound(l.t, at + 1);
      if (i < n && (best === null || l.t[i]! < best)) best = l.t[i]!;
    } else {
      const i = Math.min(lowerBound(l.t, at), n) - 1;
      if (i >= 0 && (best === null || l.t[i]! > best)) best = l.t[i]!;
    }
  }
  return best;
}

/** The first (dir -1) or last (dir 1) reading time on any line; null without readings. */
export function endTime(lines: readonly ChartLine[], dir: 1 | -1): number | null {
  let best: number | null = null;
  for (const l of lines) {
    const n = Math.min(l.t.length, l.y.length);
    if (!n) continue;
    const v = dir === 1 ? l.t[n - 1]! : l.t[0]!;
    if (best === null || (dir === 1 ? v > best : v < best)) best = v;
  }
  return best;
}
