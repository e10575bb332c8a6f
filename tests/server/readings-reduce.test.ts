import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { counterDelta, reduce } from '../../server/monitoring/readings';

describe('reduce (RawData to maxPoints)', () => {
  it('answers the series itself when it has no more points than asked', () => {
    expect(reduce([1, 2, 3], [5, 6, 7], 3)).toEqual({ t: [1, 2, 3], value: [5, 6, 7] });
    expect(reduce([], [], 10)).toEqual({ t: [], value: [] });
  });

  it('keeps every slot’s extremes in time order, and never loses a peak (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true })), { minLength: 1, maxLength: 800 }),
        fc.integer({ min: 2, max: 100 }),
        (pairs, maxPoints) => {
          const sorted = [...new Map(pairs).entries()].sort((a, b) => a[0] - b[0]);
          const t = sorted.map((p) => p[0]);
          const v = sorted.map((p) => p[1]);
          const r = reduce(t, v, maxPoints);
          expect(r.t.length).toBeLessThanOrEqual(Math.max(maxPoints, 0));
          expect(r.t.length).toBe(r.value.length);
          for (let i = 1; i < r.t.length; i++) expect(r.t[i]).toBeGreaterThan(r.t[i - 1]!);
          // Every point answered is a stored reading.
          const at = new Map(sorted);
          r.t.forEach((ts, i) => expect(at.get(ts)).toBe(r.value[i]));
          expect(Math.max(...r.value)).toBe(Math.max(...v));
          expect(Math.min(...r.value)).toBe(Math.min(...v));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts time, not points, into slots: a burst of readings does not crowd out a quiet stretch', () => {
    const t = [...Array.from({ length: 1000 }, (_, i) => i), 10_000, 20_000, 30_000];
    const v = [...Array.from({ length: 1000 }, (_, i) => i % 7), 50, -50, 3];
    const r = reduce(t, v, 20, 0, 40_000);
    expect(r.t).toEqual(expect.arrayContaining([10_000, 20_000, 30_000]));
    expect(r.t.length).toBeLessThanOrEqual(20);
  });

  it('flat data keeps one point per slot', () => {
    const t = Array.from({ length: 100 }, (_, i) => i);
    const r = reduce(t, t.map(() => 4), 10, 0, 100);
    expect(r.t).toEqual([0, 20, 40, 60, 80]);
  });
});

describe('counterDelta (a cumulative meter register)', () => {
  it('is the rise of the register, or the new value after a reset', () => {
    expect(counterDelta(100, 130)).toBe(30);
    expect(counterDelta(100, 100)).toBe(0);
    expect(counterDelta(100, 7)).toBe(7);
  });
});
