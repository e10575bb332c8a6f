import { describe, expect, it } from 'vitest';
import { endTime, lowerBound, nearestIndex, rangesAt, reachOf, snapTime, stepTime, valuesAt } from '../../../src/views/ui/chart-crosshair';
import type { ChartLine } from '../../../src/views/ui/chart-series';

const line = (t: number[], y: number[], index = 0): ChartLine => ({ id: `l${index}`, feedId: `f${index}`, index, color: 'red', t, y });

describe('nearestIndex', () => {
  const t = [0, 10, 20, 50, 80, 90];

  it('finds the nearest point by binary search, ties going to the earlier', () => {
    expect(lowerBound(t, 20)).toBe(2);
    expect(lowerBound(t, 21)).toBe(3);
    expect(nearestIndex(t, 14)).toBe(1);
    expect(nearestIndex(t, 16)).toBe(2);
    expect(nearestIndex(t, 15)).toBe(1);
    expect(nearestIndex(t, -100)).toBe(0);
    expect(nearestIndex(t, 1000)).toBe(5);
    expect(nearestIndex([], 5)).toBe(-1);
  });

  it('has no point inside a gap or beyond the ends, within reach of each point', () => {
    // Buckets of 10, so a gap is a step over 15 and a point reaches 7.5 either side.
    const reach = reachOf(15);
    expect(nearestIndex(t, 24, reach)).toBe(2);
    expect(nearestIndex(t, 35, reach)).toBe(-1);
    expect(nearestIndex(t, 46, reach)).toBe(3);
    expect(nearestIndex(t, 65, reach)).toBe(-1);
    expect(nearestIndex(t, 97, reach)).toBe(5);
    expect(nearestIndex(t, 98, reach)).toBe(-1);
    expect(nearestIndex(t, -8, reach)).toBe(-1);
  });

  it('ignores times beyond a shorter value array', () => {
    expect(nearestIndex(t, 90, Infinity, 3)).toBe(2);
  });
});

describe('crosshair values and steps', () => {
  const a = line([0, 10, 20, 30], [1, 2, 3, 4], 0);
  const b = line([5, 15, 50], [9, 8, 7], 1);

  it('reads each line at an instant, null where a line has a gap there', () => {
    expect(valuesAt([a, b], 10, 5)).toEqual([2, 9]);
    expect(valuesAt([a, b], 40, 5)).toEqual([null, null]);
    expect(valuesAt([a, b], 48, 5)).toEqual([null, 7]);
  });

  it('reads an envelope’s min..max at an instant, only for lines that have one', () => {
    const e: ChartLine = { ...line([0, 10], [2, 3], 2), lo: [1, 2.5], hi: [4, 6] };
    expect(rangesAt([a, e], 9, 5)).toEqual([null, { lo: 2.5, hi: 6 }]);
    expect(rangesAt([e], 30, 5)).toEqual([null]);
  });

  it('settles a pointer on the nearest reading of any line', () => {
    expect(snapTime([a, b], 13, 5)).toBe(15);
    expect(snapTime([a, b], 11, 5)).toBe(10);
    expect(snapTime([a, b], 40, 5)).toBeNull();
  });

  it('steps through the union of the lines’ instants and stops at the ends', () => {
    const walk: number[] = [];
    let at: number | null = endTime([a, b], -1);
    while (at !== null) {
      walk.push(at);
      at = stepTime([a, b], at, 1);
    }
    expect(walk).toEqual([0, 5, 10, 15, 20, 30, 50]);
    expect(stepTime([a, b], 50, 1)).toBeNull();
    expect(stepTime([a, b], 15, -1)).toBe(10);
    expect(stepTime([a, b], 0, -1)).toBeNull();
    expect(endTime([a, b], 1)).toBe(50);
    expect(endTime([line([], [])], 1)).toBeNull();
  });
});
