import { describe, expect, it } from 'vitest';
import { affine, bandRuns, chartFrame, drawBands, envelopesOf, DARK_PALETTE, dotRadius, drawLines, markerOf, padExtent, PALETTE } from '../../../src/views/ui/chart-series';
import type { ReadingSeries } from '../../../src/api/contract/monitoring';

const s = (id: string, t: number[], parts: Partial<Pick<ReadingSeries, 'avg' | 'min' | 'max' | 'value' | 'spread'>>): ReadingSeries => ({
  feedId: id,
  nodeId: `n-${id}`,
  name: `Feed ${id}`,
  unit: '°C',
  t,
  ...parts,
});

describe('chartFrame', () => {
  it('makes one line per answered array, referencing the arrays, with the extent of them all', () => {
    const a = s('a', [10, 20, 30], { value: [5, -2, 7] });
    const b = s('b', [5, 40], { avg: [1, 2], min: [0, 1] });
    const c = s('c', [6, 41], { min: [0, 1], max: [3, 9] });
    const f = chartFrame([a, b, c], (x, part, many) => `${x.name}${many ? `/${part}` : ''}`);
    expect(f.lines.map((l) => l.id)).toEqual(['Feed a', 'Feed b/avg', 'Feed b/min', 'Feed c/min', 'Feed c/max']);
    expect(f.lines[0]!.t).toBe(a.t);
    expect(f.lines[0]!.y).toBe(a.value);
    expect(f.lines.map((l) => l.color)).toEqual(PALETTE.slice(0, 5));
    expect(f.lines.some((l) => l.lo || l.hi)).toBe(false);
    expect(f.extent).toEqual({ t0: 5, t1: 41, y0: -2, y1: 9 });
  });

  it('draws an average with its min and max (aggregation 2) as one line with an envelope, inside the extent', () => {
    const b = s('b', [5, 40], { avg: [1, 2], min: [0, -4], max: [3, 12] });
    const f = chartFrame([b], (x, part, many) => `${x.name}${many ? `/${part}` : ''}`);
    expect(f.lines).toHaveLength(1);
    expect(f.lines[0]).toMatchObject({ id: 'Feed b', y: b.avg, lo: b.min, hi: b.max });
    expect(f.extent).toEqual({ t0: 5, t1: 40, y0: -4, y1: 12 });
    expect(envelopesOf(f.lines)).toEqual([{ color: PALETTE[0], t: b.t, lo: b.min, hi: b.max }]);
    expect(envelopesOf(chartFrame([s('a', [1], { value: [1] })], (x) => x.name).lines)).toEqual([]);
  });

  it('numbers lines from a given start, so that colours run on across panels, in the chosen palette', () => {
    const f = chartFrame([s('a', [1], { value: [1] }), s('b', [1], { value: [2] })], (x) => x.name, 3, DARK_PALETTE);
    expect(f.lines.map((l) => [l.feedId, l.index, l.color])).toEqual([
      ['a', 3, DARK_PALETTE[3]],
      ['b', 4, DARK_PALETTE[4]],
    ]);
  });

  it('has no extent when nothing has data', () => {
    expect(chartFrame([s('a', [], { value: [] })], (x) => x.name).extent).toBeNull();
    expect(chartFrame([], (x) => x.name)).toEqual({ lines: [], extent: null });
  });

  it('scans tens of thousands of points per line without spreading them into arguments', () => {
    const n = 200_000;
    const t = Array.from({ length: n }, (_, i) => i);
    const v = Array.from({ length: n }, (_, i) => (i === 123_456 ? 99 : i % 10));
    expect(chartFrame([s('a', t, { value: v })], (x) => x.name).extent).toEqual({ t0: 0, t1: n - 1, y0: 0, y1: 99 });
  });
});

describe('affine', () => {
  it('maps a scale domain onto its range, dates included', () => {
    const scale = { domain: () => [new Date(1000), new Date(3000)], range: () => [0, 200] };
    const x = affine(scale);
    expect([x(1000), x(2000), x(3000)]).toEqual([0, 100, 200]);
    const y = affine({ domain: () => [0, 10], range: () => [300, 0] });
    expect([y(0), y(5), y(10)]).toEqual([300, 150, 0]);
    expect(affine({ domain: () => [4, 4], range: () => [7, 9] })(4)).toBe(7);
  });
});

describe('drawLines', () => {
  it('strokes each line once through every point, skipping empty ones', () => {
    const calls: string[] = [];
    const ctx = {
      beginPath: () => calls.push('begin'),
      moveTo: (x: number, y: number) => calls.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`L${x},${y}`),
      stroke: () => calls.push('stroke'),
      set strokeStyle(c: string) {
        calls.push(c);
      },
      lineWidth: 0,
      lineJoin: '',
    } as unknown as CanvasRenderingContext2D;
    drawLines(
      ctx,
      [
        { id: 'a', color: 'red', t: [0, 1, 2], y: [1, 2, 3] },
        { id: 'b', color: 'blue', t: [], y: [] },
      ],
      (t) => t * 10,
      (v) => -v,
      2,
    );
    expect(calls).toEqual(['begin', 'red', 'M0,-1', 'L10,-2', 'L20,-3', 'stroke']);
    expect(ctx.lineWidth).toBe(2);
  });

  /** A canvas that records its path commands. */
  const recorder = () => {
    const calls: string[] = [];
    const ctx = {
      beginPath: () => calls.push('begin'),
      moveTo: (x: number, y: number) => calls.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`L${x},${y}`),
      arc: (x: number, y: number, r: number) => calls.push(`A${x},${y},${r}`),
      stroke: () => calls.push('stroke'),
      fill: () => calls.push('fill'),
      set strokeStyle(c: string) {
        calls.push(`stroke:${c}`);
      },
      set fillStyle(c: string) {
        calls.push(`fill:${c}`);
      },
      lineWidth: 0,
      lineJoin: '',
    } as unknown as CanvasRenderingContext2D;
    return { ctx, calls };
  };

  it('draws a one-point series as a dot (a path through one point strokes nothing)', () => {
    const { ctx, calls } = recorder();
    drawLines(ctx, [{ id: 'a', color: 'red', t: [5], y: [2] }], (t) => t * 10, (v) => -v, 1.5);
    const r = dotRadius(1.5);
    expect(calls.slice(calls.indexOf('stroke') + 1)).toEqual(['begin', 'fill:red', `M${50 + r},-2`, `A50,-2,${r}`, 'fill']);
    expect(r).toBeGreaterThan(1.5);
  });

  it('breaks a line where buckets are missing, and draws a point between two gaps as a dot', () => {
    const { ctx, calls } = recorder();
    // Buckets of 10: 0 10 20 | 50 | 80 90.
    drawLines(ctx, [{ id: 'a', color: 'red', t: [0, 10, 20, 50, 80, 90], y: [1, 1, 1, 5, 1, 1] }], (t) => t, (v) => v, 2, 15);
    expect(calls).toEqual(['begin', 'stroke:red', 'M0,1', 'L10,1', 'L20,1', 'M50,5', 'M80,1', 'L90,1', 'stroke', 'begin', 'fill:red', `M${50 + dotRadius(2)},5`, `A50,5,${dotRadius(2)}`, 'fill']);
  });

  it('draws a lone first or last point as a dot too, and nothing extra for joined lines', () => {
    const { ctx, calls } = recorder();
    drawLines(ctx, [{ id: 'a', color: 'red', t: [0, 100, 110, 300], y: [1, 2, 3, 4] }], (t) => t, (v) => v, 2, 15);
    expect(calls.filter((c) => c.startsWith('A'))).toEqual([`A0,1,${dotRadius(2)}`, `A300,4,${dotRadius(2)}`]);
    const joined = recorder();
    drawLines(joined.ctx, [{ id: 'b', color: 'blue', t: [0, 10, 20], y: [1, 2, 3] }], (t) => t, (v) => v, 2, 15);
    expect(joined.calls).not.toContain('fill');
  });
});

describe('padExtent', () => {
  it('widens a single instant and a single value so the scales have a width; leaves a real extent alone', () => {
    expect(padExtent({ t0: 1000, t1: 1000, y0: 5, y1: 5 })).toEqual({ t0: 1000 - 3_600_000, t1: 1000 + 3_600_000, y0: 4, y1: 6 });
    expect(padExtent({ t0: 0, t1: 0, y0: 40, y1: 40 })).toMatchObject({ y0: 36, y1: 44 });
    expect(padExtent({ t0: 0, t1: 9, y0: 1, y1: 2 })).toEqual({ t0: 0, t1: 9, y0: 1, y1: 2 });
  });
});

describe('markerOf', () => {
  it('gives fifty lines fifty different colour and marker pairs, so colour is never the only key', () => {
    const pairs = new Set(Array.from({ length: 50 }, (_, i) => `${PALETTE[i % PALETTE.length]}/${markerOf(i)}`));
    expect(pairs.size).toBe(50);
    expect(new Set(Array.from({ length: 5 }, (_, i) => markerOf(i))).size).toBe(5);
  });
});

describe('bandRuns', () => {
  it('splits readings into runs where buckets are missing, a lone reading being a run of its own', () => {
    expect(bandRuns([0, 10, 20, 50, 80, 90], 6, 10)).toEqual([
      [0, 3],
      [3, 4],
      [4, 6],
    ]);
    expect(bandRuns([0, 10], 2)).toEqual([[0, 2]]);
    expect(bandRuns([], 0, 10)).toEqual([]);
  });
});

describe('drawBands', () => {
  it('shades each run from max forward and back along min, breaking at gaps, translucent, then restores alpha', () => {
    const calls: string[] = [];
    const ctx = {
      globalAlpha: 1,
      beginPath: () => calls.push('begin'),
      moveTo: (x: number, y: number) => calls.push(`M${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`L${x},${y}`),
      rect: (x: number, y: number, w: number, h: number) => calls.push(`R${x},${y},${w},${h}`),
      closePath: () => calls.push('Z'),
      fill: () => calls.push(`fill@${ctx.globalAlpha}`),
      set fillStyle(c: string) {
        calls.push(`fill:${c}`);
      },
    } as unknown as CanvasRenderingContext2D & { globalAlpha: number };
    drawBands(ctx, [{ color: 'red', t: [0, 1, 2, 9], lo: [1, 2, 1, 4], hi: [3, 4, 5, 6] }], (t) => t * 10, (v) => -v, 1, 0.2);
    expect(calls).toEqual([
      'begin',
      'fill:red',
      'M0,-3',
      'L10,-4',
      'L20,-5',
      'L20,-1',
      'L10,-2',
      'L0,-1',
      'Z',
      'R88.5,-6,3,2',
      'fill@0.2',
    ]);
    expect(ctx.globalAlpha).toBe(1);
  });
});
