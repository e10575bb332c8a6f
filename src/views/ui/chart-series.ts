import type { ReadingSeries } from '../../api/contract/monitoring';

type Part = 'avg' | 'min' | 'max' | 'value' | 'spread';

/** One drawn line: the server's columnar arrays, referenced, never copied into per-point objects. */
export interface ChartLine {
  id: string;
  color: string;
  t: readonly number[];
  y: readonly number[];
}

export interface ChartFrame {
  lines: ChartLine[];
  /** Extremes over every line (NaN-free); null when there is nothing to draw. */
  extent: { t0: number; t1: number; y0: number; y1: number } | null;
}

// d3's category10, the palette the chart has always used.
export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/**
 * Columnar series → lines to draw, one per array the aggregation answered (average, min, max, value, spread), and
 * the extent of them all in one pass. nivo's own data path turns every point into objects, parses every value
 * through a string and sorts every distinct value to find a domain: at 50 × 3,600 points that alone cost more
 * than drawing, and overflowed the stack in Math.min.apply. So nivo gets only the extent (for its scales, grid and
 * axes) and a canvas layer draws the lines from these arrays.
 */
export function chartFrame(series: ReadingSeries[], label: (s: ReadingSeries, part: Part, many: boolean) => string): ChartFrame {
  const lines: ChartLine[] = [];
  let t0 = Infinity;
  let t1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const s of series) {
    const parts = (['avg', 'value', 'min', 'max', 'spread'] as const).filter((p) => s[p] !== undefined);
    for (const p of parts) {
      const ys = s[p]!;
      const n = Math.min(ys.length, s.t.length);
      for (let i = 0; i < n; i++) {
        const y = ys[i]!;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
      if (n) {
        if (s.t[0]! < t0) t0 = s.t[0]!;
        if (s.t[n - 1]! > t1) t1 = s.t[n - 1]!;
      }
      lines.push({ id: label(s, p, parts.length > 1), color: PALETTE[lines.length % PALETTE.length]!, t: s.t, y: ys });
    }
  }
  return { lines, extent: t0 <= t1 && y0 <= y1 ? { t0, t1, y0, y1 } : null };
}

/** An affine map of a d3 continuous scale, so that drawing does not call the scale once per point. */
export function affine(scale: unknown): (v: number) => number {
  const s = scale as { domain(): (number | Date)[]; range(): number[] };
  const [d0, d1] = s.domain().map(Number) as [number, number];
  const [r0, r1] = s.range() as [number, number];
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

/**
 * The extent nivo's scales get: a single instant or a single value would give a scale of zero width (every point at
 * one edge, no ticks), so a point-sized extent is widened around its point.
 */
export function padExtent(e: NonNullable<ChartFrame['extent']>): NonNullable<ChartFrame['extent']> {
  const dt = e.t1 > e.t0 ? 0 : 3_600_000;
  const dy = e.y1 > e.y0 ? 0 : Math.max(1, Math.abs(e.y0) * 0.1);
  return { t0: e.t0 - dt, t1: e.t1 + dt, y0: e.y0 - dy, y1: e.y1 + dy };
}

/** The radius of a point drawn on its own, for a line of the given width: clearly more than the line. */
export const dotRadius = (width: number) => Math.max(3, width * 2);

/**
 * Draws each line as one path; the data are already about two points per pixel. A step longer than `gapMs` (the
 * server leaves buckets without readings out) breaks the line rather than bridging time without readings, and a
 * point with no neighbour on either side — a one-point series, or one between two gaps — is drawn as a dot, since
 * a path through one point strokes nothing.
 */
export function drawLines(
  ctx: CanvasRenderingContext2D,
  lines: readonly ChartLine[],
  x: (t: number) => number,
  y: (v: number) => number,
  width: number,
  gapMs = Infinity,
): void {
  ctx.lineWidth = width;
  ctx.lineJoin = 'round';
  const r = dotRadius(width);
  for (const line of lines) {
    const n = Math.min(line.t.length, line.y.length);
    if (!n) continue;
    const dots: number[] = [];
    ctx.beginPath();
    ctx.strokeStyle = line.color;
    let runStart = 0;
    ctx.moveTo(x(line.t[0]!), y(line.y[0]!));
    for (let i = 1; i <= n; i++) {
      if (i < n && line.t[i]! - line.t[i - 1]! <= gapMs) {
        ctx.lineTo(x(line.t[i]!), y(line.y[i]!));
        continue;
      }
      if (i - runStart === 1) dots.push(runStart);
      if (i < n) {
        ctx.moveTo(x(line.t[i]!), y(line.y[i]!));
        runStart = i;
      }
    }
    ctx.stroke();
    if (!dots.length) continue;
    ctx.beginPath();
    ctx.fillStyle = line.color;
    for (const i of dots) {
      const px = x(line.t[i]!);
      const py = y(line.y[i]!);
      ctx.moveTo(px + r, py);
      ctx.arc(px, py, r, 0, 2 * Math.PI);
    }
    ctx.fill();
  }
}
