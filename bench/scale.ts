import { buildScaleWorld, reachable, RAW_DAYS, type ScaleWorld } from './scale-world';
import { median, time } from './readings-world';
import { DEFAULT_WORLD } from '../server/seed/catalogue';
import { STEP_MS } from '../server/seed/patterns';

/**
 * Ten times the demo world's sites on PostgreSQL against the demo world itself, both with 7 days of raw
 * history and 90 of rollups for every feed, built side by side on throwaway databases (BENCH_DATABASE_URL, else the
 * dev server on 55433). Timed on each: the readings route's site-week answer (the readings-week call: a week of a
 * site's temperature feeds, up to 50, at 15 minutes, average with the min..max band) and its fridge-year answer (the
 * readings-year call: 365 days of daily min/max of one fridge). Runs alternate between the worlds, so load on the
 * machine falls on both alike; the goal is the median within 1.5× of the demo world's.
 */

const GOAL = 1.5;
const RUNS = 21;
const DEV_URL = 'postgres://postgres@127.0.0.1:55433/postgres';

interface Calls {
  week: Record<string, unknown>;
  year: Record<string, unknown>;
  site: string;
  feeds: number;
}

/**
 * The calls, asked of the same site in both worlds: the plan lays out the first sites alike whatever the world's size,
 * so the demo world's largest Northwind site (by temperature feeds) is found in the large one by name.
 */
function callsOf(w: ScaleWorld, siteName: string): Calls {
  const site = w.plan.sites.find((s) => s.name === siteName && s.parentSiteId === null && s.companyId === w.companyId)!;
  const nodes = w.plan.nodes.filter((n) => n.siteId === site.id).sort((a, b) => a.serial.localeCompare(b.serial));
  const temps = nodes.flatMap((n) => n.feeds.filter((f) => f.signalKey === 'temperature')).slice(0, 50);
  const fridge = nodes.find((n) => n.deviceType === 'Fridge Probe')!.feeds.find((f) => f.signalKey === 'temperature')!;
  const end = w.plan.end + STEP_MS;
  const weekFrom = Math.max(...temps.map((f) => f.rawFrom));
  return {
    site: site.id,
    feeds: temps.length,
    week: { feedIds: temps.map((f) => f.id), from: new Date(weekFrom).toISOString(), to: new Date(weekFrom + RAW_DAYS * 86_400_000).toISOString(), interval: '15minutes', aggregation: 2, dataViewType: 'RawData' },
    year: { feedIds: [fridge.id], from: new Date(end - 365 * 86_400_000).toISOString(), to: new Date(end).toISOString(), interval: '24hours', dataViewType: 'MinMax' },
  };
}

function largestSite(w: ScaleWorld): string {
  const northwind = w.plan.sites.filter((s) => s.parentSiteId === null && s.companyId === w.companyId);
  const temps = (siteId: string) => w.plan.nodes.filter((n) => n.siteId === siteId).reduce((k, n) => k + n.feeds.filter((f) => f.signalKey === 'temperature').length, 0);
  return northwind.sort((a, b) => temps(b.id) - temps(a.id))[0]!.name;
}

async function ask(w: ScaleWorld, site: string, body: Record<string, unknown>): Promise<string> {
  const r = await w.app.inject({ method: 'POST', url: `/api/site-dashboard/${site}/readings`, payload: body, headers: { authorization: `Bearer ${w.token}` } });
  if (r.statusCode !== 200) throw new Error(`bench scale: ${r.statusCode} ${r.body}`);
  return r.body;
}

/** Buckets per series: both worlds must answer the same shape, with data, before their times mean anything. */
const shape = (body: string) => (JSON.parse(body) as { data: { series: { t: number[] }[] } }).data.series.map((s) => s.t.length);

export async function scale(): Promise<{ line: string; ok: boolean }> {
  const url = process.env.BENCH_DATABASE_URL ?? DEV_URL;
  if (!(await reachable(url))) return { ok: true, line: `bench scale: skipped (no PostgreSQL at ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : DEV_URL}; set BENCH_DATABASE_URL)` };
  const now = Date.now();
  const log = (line: string) => console.log(line);
  const demo = await buildScaleWorld(url, DEFAULT_WORLD.sites, now, log);
  let large: ScaleWorld | null = null;
  try {
    large = await buildScaleWorld(url, DEFAULT_WORLD.sites * 10, now, log);
    const name = largestSite(demo);
    const calls = [callsOf(demo, name), callsOf(large, name)] as const;
    const worlds = [demo, large] as const;
    const result: Record<'week' | 'year', [number[], number[]]> = { week: [[], []], year: [[], []] };
    for (const k of ['week', 'year'] as const) {
      const [a, b] = [shape(await ask(demo, calls[0].site, calls[0][k])), shape(await ask(large, calls[1].site, calls[1][k]))];
      if (JSON.stringify(a) !== JSON.stringify(b) || a.some((n) => n === 0)) throw new Error(`bench scale: the ${k} answers differ in shape (${a.join(',')} vs ${b.join(',')})`);
    }
    for (let i = 0; i < RUNS; i++) {
      for (const k of ['week', 'year'] as const) {
        // Which world goes first alternates, so neither always follows the other's call.
        for (const w of i % 2 ? ([1, 0] as const) : ([0, 1] as const)) result[k][w].push(await time(() => ask(worlds[w], calls[w].site, calls[w][k])));
      }
    }
    const part = (k: 'week' | 'year', label: string) => {
      const [d, l] = [median(result[k][0]), median(result[k][1])];
      return { ok: l / d <= GOAL, text: `${label} ${l.toFixed(1)} ms vs ${d.toFixed(1)} ms (ratio ${(l / d).toFixed(2)}, goal ≤ ${GOAL})` };
    };
    const week = part('week', 'site-week');
    const year = part('year', 'fridge-year');
    return {
      ok: week.ok && year.ok,
      line: `bench scale: ${week.text}; ${year.text} — ${large.plan.sites.length} sites vs ${demo.plan.sites.length}, ${calls[0].feeds} feeds of ${name}, medians of ${RUNS}`,
    };
  } finally {
    await large?.close();
    await demo.close();
  }
}
