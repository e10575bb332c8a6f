import type { ReadingSeries } from '../src/api/contract/monitoring';
import { reduce } from '../server/monitoring/readings';
import { median, stage } from './browser-harness';

/**
 * B1: the readings chart on a wall display (1,800 px wide, 360 px high). 50 fridge-like feeds over a week, at
 * 15-minute (672 points each) and 1-minute (10,080) resolution, reduced by the server's own reduction to two points
 * per pixel as the site dashboard asks. Time from the data's arrival to the second animation frame with the chart
 * painted, the product's nivo chart against uPlot drawing the same series, alternated on fresh pages.
 */

const FEEDS = 50;
const WIDTH = 1800;
const PAIRS = 7;
const GOAL_RATIO = 2;
const GOAL_HEAP_MB = 50;

export function week(points: number): ReadingSeries[] {
  const from = Date.parse('2026-11-01T00:00:00Z');
  const step = (7 * 86_400_000) / points;
  const series: ReadingSeries[] = [];
  for (let f = 0; f < FEEDS; f++) {
    const t = new Array<number>(points);
    const v = new Array<number>(points);
    for (let i = 0; i < points; i++) {
      t[i] = from + i * step;
      // 2–8 °C with a slow cycle, sensor noise, door-open spikes and a defrost every 8 hours.
      const noise = (((i + 1) * (f + 3) * 7919) % 1000) / 2500;
      const door = (i * 31 + f * 17) % 997 < 3 ? 4 : 0;
      const defrost = (t[i]! / 3_600_000) % 8 < 0.3 ? 2 : 0;
      v[i] = 5 + 1.5 * Math.sin(i / (points / 14) + f) + noise + door + defrost;
    }
    const r = reduce(t, v, WIDTH * 2, from, from + 7 * 86_400_000);
    series.push({ feedId: `feed-${f}`, nodeId: `node-${f}`, name: `Fridge ${f + 1}`, unit: '°C', t: r.t, value: r.value });
  }
  return series;
}

async function measure(points: number) {
  const s = await stage();
  const data = week(points);
  const drawn = data.reduce((n, x) => n + x.t.length, 0);
  const nivo: number[] = [];
  const uplot: number[] = [];
  let heap = 0;
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first so that neither always meets a warmer machine.
    for (const kind of i % 2 ? (['uplot', 'nivo'] as const) : (['nivo', 'uplot'] as const)) {
      const { value: ms, page } = await s.run<number>(kind === 'nivo' ? 'chartNivo' : 'chartUplot', data);
      (kind === 'nivo' ? nivo : uplot).push(ms);
      if (process.env.BENCH_VERBOSE) console.error(`chart ${points} ${kind} ${ms.toFixed(1)} ms`);
      if (kind === 'nivo') heap = Math.max(heap, await s.heapUsed(page));
    }
  }
  return { nivo: median(nivo), uplot: median(uplot), heapMb: heap / 1e6, drawn };
}

export async function chart(): Promise<{ line: string; ok: boolean }> {
  const lines: string[] = [];
  let ok = true;
  try {
    for (const points of [672, 10_080]) {
      const r = await measure(points);
      const ratio = r.nivo / r.uplot;
      const pass = ratio <= GOAL_RATIO && r.heapMb <= GOAL_HEAP_MB;
      ok &&= pass;
      lines.push(
        `bench chart-${FEEDS}x${points}: ${r.nivo.toFixed(1)} ms to the 2nd frame (baseline uPlot ${r.uplot.toFixed(1)} ms, ratio ${ratio.toFixed(2)}, goal ≤ ${GOAL_RATIO}; heap ${r.heapMb.toFixed(1)} MB, goal ≤ ${GOAL_HEAP_MB}; ${r.drawn} points drawn)${pass ? '' : '  ← goal missed'}`,
      );
    }
  } finally {
    await (await stage()).close();
  }
  return { ok, line: lines.join('\n') };
}
