import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { minmaxRows } from '../../../src/views/site-dashboard/minmax-rows';

const Q = 15 * 60_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');

/** The table as it was built before: every distinct time, newest first, each cell found with indexOf. */
function reference(series: { t: number[] }[]) {
  const times = [...new Set(series.flatMap((x) => x.t))].sort((a, b) => b - a);
  return times.map((ts) => ({ ts, at: series.map((x) => x.t.indexOf(ts)) }));
}

const plain = (rows: ReturnType<typeof minmaxRows>) => rows.map((r) => ({ ts: r.ts, at: [...r.at] }));

describe('minmaxRows', () => {
  it('merges feeds with gaps and unaligned buckets into one row per time, newest first, -1 where a feed has none', () => {
    const a = { t: [T0, T0 + Q, T0 + 3 * Q] }; // no bucket at +2Q: a gap
    const b = { t: [T0 + Q, T0 + 2 * Q, T0 + 3 * Q, T0 + 4 * Q] }; // starts later, ends later
    const c = { t: [T0 + 7 * 60_000, T0 + Q + 7 * 60_000] }; // buckets of another alignment
    const empty = { t: [] };
    expect(plain(minmaxRows([a, b, c, empty]))).toEqual([
      { ts: T0 + 4 * Q, at: [-1, 3, -1, -1] },
      { ts: T0 + 3 * Q, at: [2, 2, -1, -1] },
      { ts: T0 + 2 * Q, at: [-1, 1, -1, -1] },
      { ts: T0 + Q + 7 * 60_000, at: [-1, -1, 1, -1] },
      { ts: T0 + Q, at: [1, 0, -1, -1] },
      { ts: T0 + 7 * 60_000, at: [-1, -1, 0, -1] },
      { ts: T0, at: [0, -1, -1, -1] },
    ]);
    expect(minmaxRows([])).toEqual([]);
    expect(minmaxRows([empty, empty])).toEqual([]);
  });

  it('gives the same rows as looking each cell up, for any ascending series', () => {
    const series = fc.array(
      fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 60 }).map((xs) => ({ t: xs.sort((p, q) => p - q).map((x) => T0 + x * Q) })),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(series, (s) => {
        expect(plain(minmaxRows(s))).toEqual(reference(s));
      }),
    );
  });

  it('reads the bucket times a bounded number of times per row and feed, not a scan per cell (50 feeds × 90 days)', () => {
    const feeds = 50;
    const buckets = 90 * 96;
    let reads = 0;
    const series = Array.from({ length: feeds }, (_, f) => {
      // Each feed misses a few buckets of its own, so rows and feeds do not line up.
      const t: number[] = [];
      for (let i = 0; i < buckets; i++) if ((i * 7 + f * 13) % 50 !== 0) t.push(T0 + i * Q);
      return {
        t: new Proxy(t, {
          get(target, key, receiver) {
            if (typeof key === 'string' && key !== 'length') reads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
      };
    });
    const rows = minmaxRows(series);
    expect(rows).toHaveLength(buckets);
    expect(rows[0]!.ts).toBe(T0 + (buckets - 1) * Q);
    // A merge looks at each feed's cursor about three times per row; indexOf per cell would be ~10⁹ reads.
    expect(reads).toBeLessThanOrEqual(4 * feeds * buckets);
  });
});
