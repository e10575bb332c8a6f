import type { Db } from '../server/db/database';
import { readSeriesJson, type SeriesFeed, type SeriesQuery } from '../server/monitoring/readings';
import { rawQuery } from '../server/monitoring/sql';
import { localDayStart } from '../server/monitoring/time';
import { buildReadingsWorld, median, time, type BenchWorld } from './readings-world';

/**
 * B5: a readings answer computed from rollups against the same answer computed from raw rows, in the same run. Both
 * sides are the engine producing the answer's JSON text; the baseline is the faster of two raw strategies: the
 * engine's raw path (a feed's readings fetched as column arrays, bucketed in JS) and one SQL GROUP BY over quarter
 * hours merged in JS. The ≤ 50 ms goal is checked on the whole route (token, access checks, feeds, engine, reply).
 */

const PAIRS = 7;
const GOAL_MS = 50;
const GOAL_RATIO = 7;

const feedsOf = (ids: string[]): SeriesFeed[] => ids.map((feedId, i) => ({ feedId, nodeId: `bench-node-${i}`, name: feedId, unit: '°C', kind: 'instant', timezone: 'Europe/London' }));

/** Quarter-hour aggregates straight from readings, merged into the query's buckets: the best a raw scan can do. */
async function groupByBaseline(db: Db, feeds: string[], q: SeriesQuery, bucketOf: (quarter: number) => number) {
  const rows = await rawQuery<{ feed_id: string; q: number; mn: number; mx: number; s: number; c: number }>(
    db,
    `SELECT feed_id, ts - (ts % 900000) AS q, min("value") AS mn, max("value") AS mx, sum("value") AS s, count(*) AS c
     FROM readings WHERE feed_id IN (${feeds.map(() => '?').join(',')}) AND ts >= ? AND ts < ? GROUP BY feed_id, ts - (ts % 900000) ORDER BY feed_id, q`,
    [...feeds, q.from, q.to],
  );
  const out = new Map<string, { t: number[]; min: number[]; max: number[]; sum: number[]; count: number[] }>();
  for (const r of rows) {
    let s = out.get(r.feed_id);
    if (!s) out.set(r.feed_id, (s = { t: [], min: [], max: [], sum: [], count: [] }));
    const b = bucketOf(Number(r.q));
    const last = s.t.length - 1;
    if (last >= 0 && s.t[last] === b) {
      s.min[last] = Math.min(s.min[last]!, r.mn);
      s.max[last] = Math.max(s.max[last]!, r.mx);
      s.sum[last]! += r.s;
      s.count[last]! += r.c;
    } else {
      s.t.push(b);
      s.min.push(r.mn);
      s.max.push(r.mx);
      s.sum.push(r.s);
      s.count.push(r.c);
    }
  }
  return JSON.stringify([...out.values()].map((s) => ({ t: s.t, min: s.min, max: s.max, avg: s.sum.map((x, i) => x / s.count[i]!) })));
}

async function compare(name: string, w: BenchWorld, body: Record<string, unknown>, feeds: SeriesFeed[], q: SeriesQuery, bucketOf: (quarter: number) => number) {
  const route = async () => {
    const r = await w.app.inject({ method: 'POST', url: `/api/site-dashboard/${w.siteId}/readings`, payload: body, headers: { authorization: `Bearer ${w.token}` } });
    if (r.statusCode !== 200) throw new Error(`${name}: ${r.statusCode} ${r.body}`);
    return r.body;
  };
  const rollups = () => readSeriesJson(w.db, feeds, q);
  const engineRaw = () => readSeriesJson(w.db, feeds, q, { source: 'raw' });
  const sqlRaw = () => groupByBaseline(w.db, feeds.map((f) => f.feedId), q, bucketOf);
  // The answers must agree before their times mean anything.
  const data = (series: Record<string, unknown>[]) => JSON.stringify(series.map((x) => [x.t, x.min, x.max, x.avg, x.spread, x.value]));
  const fromRollups = data(JSON.parse(await rollups()).series);
  if (data(JSON.parse(await engineRaw()).series) !== fromRollups) throw new Error(`${name}: the rollup and raw answers differ`);
  if (data(JSON.parse(await route()).data.series) !== fromRollups) throw new Error(`${name}: the route answers otherwise`);
  const viaRoute: number[] = [];
  const fast: number[] = [];
  const slowA: number[] = [];
  const slowB: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    viaRoute.push(await time(route));
    fast.push(await time(rollups));
    slowA.push(await time(engineRaw));
    slowB.push(await time(sqlRaw));
  }
  const value = median(fast);
  const baseline = Math.min(median(slowA), median(slowB));
  const ratio = baseline / value;
  const routeMs = median(viaRoute);
  return {
    ok: routeMs <= GOAL_MS && ratio >= GOAL_RATIO,
    line: `bench ${name}: ${value.toFixed(1)} ms (baseline ${baseline.toFixed(1)} ms, ratio ${ratio.toFixed(1)}, goal ratio ≥ ${GOAL_RATIO} and the route ≤ ${GOAL_MS} ms: route ${routeMs.toFixed(1)} ms)`,
  };
}

/** 50 feeds × 1 week of 1-minute readings at 15-minute buckets, average with the min..max band. */
export async function readingsWeek(): Promise<{ line: string; ok: boolean }> {
  const w = await buildReadingsWorld({ week: true });
  const from = w.weekFrom;
  const to = from + 7 * 86_400_000;
  const body = { feedIds: w.weekFeeds, from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval: '15minutes', aggregation: 2, dataViewType: 'RawData' };
  const q: SeriesQuery = { from, to, interval: '15minutes', aggregation: 2, view: 'RawData', timezone: 'Europe/London' };
  try {
    return await compare('readings-week', w, body, feedsOf(w.weekFeeds), q, (quarter) => quarter);
  } finally {
    await w.close();
  }
}

/** 1 year of daily min/max for one fridge (local days in Europe/London). */
export async function readingsYear(): Promise<{ line: string; ok: boolean }> {
  const w = await buildReadingsWorld({ year: true });
  const from = w.yearFrom;
  const to = from + 365 * 86_400_000;
  const body = { feedIds: [w.fridge], from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval: '24hours', dataViewType: 'MinMax' };
  const q: SeriesQuery = { from, to, interval: '24hours', view: 'MinMax', timezone: 'Europe/London' };
  try {
    return await compare('readings-year', w, body, [{ ...feedsOf([w.fridge])[0]!, nodeId: 'bench-node-50' }], q, (quarter) => localDayStart(quarter, 'Europe/London'));
  } finally {
    await w.close();
  }
}
