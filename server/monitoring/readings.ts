import type { Db } from '../db/database';
import type { Aggregation, DataViewType, Interval, ReadingSeries } from '../../src/api/contract/monitoring';
import { bucketBoundaries, grainFor, type Grain } from './time';
import { isPostgres, rawQuery } from './sql';

/** A feed as a series needs it: identity for the answer, kind for the consumption views, zone of its daily rollups. */
export interface SeriesFeed {
  feedId: string;
  nodeId: string;
  name: string;
  unit: string;
  kind: 'instant' | 'counter';
  /** The time zone of the feed's own site, where its '1d' rollups were cut. */
  timezone: string;
}

export interface SeriesQuery {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  interval: Interval;
  aggregation?: Aggregation;
  view: DataViewType;
  /** Points per series for RawData without aggregation; DEFAULT_MAX_POINTS when absent. */
  maxPoints?: number;
  /** The zone buckets align to: the site the dashboard shows. */
  timezone: string;
}

export interface EngineOptions {
  /** 'raw' computes every answer from raw readings (the benchmark's baseline and the tests' cross-check). */
  source?: 'rollups' | 'raw';
}

/** RawData without maxPoints is still capped: the contract's largest maxPoints. */
export const DEFAULT_MAX_POINTS = 20_000;

type Stat = 'min' | 'max' | 'avg' | 'spread';
/** docs/product.md, Readings: 0 min, 1 max, 2 avg with min..max band, 3 avg+min, 4 avg+max, 5 min+max, 6 spread. */
const MODE_ARRAYS: Record<Aggregation, Stat[]> = {
  0: ['min'],
  1: ['max'],
  2: ['avg', 'min', 'max'],
  3: ['avg', 'min'],
  4: ['avg', 'max'],
  5: ['min', 'max'],
  6: ['spread'],
};

/** Per-bucket aggregates of one series, in columns. */
class Buckets {
  readonly min: Float64Array;
  readonly max: Float64Array;
  readonly sum: Float64Array;
  readonly count: Float64Array;
  /** Counter consumption reported by the bucket's readings. */
  readonly used: Float64Array;
  constructor(readonly n: number) {
    this.min = new Float64Array(n).fill(Infinity);
    this.max = new Float64Array(n).fill(-Infinity);
    this.sum = new Float64Array(n);
    this.count = new Float64Array(n);
    this.used = new Float64Array(n);
  }
  add(j: number, min: number, max: number, sum: number, count: number): void {
    if (min < this.min[j]!) this.min[j] = min;
    if (max > this.max[j]!) this.max[j] = max;
    this.sum[j]! += sum;
    this.count[j]! += count;
  }
}

/** Consumption between two register readings: a decrease means the register was reset (to zero) in between. */
export const counterDelta = (prev: number, next: number): number => (next >= prev ? next - prev : next);

/**
 * Reduces a series to at most `maxPoints` points without losing peaks: the range is cut into maxPoints/2 equal time
 * slots (a slot is about a pixel column) and each keeps its lowest and highest reading, in time order. The global
 * minimum and maximum always survive. `t` must be sorted.
 */
export function reduce(
  t: ArrayLike<number>,
  v: ArrayLike<number>,
  maxPoints: number,
  from: number = t.length ? t[0]! : 0,
  to: number = t.length ? t[t.length - 1]! + 1 : 1,
): { t: number[]; value: number[] } {
  const n = t.length;
  if (n <= maxPoints) return { t: Array.from(t), value: Array.from(v) };
  const slots = Math.max(1, Math.floor(maxPoints / 2));
  const width = (to - from) / slots;
  const outT: number[] = [];
  const outV: number[] = [];
  let i = 0;
  while (i < n) {
    const slot = Math.min(slots - 1, Math.max(0, Math.floor((t[i]! - from) / width)));
    const end = slot === slots - 1 ? Infinity : from + (slot + 1) * width;
    let lo = i;
    let hi = i;
    let loV = v[i]!;
    let hiV = loV;
    i++;
    while (i < n && t[i]! < end) {
      const x = v[i]!;
      if (x < loV) {
        loV = x;
        lo = i;
      } else if (x > hiV) {
        hiV = x;
        hi = i;
      }
      i++;
    }
    const a = lo < hi ? lo : hi;
    const b = lo < hi ? hi : lo;
    outT.push(t[a]!);
    outV.push(v[a]!);
    if (b !== a) {
      outT.push(t[b]!);
      outV.push(v[b]!);
    }
  }
  return { t: outT, value: outV };
}

// Each column of a feed's rows comes back as one JSON array built by the database: tens of thousands of rows as a few
// strings cost a fraction of a row object each, and both databases print doubles so that they parse back to the same
// value. SQLite keeps an ordered FROM-subquery's order for the aggregate above it (it never flattens one into an
// aggregate) and reads it in primary-key order without sorting; json_group_array(… ORDER BY …) would sort per column.
function columnsQuery(db: Db, columns: Record<string, string>, from: string, order: string): string {
  if (isPostgres(db)) {
    return `SELECT ${Object.entries(columns).map(([a, c]) => `json_agg(${c} ORDER BY ${order}) AS "${a}"`).join(', ')} FROM ${from}`;
  }
  return `SELECT ${Object.keys(columns).map((a) => `json_group_array("${a}") AS "${a}"`).join(', ')}
    FROM (SELECT ${Object.entries(columns).map(([a, c]) => `${c} AS "${a}"`).join(', ')} FROM ${from} ORDER BY ${order})`;
}
const asNumbers = (v: unknown): number[] => (typeof v === 'string' ? (JSON.parse(v) as number[]) : ((v as number[] | null) ?? []));

/** One feed's readings in [from, to), as two columns. */
async function rawColumns(db: Db, feedId: string, from: number, to: number): Promise<{ t: number[]; v: number[] }> {
  const [row] = await rawQuery<{ t: unknown; v: unknown }>(
    db,
    columnsQuery(db, { t: 'ts', v: '"value"' }, 'readings WHERE feed_id = ? AND ts >= ? AND ts < ?', 'ts'),
    [feedId, from, to],
  );
  return { t: asNumbers(row?.t), v: asNumbers(row?.v) };
}

/** Rollup columns by short alias. */
const ROLLUP_COLUMNS = {
  b: 'bucket', mn: '"min"', mx: '"max"', s: '"sum"', c: '"count"', f: '"first"', l: '"last"', r: 'rising', ft: 'first_ts', lt: 'last_ts',
} as const;
type RollupColumn = keyof typeof ROLLUP_COLUMNS;
type RollupColumns = Partial<Record<RollupColumn, number[]>>;

/** The rollup columns an answer needs: only what its arrays are computed from. */
function neededColumns(q: SeriesQuery): RollupColumn[] {
  if (isConsumption(q)) return ['b', 'f', 'l', 'r', 'ft', 'lt'];
  const need = new Set<RollupColumn>(['b']);
  for (const a of arraysOf(q)) {
    if (a === 'min' || a === 'spread') need.add('mn');
    if (a === 'max' || a === 'spread') need.add('mx');
    if (a === 'avg') need.add('s').add('c');
  }
  return [...need];
}

/** One feed's rollups of `grain` in [from, to), as columns. */
async function rollupColumns(db: Db, feedId: string, grain: Grain, from: number, to: number, need: RollupColumn[]): Promise<RollupColumns> {
  const columns = Object.fromEntries(need.map((a) => [a, ROLLUP_COLUMNS[a]]));
  const [row] = await rawQuery<Record<string, unknown>>(
    db,
    columnsQuery(db, columns, 'reading_rollups WHERE feed_id = ? AND grain = ? AND bucket >= ? AND bucket < ?', 'bucket'),
    [feedId, grain, from, to],
  );
  return Object.fromEntries(need.map((a) => [a, asNumbers(row?.[a])]));
}

/** The last reading before `before` (consumption of the first bucket is measured from it). */
async function lastBefore(db: Db, feedId: string, before: number, grain: Grain | null): Promise<number | null> {
  const rows = grain
    ? await rawQuery<{ v: number }>(db, 'SELECT "last" AS v FROM reading_rollups WHERE feed_id = ? AND grain = ? AND bucket < ? ORDER BY bucket DESC LIMIT 1', [feedId, grain, before])
    : await rawQuery<{ v: number }>(db, 'SELECT "value" AS v FROM readings WHERE feed_id = ? AND ts < ? ORDER BY ts DESC LIMIT 1', [feedId, before]);
  return rows[0]?.v ?? null;
}

/** Fills buckets from raw readings in [b[0], b[n]). */
async function fromRaw(db: Db, feed: SeriesFeed, b: number[], out: Buckets, counter: boolean): Promise<void> {
  const { t, v } = await rawColumns(db, feed.feedId, b[0]!, b[b.length - 1]!);
  let prev = counter ? await lastBefore(db, feed.feedId, b[0]!, null) : null;
  let j = 0;
  for (let i = 0; i < t.length; i++) {
    while (b[j + 1]! <= t[i]!) j++;
    const x = v[i]!;
    out.add(j, x, x, x, 1);
    if (counter) {
      if (prev !== null) out.used[j]! += counterDelta(prev, x);
      prev = x;
    }
  }
}

/** Fills buckets from one feed's rollups; every rollup bucket lies inside one query bucket (grainFor checked). */
async function fromRollups(db: Db, feed: SeriesFeed, q: SeriesQuery, b: number[], grain: Grain, out: Buckets): Promise<void> {
  const counter = isConsumption(q);
  const cols = await rollupColumns(db, feed.feedId, grain, b[0]!, b[b.length - 1]!, neededColumns(q));
  const bucket = cols.b!;
  let prev = counter && bucket.length ? await lastBefore(db, feed.feedId, b[0]!, grain) : null;
  let j = 0;
  const unknown: { j: number; bucket: number; from: number; to: number; first: number; last: number }[] = [];
  for (let i = 0; i < bucket.length; i++) {
    while (b[j + 1]! <= bucket[i]!) j++;
    if (!counter) {
      out.add(j, cols.mn?.[i] ?? Infinity, cols.mx?.[i] ?? -Infinity, cols.s?.[i] ?? 0, cols.c?.[i] ?? 1);
      continue;
    }
    const first = cols.f![i]!;
    const last = cols.l![i]!;
    out.count[j]! += 1;
    if (prev !== null) out.used[j]! += counterDelta(prev, first);
    if (cols.r![i] === 1) out.used[j]! += last - first;
    else unknown.push({ j, bucket: bucket[i]!, from: cols.ft![i]!, to: cols.lt![i]! + 1, first, last });
    prev = last;
  }
  // A bucket whose readings may go down (a reset, or a late reading) is summed reading by reading; rare and small.
  for (const u of unknown) {
    const { t, v } = await rawColumns(db, feed.feedId, u.from, u.to);
    if (t[0] !== u.from || t[t.length - 1] !== u.to - 1) {
      out.used[u.j]! += await usedPastRetention(db, feed.feedId, grain, u);
      continue;
    }
    for (let k = 1; k < v.length; k++) out.used[u.j]! += counterDelta(v[k - 1]!, v[k]!);
  }
}

/**
 * A non-rising bucket's consumption once raw retention (RAW_RETENTION_DAYS) has deleted its readings: from the rollup
 * alone, as if the register went down at most once, and to zero (a replaced meter): rising to its highest reading,
 * then from zero to its last. Exact for one reset from the highest reading, or when the readings did rise after all.
 */
async function usedPastRetention(db: Db, feedId: string, grain: Grain, u: { bucket: number; first: number; last: number }): Promise<number> {
  if (u.last >= u.first) return u.last - u.first;
  const [row] = await rawQuery<{ mx: number }>(db, 'SELECT "max" AS mx FROM reading_rollups WHERE feed_id = ? AND grain = ? AND bucket = ?', [feedId, grain, u.bucket]);
  return (row?.mx ?? u.first) - u.first + u.last;
}

const empty = (feed: SeriesFeed, arrays: string[]): ReadingSeries => {
  const s: ReadingSeries = { feedId: feed.feedId, nodeId: feed.nodeId, name: feed.name, unit: feed.unit, t: [] };
  for (const a of arrays) (s as unknown as Record<string, number[]>)[a] = [];
  return s;
};

const isConsumption = (q: SeriesQuery) => q.view === 'ConsumptionOverTime' || q.view === 'ConsumptionPeriod';

/** The arrays an answer carries, after `t`: the value columns, in order (the CSV export writes the same). */
export function arraysOf(q: Pick<SeriesQuery, 'view' | 'aggregation'>): string[] {
  switch (q.view) {
    case 'MinMax':
      return ['min', 'max'];
    case 'RawData':
      return q.aggregation === undefined ? ['value'] : (MODE_ARRAYS[q.aggregation] ?? []);
    default:
      return ['value'];
  }
}

async function bucketed(db: Db, feed: SeriesFeed, q: SeriesQuery, b: number[], grain: Grain | null): Promise<ReadingSeries> {
  const arrays = arraysOf(q);
  const consumption = isConsumption(q);
  if (consumption && feed.kind !== 'counter') return empty(feed, arrays);
  const n = b.length - 1;
  const agg = new Buckets(n);
  if (grain) await fromRollups(db, feed, q, b, grain, agg);
  else await fromRaw(db, feed, b, agg, consumption);

  const s = empty(feed, arrays);
  const col = s as unknown as Record<string, number[]>;
  let running = 0;
  for (let j = 0; j < n; j++) {
    const c = agg.count[j]!;
    if (c === 0) continue;
    s.t.push(b[j]!);
    const min = agg.min[j]!;
    const max = agg.max[j]!;
    if (consumption) {
      running += agg.used[j]!;
      col.value!.push(q.view === 'ConsumptionPeriod' ? agg.used[j]! : running);
      continue;
    }
    for (const a of arrays) {
      col[a]!.push(a === 'min' ? min : a === 'max' ? max : a === 'avg' ? agg.sum[j]! / c : max - min);
    }
  }
  return s;
}

async function raw(db: Db, feed: SeriesFeed, q: SeriesQuery): Promise<ReadingSeries> {
  const { t, v } = await rawColumns(db, feed.feedId, q.from, q.to);
  const r = reduce(t, v, q.maxPoints ?? DEFAULT_MAX_POINTS, q.from, q.to);
  return { feedId: feed.feedId, nodeId: feed.nodeId, name: feed.name, unit: feed.unit, t: r.t, value: r.value };
}

async function latest(db: Db, feeds: SeriesFeed[]): Promise<ReadingSeries[]> {
  const rows = feeds.length
    ? await db.selectFrom('feedLatest').select(['feedId', 'ts', 'value']).where('feedId', 'in', feeds.map((f) => f.feedId)).execute()
    : [];
  const by = new Map(rows.map((r) => [r.feedId, r]));
  return feeds.map((f) => {
    const r = by.get(f.feedId);
    return { feedId: f.feedId, nodeId: f.nodeId, name: f.name, unit: f.unit, t: r ? [Number(r.ts)] : [], value: r ? [r.value] : [] };
  });
}

/**
 * The readings answer of docs/product.md, Readings for `feeds`, in their order. Aggregated views come from the coarsest rollup
 * whose buckets nest in the query's (24hours → local-day rollups, 6/12 hours and 1 hour → hourly, 15/30 minutes →
 * quarter-hours), raw rows only where no rollup fits; buckets without readings are left out.
 */
export async function readSeries(db: Db, feeds: SeriesFeed[], q: SeriesQuery, opts: EngineOptions = {}): Promise<ReadingSeries[]> {
  if (q.view === 'Reading') return latest(db, feeds);
  // One feed at a time: a year of raw readings is reduced before the next feed's are read.
  if (q.view === 'RawData' && q.aggregation === undefined) {
    const out: ReadingSeries[] = [];
    for (const f of feeds) out.push(await raw(db, f, q));
    return out;
  }
  const b = bucketBoundaries(q.from, q.to, q.interval, q.timezone);
  if (b.length < 2) return feeds.map((f) => empty(f, arraysOf(q)));
  const out: ReadingSeries[] = [];
  for (const f of feeds) out.push(await bucketed(db, f, q, b, opts.source === 'raw' ? null : grainFor(q.interval, b, f.timezone)));
  return out;
}

/** Intervals answered one rollup bucket per query bucket, whenever grainFor picks this grain for them. */
const EXACT_GRAIN: Partial<Record<Interval, Grain>> = { '15minutes': '15m', '1hour': '1h', '24hours': '1d' };
/** Each statistic from one rollup row, in SQL: the same IEEE arithmetic JavaScript would do. */
const SQL_STAT: Record<Stat, string> = { min: '"min"', max: '"max"', avg: '"sum" / "count"', spread: '"max" - "min"' };

/**
 * The readings answer as JSON text, `{"series":[…]}`, exactly readSeries' answer. On SQLite, where each query bucket is
 * one rollup bucket (15 minutes, an hour, a local day), the database writes each series' arrays and they are spliced
 * in unparsed: a week of 50 feeds is 134,000 numbers, and parsing then printing them again would double the time.
 */
export async function readSeriesJson(db: Db, feeds: SeriesFeed[], q: SeriesQuery, opts: EngineOptions = {}): Promise<string> {
  const exact = EXACT_GRAIN[q.interval];
  const direct = exact && !isPostgres(db) && opts.source !== 'raw' && (q.view === 'MinMax' || (q.view === 'RawData' && q.aggregation !== undefined));
  if (!direct) return JSON.stringify({ series: await readSeries(db, feeds, q, opts) });
  const b = bucketBoundaries(q.from, q.to, q.interval, q.timezone);
  const arrays = arraysOf(q) as Stat[];
  const columns = { t: 'bucket', ...Object.fromEntries(arrays.map((a) => [a, SQL_STAT[a]])) };
  const text = columnsQuery(db, columns, 'reading_rollups WHERE feed_id = ? AND grain = ? AND bucket >= ? AND bucket < ?', 'bucket');
  const parts: string[] = [];
  for (const f of feeds) {
    if (b.length < 2 || grainFor(q.interval, b, f.timezone) !== exact) {
      parts.push(JSON.stringify((await readSeries(db, [f], q, opts))[0]));
      continue;
    }
    const [row] = await rawQuery<Record<string, string>>(db, text, [f.feedId, exact, b[0]!, b[b.length - 1]!]);
    const head = JSON.stringify({ feedId: f.feedId, nodeId: f.nodeId, name: f.name, unit: f.unit });
    parts.push(`${head.slice(0, -1)},${['t', ...arrays].map((a) => `"${a}":${row?.[a] ?? '[]'}`).join(',')}}`);
  }
  return `{"series":[${parts.join(',')}]}`;
}
