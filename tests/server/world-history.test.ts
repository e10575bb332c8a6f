import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { feedHistory } from '../../server/seed/history';
import type { PlannedFeed, PlannedNode, WorldPlan } from '../../server/seed/plan';
import { counterDelta } from '../../server/monitoring/readings';
import { bucketBoundaries, localDayStart } from '../../server/monitoring/time';
import type { ReadingSeries } from '../../src/api/contract/monitoring';
import { buildTestApp, call, signInAdmin, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 10, 12, 7);
/** Four sites (an estate with two sub-sites, a facility): meters and rooms; 33 days of history, 2 of raw readings. */
const WORLD = { sites: 4, days: 2, fridgeDays: 2, historyDays: 33, now: NOW };

describe('history older than raw retention (rollups only)', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps, WORLD));
    token = (await signInAdmin(t.app)).accessToken;
  });
  afterAll(() => t.close());

  const live = (n: PlannedNode) => n.quietSince === null && !plan.hubs.some((h) => h.id === n.hubId && h.quietSince !== null);
  const reset = () => plan.resets[0]!;
  /** The meter that was replaced (its register restarts inside the raw readings), another meter, and a room. */
  const subjects = () => {
    const nodes = plan.nodes.filter(live);
    const replaced = nodes.find((n) => n.feeds.some((f) => f.id === reset().feedId))!;
    const meter = nodes.find((n) => n.deviceType === 'Pulse Logger' && n !== replaced)!;
    const room = nodes.find((n) => n.deviceType === 'Temperature & Humidity')!;
    return [
      { node: replaced, feed: replaced.feeds.find((f) => f.id === reset().feedId)! },
      { node: meter, feed: meter.feeds[0]! },
      { node: room, feed: room.feeds.find((f) => f.signalKey === 'temperature')! },
    ];
  };

  const stats = async (feedId: string) => {
    const rows = await t.deps.db
      .selectFrom('readingRollups')
      .select(['grain', sql<number>`min(bucket)`.as('first'), sql<number>`count(*)`.as('buckets'), sql<number>`sum("count")`.as('readings')])
      .where('feedId', '=', feedId)
      .groupBy('grain')
      .execute();
    const raw = await t.deps.db
      .selectFrom('readings')
      .select([sql<number>`min(ts)`.as('first'), sql<number>`count(*)`.as('n')])
      .where('feedId', '=', feedId)
      .executeTakeFirstOrThrow();
    const grain = Object.fromEntries(rows.map((r) => [r.grain, { first: Number(r.first), buckets: Number(r.buckets), readings: Number(r.readings) }]));
    return { grain, rawFirst: Number(raw.first), raw: Number(raw.n) };
  };

  it('gives every device hourly and daily rollups over the whole history, raw readings and quarter-hours over the last whole local days', async () => {
    expect(plan.resets).toHaveLength(1);
    for (const { node, feed } of subjects()) {
      const history = feedHistory(plan, node, feed).ts;
      expect(plan.end - feed.from).toBe(33 * DAY);
      // Retention keeps whole local days: from the local midnight at least two days back.
      expect(feed.rawFrom).toBe(localDayStart(plan.end - 2 * DAY, node.timezone));
      const s = await stats(feed.id);
      expect(s.grain['1h']).toEqual({ first: feed.from, buckets: (plan.end - feed.from) / HOUR + 1, readings: history.length });
      expect(s.grain['1d']!.first).toBe(localDayStart(feed.from, node.timezone));
      expect(s.grain['1d']!.readings).toBe(history.length);
      expect(s.rawFirst).toBe(feed.rawFrom);
      expect(s.raw).toBe(history.filter((ts) => ts >= feed.rawFrom).length);
      expect(s.grain['15m']).toEqual({ first: feed.rawFrom, buckets: s.raw, readings: s.raw });
    }
  });

  const read = async (node: PlannedNode, feed: PlannedFeed, body: Record<string, unknown>): Promise<ReadingSeries> => {
    const r = await call(t.app, 'POST', `/api/site-dashboard/${node.siteId}/readings`, { feedIds: [feed.id], ...body }, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.series[0];
  };
  /** The 30 local days before today's, as the site's time zone cuts them. */
  const lastMonth = (zone: string) => {
    const to = localDayStart(plan.end, zone);
    const b = bucketBoundaries(to - 30 * DAY, to, '24hours', zone);
    return { b, range: { from: new Date(b[0]!).toISOString(), to: new Date(to).toISOString(), interval: '24hours' } };
  };

  it('answers 30 days of daily consumption for a meter, the same as its readings, across the reset and both periods', async () => {
    for (const { node, feed } of subjects().slice(0, 2)) {
      const { b, range } = lastMonth(node.timezone);
      const got = await read(node, feed, { ...range, dataViewType: 'ConsumptionPeriod' });
      // What the meter's own readings say, reading by reading, from the one before the month.
      const { ts, value } = feedHistory(plan, node, feed);
      const used = new Array<number>(30).fill(0);
      let prev: number | null = null;
      for (let i = 0; i < ts.length && ts[i]! < b[30]!; i++) {
        const day = b.findIndex((x, j) => j < 30 && ts[i]! >= x && ts[i]! < b[j + 1]!);
        if (day >= 0 && prev !== null) used[day]! += counterDelta(prev, value[i]!);
        prev = value[i]!;
      }
      expect(got.t).toEqual(b.slice(0, 30));
      expect(got.value).toHaveLength(30);
      got.value!.forEach((v, i) => expect(v, `${feed.name} day ${i}`).toBeCloseTo(used[i]!, 6));
      expect(used.every((u) => u > 0)).toBe(true);
    }
    // The replaced meter's reset is inside the month: its day counts what was used either side of it, not a fall.
    const { b } = lastMonth(subjects()[0]!.node.timezone);
    expect(reset().at).toBeGreaterThanOrEqual(b[0]!);
    expect(reset().at).toBeLessThan(b[30]!);
  });

  it('answers 30 days of daily minimum and maximum, and hourly averages, for a room, the same as its readings', async () => {
    const { node, feed } = subjects()[2]!;
    const { b, range } = lastMonth(node.timezone);
    const { ts, value } = feedHistory(plan, node, feed);
    const inDay = (j: number) => Array.from(value).filter((_, i) => ts[i]! >= b[j]! && ts[i]! < b[j + 1]!);
    const minmax = await read(node, feed, { ...range, dataViewType: 'MinMax' });
    expect(minmax.t).toEqual(b.slice(0, 30));
    expect(minmax.min).toEqual(b.slice(0, 30).map((_, j) => Math.min(...inDay(j))));
    expect(minmax.max).toEqual(b.slice(0, 30).map((_, j) => Math.max(...inDay(j))));

    const hourly = await read(node, feed, { ...range, interval: '1hour', dataViewType: 'RawData', aggregation: 2 });
    expect(hourly.t).toHaveLength(30 * 24);
    const first = Array.from(value).filter((_, i) => ts[i]! >= b[0]! && ts[i]! < b[0]! + HOUR);
    expect(hourly.avg![0]).toBeCloseTo(first.reduce((s, v) => s + v, 0) / first.length, 9);
  });
});
