import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signInAdmin, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, bruteLocalBucket, memberOf, rng } from './readings-fixtures';
import { storeReadings } from '../../server/monitoring/ingest';
import { INTERVALS, INTERVAL_MS, type Interval, type ReadingSeries } from '../../src/api/contract/monitoring';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface Row {
  ts: number;
  value: number;
}

/** Readings at irregular times (5–13 minutes apart) with occasional spikes. */
function temperatures(seed: number, from: number, to: number): Row[] {
  const r = rng(seed);
  const out: Row[] = [];
  for (let ts = from + Math.floor(r() * 5 * MIN); ts < to; ts += 5 * MIN + Math.floor(r() * 8 * MIN)) {
    out.push({ ts, value: Math.round((4 + Math.sin(ts / 5e6) * 2 + (r() < 0.02 ? 9 : 0) + r()) * 1000) / 1000 });
  }
  return out;
}

/** A meter register: rises by 0–3 per reading, reset to zero once in a while. */
function register(seed: number, from: number, to: number): Row[] {
  const r = rng(seed);
  const out: Row[] = [];
  let v = 5000;
  for (let ts = from; ts < to; ts += 10 * MIN + Math.floor(r() * 10 * MIN)) {
    v = r() < 0.004 ? Math.floor(r() * 3) : v + Math.floor(r() * 4);
    out.push({ ts, value: v });
  }
  return out;
}

function shuffled<T>(xs: T[], seed: number): T[] {
  const r = rng(seed);
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** The bucket of `ts`, worked out here: fixed arithmetic below an hour, an Intl brute force from 6 hours up. */
function refBucket(ts: number, interval: Interval, zone: string): number {
  const size = INTERVAL_MS[interval];
  if (size <= HOUR) {
    // London's offsets are whole hours; Kolkata is +05:30 all year.
    const off = zone === 'Asia/Kolkata' ? 5.5 * HOUR : 0;
    return Math.floor((ts + off) / size) * size - off;
  }
  return bruteLocalBucket(ts, zone, size / HOUR);
}

type Stats = { t: number[]; min: number[]; max: number[]; avg: number[]; spread: number[]; period: number[]; total: number[] };

/** Every statistic of docs/product.md, Readings, per bucket, from the raw rows (the range is widened to whole buckets). */
function reference(rows: Row[], from: number, to: number, interval: Interval, zone: string): Stats {
  const first = refBucket(from, interval, zone);
  const last = refBucket(to - 1, interval, zone);
  const sorted = [...rows].sort((a, b) => a.ts - b.ts);
  const groups = new Map<number, { values: number[]; used: number }>();
  let prev: number | null = null;
  for (const r of sorted) {
    const b = refBucket(r.ts, interval, zone);
    if (b >= first && b <= last) {
      const g = groups.get(b) ?? { values: [], used: 0 };
      g.values.push(r.value);
      if (prev !== null) g.used += r.value >= prev ? r.value - prev : r.value;
      groups.set(b, g);
    }
    prev = r.value;
  }
  const s: Stats = { t: [], min: [], max: [], avg: [], spread: [], period: [], total: [] };
  let total = 0;
  for (const [b, g] of [...groups].sort((x, y) => x[0] - y[0])) {
    const min = Math.min(...g.values);
    const max = Math.max(...g.values);
    s.t.push(b);
    s.min.push(min);
    s.max.push(max);
    s.avg.push(g.values.reduce((a, v) => a + v, 0) / g.values.length);
    s.spread.push(max - min);
    s.period.push(g.used);
    total += g.used;
    s.total.push(total);
  }
  return s;
}

const MODES: Record<number, (keyof Stats)[]> = { 0: ['min'], 1: ['max'], 2: ['avg', 'min', 'max'], 3: ['avg', 'min'], 4: ['avg', 'max'], 5: ['min', 'max'], 6: ['spread'] };

function expectClose(actual: number[] | undefined, expected: number[], what: string) {
  expect(actual, what).toBeDefined();
  expect(actual!.length, what).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (Math.abs(actual![i]! - expected[i]!) > 1e-9 * Math.max(1, Math.abs(expected[i]!))) {
      expect(actual![i], `${what}[${i}]`).toBe(expected[i]);
    }
  }
}

const iso = (t: number) => new Date(t).toISOString();

describe('readings', () => {
  let t: TestApp;
  const f: Record<string, string> = {};
  const n: Record<string, string> = {};
  const s: Record<string, string> = {};
  const data = new Map<string, Row[]>();
  let viewer: string;
  let foreign: string;
  const WINDOWS = [
    { name: 'spring', from: Date.parse('2024-03-29T00:00:00Z'), to: Date.parse('2024-04-02T00:00:00Z') },
    { name: 'autumn', from: Date.parse('2024-10-25T00:00:00Z'), to: Date.parse('2024-10-29T00:00:00Z') },
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    const a = await addCompany(db);
    const b = await addCompany(db);
    s.main = await addSite(db, a, { timezone: 'Europe/London' });
    s.sub = await addSite(db, a, { timezone: 'Europe/London', parentSiteId: s.main });
    s.subsub = await addSite(db, a, { timezone: 'Europe/London', parentSiteId: s.sub });
    s.paris = await addSite(db, a, { timezone: 'Europe/Paris', parentSiteId: s.main });
    s.sibling = await addSite(db, a, { timezone: 'Europe/London' });
    s.kolkata = await addSite(db, a, { timezone: 'Asia/Kolkata' });
    s.foreign = await addSite(db, b, { timezone: 'Europe/London' });
    const hub = await addHub(db, s.main);
    const temp = await addSignalType(db, 'instant', '°C');
    const energy = await addSignalType(db, 'counter', 'kWh');
    n.main = await addNode(db, hub);
    n.sub = await addNode(db, hub, s.sub);
    n.subsub = await addNode(db, hub, s.subsub);
    n.paris = await addNode(db, hub, s.paris);
    n.sibling = await addNode(db, await addHub(db, s.sibling));
    n.kolkata = await addNode(db, await addHub(db, s.kolkata));
    n.foreign = await addNode(db, await addHub(db, s.foreign));
    f.T = await addFeed(db, n.main, temp, 'b temperature');
    f.T2 = await addFeed(db, n.main, temp, 'c temperature copy');
    f.E = await addFeed(db, n.main, temp, 'a empty');
    f.C = await addFeed(db, n.sub, energy, 'a energy');
    f.C2 = await addFeed(db, n.sub, energy, 'b energy shuffled');
    f.D = await addFeed(db, n.subsub, temp, 'deep');
    f.P = await addFeed(db, n.paris, temp, 'paris');
    f.X = await addFeed(db, n.sibling, temp, 'sibling');
    f.K = await addFeed(db, n.kolkata, temp, 'kolkata');
    f.K2 = await addFeed(db, n.kolkata, temp, 'kolkata copy');
    f.F = await addFeed(db, n.foreign, temp, 'foreign');

    const temps = WINDOWS.flatMap((w, i) => temperatures(11 + i, w.from, w.to));
    const meter = WINDOWS.flatMap((w, i) => register(21 + i, w.from - DAY, w.to));
    for (const id of ['T', 'T2', 'D', 'P', 'X', 'K', 'K2', 'F']) data.set(f[id]!, temps);
    data.set(f.C!, meter).set(f.C2!, meter);
    // Temperatures and the shuffled meter arrive in random order and batch sizes; the meter C in order.
    for (const key of ['T', 'T2', 'D', 'P', 'X', 'K', 'K2', 'F', 'C2']) {
      const rows = shuffled(data.get(f[key]!)!, key.charCodeAt(0)).map((r) => ({ feedId: f[key]!, ...r }));
      for (let i = 0, size = 1; i < rows.length; i += size, size = (size * 7) % 200 + 1) await storeReadings(db, rows.slice(i, i + size));
    }
    for (let i = 0; i < meter.length; i += 50) await storeReadings(db, meter.slice(i, i + 50).map((r) => ({ feedId: f.C!, ...r })));
    // The copies keep only their rollups: answering them proves the rollups serve, not raw rows.
    await db.deleteFrom('readings').where('feedId', 'in', [f.T2!, f.K2!]).execute();

    viewer = (await memberOf(t.app, db, a, 'viewer')).token;
    foreign = (await memberOf(t.app, db, b, 'user')).token;
  });
  afterAll(() => t.close());

  const read = (siteId: string, body: Record<string, unknown>, token = viewer, path = 'readings') =>
    call(t.app, 'POST', `/api/site-dashboard/${siteId}/${path}`, body, token);
  const series = async (siteId: string, body: Record<string, unknown>, token = viewer): Promise<ReadingSeries[]> => {
    const r = await read(siteId, body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.series;
  };
  const only = (x: ReadingSeries) => Object.keys(x).filter((k) => !['feedId', 'nodeId', 'name', 'unit'].includes(k)).sort();

  describe.each(WINDOWS)('$name window (Europe/London)', (w) => {
    // Not aligned to any bucket, so the range is widened at both ends.
    const from = w.from + 10 * HOUR + 7 * MIN;
    const to = w.to - 9 * HOUR - 13 * MIN;
    const range = { from: iso(from), to: iso(to) };

    it.each(INTERVALS)('%s: every aggregation mode and MinMax equal the raw-row reference, from rollups', async (interval) => {
      for (const aggregation of [0, 1, 2, 3, 4, 5, 6, undefined]) {
        const view = aggregation === undefined ? 'MinMax' : 'RawData';
        const got = await series(s.main!, { feedIds: [f.T, f.T2, f.E, f.C, f.P, f.D], ...range, interval, aggregation, dataViewType: view });
        const arrays = aggregation === undefined ? (['min', 'max'] as const) : MODES[aggregation]!;
        expect(got.map((x) => x.feedId)).toEqual([f.T, f.T2, f.E, f.C, f.P, f.D]);
        for (const x of got) {
          const ref = reference(data.get(x.feedId) ?? [], from, to, interval, 'Europe/London');
          expect(only(x)).toEqual(['t', ...arrays].sort());
          expect(x.t.map(iso), `${x.name} ${interval} ${aggregation}`).toEqual(ref.t.map(iso));
          for (const a of arrays) expectClose((x as any)[a], ref[a], `${x.name} ${interval} mode ${aggregation} ${a}`);
        }
        expect(got[2]).toMatchObject({ t: [] });
        // The copy without raw rows answers the same.
        expect({ ...got[1], feedId: '', name: '' }).toEqual({ ...got[0], feedId: '', name: '' });
      }
    });

    it.each(INTERVALS)('%s: consumption per bucket and running total of the meter (in order and shuffled)', async (interval) => {
      for (const view of ['ConsumptionPeriod', 'ConsumptionOverTime'] as const) {
        const got = await series(s.main!, { feedIds: [f.C, f.C2, f.T], ...range, interval, dataViewType: view });
        const ref = reference(data.get(f.C!)!, from, to, interval, 'Europe/London');
        for (const x of got.slice(0, 2)) {
          expect(only(x)).toEqual(['t', 'value']);
          expect(x.t).toEqual(ref.t);
          expectClose(x.value, view === 'ConsumptionPeriod' ? ref.period : ref.total, `${x.name} ${interval} ${view}`);
        }
        // An instant feed has no consumption.
        expect(got[2]).toMatchObject({ t: [], value: [] });
      }
    });

    it('RawData without aggregation is the stored readings of [from, to), reduced to maxPoints keeping the peaks', async () => {
      const [all] = await series(s.main!, { feedIds: [f.T], ...range, interval: '15minutes', dataViewType: 'RawData' });
      const inRange = data.get(f.T!)!.filter((r) => r.ts >= from && r.ts < to).sort((a, b) => a.ts - b.ts);
      expect(all!.t).toEqual(inRange.map((r) => r.ts));
      expect(all!.value).toEqual(inRange.map((r) => r.value));
      const [few] = await series(s.main!, { feedIds: [f.T], ...range, interval: '15minutes', dataViewType: 'RawData', maxPoints: 40 });
      expect(few!.t.length).toBeLessThanOrEqual(40);
      expect(few!.t.length).toBeGreaterThan(20);
      expect([...few!.t].sort((a, b) => a - b)).toEqual(few!.t);
      const byTs = new Map(inRange.map((r) => [r.ts, r.value]));
      few!.t.forEach((ts, i) => expect(byTs.get(ts)).toBe(few!.value![i]));
      expect(Math.max(...few!.value!)).toBe(Math.max(...inRange.map((r) => r.value)));
      expect(Math.min(...few!.value!)).toBe(Math.min(...inRange.map((r) => r.value)));
    });
  });

  it('24-hour buckets are local days: 23 hours on the spring day, 25 on the autumn day', async () => {
    const spring = await series(s.main!, { feedIds: [f.T], from: '2024-03-30T12:00:00Z', to: '2024-04-01T12:00:00Z', interval: '24hours', aggregation: 5, dataViewType: 'RawData' });
    expect(spring[0]!.t.map(iso)).toEqual(['2024-03-30T00:00:00.000Z', '2024-03-31T00:00:00.000Z', '2024-03-31T23:00:00.000Z']);
    const autumn = await series(s.main!, { feedIds: [f.T], from: '2024-10-26T12:00:00Z', to: '2024-10-28T12:00:00Z', interval: '24hours', aggregation: 5, dataViewType: 'RawData' });
    expect(autumn[0]!.t.map(iso)).toEqual(['2024-10-25T23:00:00.000Z', '2024-10-26T23:00:00.000Z', '2024-10-28T00:00:00.000Z']);
  });

  it('Asia/Kolkata: hours start on the UTC half hour (from quarter-hour rollups), days at 18:30Z', async () => {
    const w = WINDOWS[1]!;
    const from = w.from + 5 * HOUR;
    const to = w.to - 7 * HOUR;
    for (const interval of INTERVALS) {
      const got = await series(s.kolkata!, { feedIds: [f.K, f.K2], from: iso(from), to: iso(to), interval, aggregation: 2, dataViewType: 'RawData' });
      const ref = reference(data.get(f.K!)!, from, to, interval, 'Asia/Kolkata');
      expect(got[0]!.t).toEqual(ref.t);
      for (const a of ['avg', 'min', 'max'] as const) expectClose((got[0] as any)[a], ref[a], `kolkata ${interval} ${a}`);
      expect({ ...got[1], feedId: '', name: '' }).toEqual({ ...got[0], feedId: '', name: '' });
      if (interval === '1hour') expect(got[0]!.t.every((x) => x % HOUR === 30 * MIN)).toBe(true);
      if (interval === '24hours') expect(got[0]!.t.every((x) => iso(x).endsWith('T18:30:00.000Z'))).toBe(true);
    }
  });

  it('Reading answers the latest value per feed; a feed without data answers empty arrays', async () => {
    const got = await series(s.main!, { feedIds: [f.T, f.E], from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z', interval: '1hour', dataViewType: 'Reading' });
    const newest = [...data.get(f.T!)!].sort((a, b) => b.ts - a.ts)[0]!;
    expect(got[0]).toMatchObject({ feedId: f.T, nodeId: n.main, unit: '°C', t: [newest.ts], value: [newest.value] });
    expect(got[1]).toMatchObject({ feedId: f.E, t: [], value: [] });
  });

  it('an empty range answers empty arrays of exactly the arrays the mode asks for', async () => {
    const range = { from: '2023-01-01T00:00:00Z', to: '2023-01-03T00:00:00Z' };
    for (const [aggregation, arrays] of Object.entries(MODES)) {
      const got = await series(s.main!, { feedIds: [f.T, f.C], ...range, interval: '1hour', aggregation: Number(aggregation), dataViewType: 'RawData' });
      for (const x of got) expect(x).toEqual({ feedId: x.feedId, nodeId: x.nodeId, name: x.name, unit: x.unit, t: [], ...Object.fromEntries(arrays.map((a) => [a, []])) });
    }
    const raw = await series(s.main!, { feedIds: [f.T], ...range, interval: '1hour', dataViewType: 'RawData' });
    expect(raw[0]).toMatchObject({ t: [], value: [] });
    const period = await series(s.main!, { feedIds: [f.C], ...range, interval: '1hour', dataViewType: 'ConsumptionPeriod' });
    expect(period[0]).toMatchObject({ t: [], value: [] });
  });

  it('nodeIds expand to their feeds in node order, then feed name; feedIds come first and repeats are dropped', async () => {
    const got = await series(s.main!, { feedIds: [f.C2], nodeIds: [n.sub, n.main], from: '2024-03-30T00:00:00Z', to: '2024-03-30T01:00:00Z', interval: '1hour', dataViewType: 'Reading' });
    expect(got.map((x) => x.feedId)).toEqual([f.C2, f.C, f.E, f.T, f.T2]);
    expect(got[1]).toMatchObject({ nodeId: n.sub, unit: 'kWh', name: 'a energy' });
  });

  it('readings-minmax answers min and max per bucket whatever the view asked', async () => {
    const r = await read(s.main!, { feedIds: [f.T], from: '2024-03-30T00:00:00Z', to: '2024-03-31T00:00:00Z', interval: '6hours', aggregation: 6, dataViewType: 'RawData' }, viewer, 'readings-minmax');
    expect(r.status).toBe(200);
    const x = r.body.data.series[0];
    expect(only(x)).toEqual(['max', 'min', 't']);
    expect(x.t).toHaveLength(4);
  });

  describe('access', () => {
    const body = (ids: Record<string, unknown>) => ({ ...ids, from: '2024-03-30T00:00:00Z', to: '2024-03-31T00:00:00Z', interval: '1hour', aggregation: 0, dataViewType: 'RawData' });
    const expectNotFound = (r: Awaited<ReturnType<typeof read>>) => {
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: expect.any(String), code: 'not_found' });
    };

    it('reads feeds of sub-sites at any depth, and nothing outside the site', async () => {
      expect((await read(s.main!, body({ feedIds: [f.D, f.C, f.P] }))).status).toBe(200);
      expectNotFound(await read(s.main!, body({ feedIds: [f.T, f.X] })));
      expectNotFound(await read(s.main!, body({ nodeIds: [n.sibling] })));
      expectNotFound(await read(s.sub!, body({ feedIds: [f.T] })));
      expectNotFound(await read(s.main!, body({ feedIds: [f.F] })));
      expectNotFound(await read(s.main!, body({ nodeIds: [n.foreign] })));
      expectNotFound(await read(s.main!, body({ feedIds: ['no-such-feed'] })));
    });

    it("another company's site, feeds and nodes are 404 and answer no data", async () => {
      for (const b of [body({ feedIds: [f.T] }), body({ nodeIds: [n.main] }), body({ feedIds: [f.F] })]) {
        expectNotFound(await read(s.main!, b, foreign));
        expectNotFound(await read(s.main!, b, foreign, 'readings-minmax'));
      }
      expectNotFound(await read(s.foreign!, body({ feedIds: [f.F] }), viewer));
      expectNotFound(await read('no-such-site', body({ feedIds: [f.T] }), viewer));
      // Their own site answers them.
      expect((await read(s.foreign!, body({ feedIds: [f.F] }), foreign)).status).toBe(200);
    });

    it('admins acting as themselves read any company; a shadow stays inside its company; no token is 401', async () => {
      const admin = await signInAdmin(t.app);
      expect((await read(s.main!, body({ feedIds: [f.T] }), admin.accessToken)).status).toBe(200);
      expect((await read(s.foreign!, body({ feedIds: [f.F] }), admin.accessToken)).status).toBe(200);
      const foreignCompany = (await t.deps.db.selectFrom('sites').select('companyId').where('id', '=', s.foreign!).executeTakeFirstOrThrow()).companyId;
      const shadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: foreignCompany }, admin.accessToken)).body.data;
      expectNotFound(await read(s.main!, body({ feedIds: [f.T] }), shadow.accessToken));
      expect((await read(s.foreign!, body({ feedIds: [f.F] }), shadow.accessToken)).status).toBe(200);
      expect((await call(t.app, 'POST', `/api/site-dashboard/${s.main}/readings`, body({ feedIds: [f.T] }))).status).toBe(401);
    });

    it('an answer is capped at 200,000 points: past it, a 400 names a coarser interval that fits', async () => {
      const six = [f.T, f.T2, f.E, f.C, f.P, f.D];
      const year = { from: '2023-04-01T00:00:00Z', to: '2024-03-31T00:00:00Z' };
      // 6 feeds × 35,040 quarter hours is 210,240 points: the call names 30 minutes, which fits (105,120).
      for (const path of ['readings', 'readings-minmax'] as const) {
        const r = await read(s.main!, { feedIds: six, ...year, interval: '15minutes', aggregation: 0, dataViewType: 'RawData' }, undefined, path);
        expect(r.status, path).toBe(400);
        expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^interval: .*choose 30minutes/), details: [{ path: 'interval', limit: 200_000 }] });
      }
      expect((await read(s.main!, { feedIds: six, ...year, interval: '30minutes', aggregation: 0, dataViewType: 'RawData' })).status).toBe(200);
      // Raw points count as feeds × maxPoints, whatever the interval: 6 × 20,000 fits (the unit test checks the edge).
      expect((await read(s.main!, { feedIds: six, ...year, interval: '15minutes', dataViewType: 'RawData', maxPoints: 20_000 })).status).toBe(200);
    });

    it('bad input is a 400 naming the field, before anything is looked up', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...body({}) }, 'feedIds'],
        [{ ...body({ feedIds: [f.T] }), from: '2024-03-31T00:00:00Z' }, 'from'],
        [{ ...body({ feedIds: [f.T] }), to: '2025-06-01T00:00:00Z' }, 'to'],
        [{ ...body({ feedIds: [f.T] }), interval: 'weekly' }, 'interval'],
        [{ ...body({ feedIds: [f.T] }), aggregation: 7 }, 'aggregation'],
        [{ ...body({ feedIds: [f.T] }), maxPoints: 1 }, 'maxPoints'],
        [{ ...body({ feedIds: [f.T] }), dataViewType: 'Chart' }, 'dataViewType'],
      ];
      for (const [b, field] of cases) {
        for (const site of [s.main!, s.foreign!]) {
          const r = await read(site, b);
          expect(r.status, field).toBe(400);
          expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining(field) });
        }
      }
    });
  });
});
