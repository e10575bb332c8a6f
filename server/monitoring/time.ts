import { INTERVAL_MS, type Interval } from '../../src/api/contract/monitoring';

/**
 * Time-zone arithmetic for readings, without a dependency: offsets come from Intl and are cached per zone and UTC
 * day, so bucketing millions of readings costs a few Intl calls per zone and day, not one per reading.
 *
 * "Wall" times are local clock readings expressed as epoch ms as if the clock were UTC (Date.UTC of the parts).
 */

export const MINUTE = 60_000;
export const QUARTER = 15 * MINUTE;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

const mod = (a: number, b: number) => ((a % b) + b) % b;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True when Intl knows the IANA zone. */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** Local minus UTC in ms at `ts`, straight from Intl (slow: only for filling the cache). */
function intlOffset(ts: number, zone: string): number {
  let y = 1970, mo = 1, d = 1, h = 0, mi = 0, s = 0;
  for (const p of formatter(zone).formatToParts(ts)) {
    switch (p.type) {
      case 'year': y = Number(p.value); break;
      case 'month': mo = Number(p.value); break;
      case 'day': d = Number(p.value); break;
      case 'hour': h = Number(p.value) % 24; break;
      case 'minute': mi = Number(p.value); break;
      case 'second': s = Number(p.value); break;
    }
  }
  return Date.UTC(y, mo - 1, d, h, mi, s) - (ts - mod(ts, 1000));
}

/** The offsets of one UTC day: `off` until `changeAt`, `offAfter` from it (changeAt is Infinity when none). */
interface ZoneDay {
  off: number;
  changeAt: number;
  offAfter: number;
}

interface ZoneCache {
  days: Map<number, ZoneDay>;
  lastDay: number;
  last: ZoneDay | null;
}
const zones = new Map<string, ZoneCache>();

// Assumes at most one offset change per UTC day, at a whole minute: true of every zone in use since 1970.
function zoneDay(zone: string, day: number): ZoneDay {
  let z = zones.get(zone);
  if (!z) {
    z = { days: new Map(), lastDay: NaN, last: null };
    zones.set(zone, z);
  }
  if (z.lastDay === day && z.last) return z.last;
  let zd = z.days.get(day);
  if (!zd) {
    const t0 = day * DAY;
    const a = intlOffset(t0, zone);
    const b = intlOffset(t0 + DAY, zone);
    if (a === b) {
      zd = { off: a, changeAt: Infinity, offAfter: a };
    } else {
      let lo = t0; // offset a
      let hi = t0 + DAY; // offset b
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
        if (intlOffset(mid, zone) === a) lo = mid;
        else hi = mid;
      }
      zd = { off: a, changeAt: hi, offAfter: b };
    }
    z.days.set(day, zd);
  }
  z.lastDay = day;
  z.last = zd;
  return zd;
}

/** Local minus UTC, in ms, at instant `ts` in `zone`. */
export function offsetAt(ts: number, zone: string): number {
  const zd = zoneDay(zone, Math.floor(ts / DAY));
  return ts < zd.changeAt ? zd.off : zd.offAfter;
}

/** The local clock reading at `ts`, as a wall time. */
export const wallTime = (ts: number, zone: string): number => ts + offsetAt(ts, zone);

/**
 * The first instant at which the local clock reads `wall` or later, coming from earlier: the wall time itself when it
 * exists (its first occurrence when the clock went back), the moment the clock jumped past it when it does not.
 */
export function wallToInstant(wall: number, zone: string): number {
  const day = Math.floor(wall / DAY);
  const candidates: number[] = [];
  for (let d = day - 1; d <= day + 1; d++) {
    const zd = zoneDay(zone, d);
    candidates.push(wall - zd.off, wall - zd.offAfter);
    if (zd.changeAt !== Infinity) candidates.push(zd.changeAt);
  }
  let best = Infinity;
  for (const t of candidates) {
    if (t < best && wallTime(t, zone) >= wall && wallTime(t - 1, zone) < wall) best = t;
  }
  return best === Infinity ? wall - offsetAt(wall, zone) : best;
}

/** The start of the local day holding `ts`: 23 or 25 hours before the next one across daylight-saving changes. */
export function localDayStart(ts: number, zone: string): number {
  const w = wallTime(ts, zone);
  return wallToInstant(w - mod(w, DAY), zone);
}

/** The start of the local day after the one starting at `dayStart`. */
export function nextLocalDayStart(dayStart: number, zone: string): number {
  const w = wallTime(dayStart, zone);
  return wallToInstant(w - mod(w, DAY) + DAY, zone);
}

/** The local calendar date of `ts` as a wall time at midnight (for labels and comparisons). */
export function localDate(ts: number, zone: string): number {
  const w = wallTime(ts, zone);
  return w - mod(w, DAY);
}

/** The offset change in (after, upTo], or Infinity: at most one per UTC day, so the days of both ends cover it. */
function changeIn(after: number, upTo: number, zone: string): number {
  for (let d = Math.floor(after / DAY); d <= Math.floor(upTo / DAY); d++) {
    const c = zoneDay(zone, d).changeAt;
    if (c > after && c <= upTo) return c;
  }
  return Infinity;
}

/**
 * The bucket of `interval` holding `ts`. Up to an hour a bucket starts where the local clock reads a multiple of the
 * interval, or where the offset changes: UTC-aligned in whole-hour zones, on the half hour in Asia/Kolkata; a repeated
 * autumn hour is two buckets, and so is Australia/Lord_Howe's half-hour shift (01:00–01:59 once, then 01:30–01:59
 * again). 6, 12 and 24 hours: local wall-clock blocks from local midnight (00/06/12/18, 00/12, the local day), so they
 * are an hour shorter or longer on daylight-saving days.
 */
export function bucketStart(ts: number, interval: Interval, zone: string): number {
  const size = INTERVAL_MS[interval];
  const w = wallTime(ts, zone);
  if (size <= HOUR) {
    // The offset is constant on (change, ts], so the clock's last multiple is exact unless a change came after it.
    const onClock = ts - mod(w, size);
    const change = changeIn(onClock, ts, zone);
    return change === Infinity ? onClock : change;
  }
  const dayWall = w - mod(w, DAY);
  return wallToInstant(dayWall + Math.floor((w - dayWall) / size) * size, zone);
}

/** The start of the sub-hour bucket after the one starting at `b` (the same boundaries bucketStart knows). */
function nextSubHourStart(b: number, size: number, zone: string): number {
  const onClock = b + size - mod(wallTime(b, zone), size);
  const change = changeIn(b, onClock, zone);
  return Math.min(change, onClock);
}

/**
 * The bucket boundaries covering [from, to): b[0] ≤ from < b[1] < … < b[n-1] < to ≤ b[n]. The range is widened to whole
 * buckets, so the first and last bucket are complete (a chart never shows a half-filled edge bucket as a dip).
 */
export function bucketBoundaries(from: number, to: number, interval: Interval, zone: string): number[] {
  const size = INTERVAL_MS[interval];
  const out: number[] = [];
  if (!(from < to)) return out;
  if (size <= HOUR) {
    let b = bucketStart(from, interval, zone);
    out.push(b);
    while (b < to) {
      b = nextSubHourStart(b, size, zone);
      out.push(b);
    }
    return out;
  }
  const w = wallTime(from, zone);
  const dayWall = w - mod(w, DAY);
  let nominal = dayWall + Math.floor((w - dayWall) / size) * size;
  let b = wallToInstant(nominal, zone);
  out.push(b);
  while (b < to) {
    nominal += size;
    const next = wallToInstant(nominal, zone);
    // A gap as long as the bucket would repeat a boundary; skip it rather than make an empty bucket.
    if (next > b) {
      b = next;
      out.push(b);
    }
  }
  return out;
}

/** The rollup grains readings are kept in (docs/decisions.md, Time and buckets: 15m and 1h UTC-aligned, 1d the feed's site-local day). */
export type Grain = '15m' | '1h' | '1d';
export const GRAIN_MS: Record<Exclude<Grain, '1d'>, number> = { '15m': QUARTER, '1h': HOUR };

/**
 * The coarsest rollup grain whose buckets nest inside the query buckets, or null when none does (then raw readings
 * serve). A grain fits when every boundary is one of its bucket starts: for 15m/1h a multiple of the grain in UTC, for
 * 1d a local midnight in the zone the feed's daily rollups were kept in. So Asia/Kolkata's hours (on the UTC half hour)
 * come from 15-minute rollups, and a sub-site in another zone gets its days summed from hours.
 */
export function grainFor(interval: Interval, boundaries: number[], feedZone: string): Grain | null {
  const size = INTERVAL_MS[interval];
  const fits = (g: Grain): boolean => {
    if (g === '1d') return boundaries.every((b) => localDayStart(b, feedZone) === b);
    const gm = GRAIN_MS[g];
    return gm <= size && boundaries.every((b) => mod(b, gm) === 0);
  };
  const order: Grain[] = size >= DAY ? ['1d', '1h', '15m'] : ['1h', '15m'];
  return order.find(fits) ?? null;
}
