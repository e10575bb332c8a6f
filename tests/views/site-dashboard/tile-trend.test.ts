import { describe, expect, it } from 'vitest';
import { tileTrends } from '../../../src/views/site-dashboard/tile-trend';
import type { ReadingSeries } from '../../../src/api/contract/monitoring';

const HOUR = 3_600_000;
const END = Date.parse('2026-11-21T12:00:00Z');
const series = (over: Partial<ReadingSeries>): ReadingSeries => ({ feedId: 'f1', nodeId: 'n1', name: 'Temperature', unit: '°C', t: [], ...over });
const hourly = (n: number) => Array.from({ length: n }, (_, i) => END - (n - 1 - i) * HOUR);

describe('tile trends from the readings the page loaded', () => {
  it('keeps the last 24 hours of each series, ending at the newest point loaded, with its mean and min..max', () => {
    const t = hourly(48);
    const avg = t.map((_, i) => i);
    const out = tileTrends(
      { series: [series({ t, avg, min: avg.map((x) => x - 1), max: avg.map((x) => x + 1) })] },
      { dataViewType: 'RawData', interval: '1hour', aggregation: 2 },
      HOUR,
      END + 10 * 60_000,
    )!;
    expect(out.to).toBe(END);
    expect(out.recent).toBe(true);
    const f = out.byFeed.get('f1')!;
    expect(f.from).toBe(END - 24 * HOUR);
    expect(f.t).toEqual(t.slice(23));
    expect(f.values).toEqual(avg.slice(23));
    expect(f.low[0]).toBe(22);
    expect(f.high.at(-1)).toBe(48);
    expect(f.gapMs).toBe(1.5 * HOUR);
  });

  it('uses stored values for raw readings, with a gap of three typical steps, and says when the window is not now', () => {
    const t = Array.from({ length: 10 }, (_, i) => END - (9 - i) * 10 * 60_000);
    const out = tileTrends({ series: [series({ t, value: t.map(() => 5) })] }, { dataViewType: 'RawData', interval: '1hour', aggregation: null }, null, END + 5 * HOUR)!;
    expect(out.recent).toBe(false);
    expect(out.byFeed.get('f1')!.values).toHaveLength(10);
    expect(out.byFeed.get('f1')!.gapMs).toBe(30 * 60_000);
  });

  it('gives no trend for another quantity than the tile’s (consumption, spread) or without readings', () => {
    const t = hourly(3);
    const loaded = { series: [series({ t, value: [1, 2, 3], spread: [1, 1, 1] })] };
    expect(tileTrends(loaded, { dataViewType: 'ConsumptionPeriod', interval: '1hour', aggregation: null }, HOUR, END)).toBeNull();
    expect(tileTrends(loaded, { dataViewType: 'RawData', interval: '1hour', aggregation: 6 }, HOUR, END)).toBeNull();
    expect(tileTrends({ series: [series({})] }, { dataViewType: 'RawData', interval: '1hour', aggregation: null }, null, END)).toBeNull();
    expect(tileTrends(null, null, null, END)).toBeNull();
    // Min and max buckets draw their middle.
    const mm = tileTrends({ series: [series({ t, min: [1, 2, 3], max: [3, 4, 5] })] }, { dataViewType: 'MinMax', interval: '1hour', aggregation: null }, HOUR, END)!;
    expect(mm.byFeed.get('f1')!.values).toEqual([2, 3, 4]);
  });
});
