import type { ReadingSeries } from '../../api/contract/monitoring';
import { nearestIndex } from './chart-crosshair';

type Part = 'avg' | 'min' | 'max' | 'value' | 'spread';

/** One drawn line: the server's columnar arrays, referenced, never copied into per-point objects. */
export interface ChartLine {
  id: string;
  /** The series' feed: the key of its name, its safe range and its line's colour class. */
  feedId: string;
  /** The line's place among all the chart's lines: picks its colour and its marker. */
  index: number;
  color: string;
  t: readonly number[];
  y: readonly number[];
  /** Each bucket's min and max around the average (aggregation 2, "avg with min..max band"): shaded, not lines. */
  lo?: readonly number[];
  hi?: readonly number[];
}

export interface ChartFrame {
  lines: ChartLine[];
  /** Extremes over every line (NaN-free); null when there is nothing to draw. */
  extent: { t0: number; t1: number; y0: number; y1: number } | null;
}

// d3's category10, the palette the chart has always used.
export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
/** The same hues lightened (category20's light halves): category10's blue and brown vanish on the dark card. */
export const DARK_PALETTE = ['#8fbde0', '#ffbb78', '#98df8a', '#ff9896', '#c5b0d5', '#c49c94', '#f7b6d2', '#c7c7c7', '#dbdb8d', '#9edae5'];

/** Shapes that tell lines apart without colour: drawn on the line, in the legend and in the crosshair box. */
export const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'cross'] as const;
export type Marker = (typeof MARKERS)[number];

/**
 * The marker of the line at `index`. Shifted by one per round of the palette, so that colour and shape together stay
 * distinct for fifty lines (ten colours × five shapes) instead of repeating every ten.
 */
export const markerOf = (index: number): Marker => MARKERS[(index + Math.floor(index / PALETTE.length)) % MARKERS.length]!;

/**
 * Columnar series → lines to draw, one per array the aggregation answered (average, min, max, value, spread), and
 * the extent of them all in one pass. An average answered with its min and max (aggregation 2) is one line, its
 * average, with the min..max envelope shaded around it: three lines per feed would triple the legend and hide
 * which belong together. nivo's own data path turns every point into objects, parses every value through a string
 * and sorts every distinct value to find a domain: at 50 × 3,600 points that alone cost more than drawing, and
 * overflowed the stack in Math.min.apply. So nivo gets only the extent (for its scales, grid and axes) and a canvas
 * layer draws the lines from these arrays.
 */
export function chartFrame(
  series: readonly ReadingSeries[],
  label: (s: ReadingSeries, part: Part, many: boolean) => string,
  first = 0,
  palette: readonly string[] = PALETTE,
): ChartFrame {
  const lines: ChartLine[] = [];
  let t0 = Infinity;
  let t1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  const scan = (t: readonly number[], ys: readonly number[]) => {
    const n = Math.min(ys.length, t.length);
    for (let i = 0; i < n; i++) {
      const y = ys[i]!;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    if (n) {
      if (t[0]! < t0) t0 = t[0]!;
      if (t[n - 1]! > t1) t1 = t[n - 1]!;
    }
  };
  for (const s of series) {
    const envelope = s.avg !== undefined && s.min !== undefined && s.max !== undefined ? { lo: s.min, hi: s.max } : null;
    const parts = (['avg', 'value', 'min', 'max', 'spread'] as const).filter((p) => s[p] !== undefined && !(envelope && (p === 'min' || p === 'max')));
    if (envelope) {
      scan(s.t, envelope.lo);
      scan(s.t, envelope.hi);
    }
    for (const p of parts) {
      const ys = s[p]!;
      scan(s.t, ys);
      const index = first + lines.length;
      lines.push({
        id: label(s, p, parts.length > 1),
        feedId: s.feedId,
        index,
        color: palette[index % palette.length]!,
        t: s.t,
        y: ys,
        ...(envelope && p === 'avg' ? envelope : {}),
      });
    }
  }
  return { lines, extent: t0 <= t1 && y0 <= y1 ? { t0, t1, y0, y1 } : null };
}

/** The envelopes of the lines that have one, to shade with drawBands in their line's colour. */
export const envelopesOf = (lines: readonly ChartLine[]): ChartBand[] =>
  lines.flatMap((l) => (l.lo && l.hi ? [{ color: l.color, t: l.t, lo: l.lo, hi: l.hi }] : []));

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
  lines: readonly Pick<ChartLine, 'id' | 'color' | 't' | 'y'>[],
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

/** Traces `shape` centred on (x, y) with half-size r into the current path (the caller fills). */
export function traceMarker(ctx: CanvasRenderingContext2D, shape: Marker, x: number, y: number, r: number): void {
  switch (shape) {
    case 'circle':
      ctx.moveTo(x + r, y);
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      return;
    case 'square':
      ctx.rect(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
      return;
    case 'triangle':
      ctx.moveTo(x, y - r * 1.1);
      ctx.lineTo(x + r * 1.05, y + r * 0.8);
      ctx.lineTo(x - r * 1.05, y + r * 0.8);
      ctx.closePath();
      return;
    case 'diamond':
      ctx.moveTo(x, y - r * 1.2);
      ctx.lineTo(x + r, y);
      ctx.lineTo(x, y + r * 1.2);
      ctx.lineTo(x - r, y);
      ctx.closePath();
      return;
    case 'cross': {
      const a = r * 0.38;
      ctx.moveTo(x - a, y - r);
      ctx.lineTo(x + a, y - r);
      ctx.lineTo(x + a, y - a);
      ctx.lineTo(x + r, y - a);
      ctx.lineTo(x + r, y + a);
      ctx.lineTo(x + a, y + a);
      ctx.lineTo(x + a, y + r);
      ctx.lineTo(x - a, y + r);
      ctx.lineTo(x - a, y + a);
      ctx.lineTo(x - r, y + a);
      ctx.lineTo(x - r, y - a);
      ctx.lineTo(x - a, y - a);
      ctx.closePath();
    }
  }
}

/** Markers along each line this far apart (px), staggered per line so that neighbours' markers do not sit together. */
const MARKER_EVERY = 150;

/**
 * Each line's marker at intervals along it and on its last point, so that a line can be followed and told apart
 * without its colour. Each marker sits on a real reading (the nearest within `reach`), none inside a gap.
 */
export function drawMarkers(
  ctx: CanvasRenderingContext2D,
  lines: readonly ChartLine[],
  x: (t: number) => number,
  y: (v: number) => number,
  span: { t0: number; t1: number; width: number },
  reach = Infinity,
): void {
  for (const line of lines) {
    const n = Math.min(line.t.length, line.y.length);
    if (!n) continue;
    const shape = markerOf(line.index);
    ctx.beginPath();
    ctx.fillStyle = line.color;
    for (let px = 24 + ((line.index * 37) % MARKER_EVERY); px < span.width - 40; px += MARKER_EVERY) {
      const i = nearestIndex(line.t, span.t0 + (px / span.width) * (span.t1 - span.t0), reach, n);
      if (i >= 0) traceMarker(ctx, shape, x(line.t[i]!), y(line.y[i]!), 3);
    }
    traceMarker(ctx, shape, x(line.t[n - 1]!), y(line.y[n - 1]!), 3.5);
    ctx.fill();
  }
}

/** A min–max envelope to shade: the series' columns, referenced as they came. */
export interface ChartBand {
  color: string;
  t: readonly number[];
  lo: readonly number[];
  hi: readonly number[];
}

/**
 * The runs [start, end) of readings that no gap (a step longer than `gapMs`) interrupts: an envelope is shaded run
 * by run, so that missing buckets break it exactly where they break the lines drawn over it.
 */
export function bandRuns(t: readonly number[], n: number, gapMs = Infinity): [number, number][] {
  const runs: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && t[i]! - t[i - 1]! <= gapMs) continue;
    if (n) runs.push([start, i]);
    start = i;
  }
  return runs;
}

/**
 * Shades each band from its min to its max, translucent in its line's colour, one closed path per run (along the
 * max, back along the min). A run of one reading has no width to shade, so it is drawn as a short vertical bar.
 */
export function drawBands(
  ctx: CanvasRenderingContext2D,
  bands: readonly ChartBand[],
  x: (t: number) => number,
  y: (v: number) => number,
  gapMs = Infinity,
  alpha = 0.18,
): void {
  const previous = ctx.globalAlpha;
  ctx.globalAlpha = alpha;
  for (const band of bands) {
    const n = Math.min(band.t.length, band.lo.length, band.hi.length);
    if (!n) continue;
    ctx.beginPath();
    ctx.fillStyle = band.color;
    for (const [start, end] of bandRuns(band.t, n, gapMs)) {
      if (end - start === 1) {
        const px = x(band.t[start]!);
        const top = y(band.hi[start]!);
        ctx.rect(px - 1.5, top, 3, y(band.lo[start]!) - top);
        continue;
      }
      ctx.moveTo(x(band.t[start]!), y(band.hi[start]!));
      for (let i = start + 1; i < end; i++) ctx.lineTo(x(band.t[i]!), y(band.hi[i]!));
      for (let i = end - 1; i >= start; i--) ctx.lineTo(x(band.t[i]!), y(band.lo[i]!));
      ctx.closePath();
    }
    ctx.fill();
  }
  ctx.globalAlpha = previous;
}
