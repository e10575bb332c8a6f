/**
 * The pure part of a sparkline: where its line, band and end point fall in a `width` × `height` box, and the words
 * that say what it shows. Kept apart from the component so it is tested without a DOM.
 */

export interface SparklineData {
  /** Epoch ms of each point, ascending. */
  t: readonly number[];
  /** The line's value at each point. */
  values: readonly number[];
  /** The window drawn, epoch ms: a point at `from` is on the left edge, one at `to` on the right. */
  from: number;
  to: number;
  /** The safe range, drawn as a band; an open end reaches the box's edge. */
  band?: { min: number | null; max: number | null } | null;
  /** Points further apart than this are not joined: hours without readings stay a gap. */
  gapMs?: number;
}

export interface SparklineGeometry {
  /** SVG path data: one `M … L …` run per stretch without a gap; a lone point is a zero-length run (a dot). */
  path: string;
  /** The band's top and height in box units; null without a range. */
  band: { y: number; height: number } | null;
  /** The newest point, for the end marker; null without points. */
  end: { x: number; y: number } | null;
  /** The value range the box spans, bottom to top. */
  domain: [number, number];
}

/** Inner margin (box units) so the stroke and the end dot are not clipped at the top and bottom. */
const PAD = 2.5;
const round = (n: number) => Math.round(n * 100) / 100;

/** At most this many points per box unit of width: more cannot be seen, and every point costs path text. */
const POINTS_PER_UNIT = 2;

/**
 * Thins a long series to the lowest and highest point of each of `slots` equal time slots, in time order, so a
 * single-sample peak survives (the same rule as the server's RawData reduction).
 */
export function thin(t: readonly number[], v: readonly number[], from: number, to: number, slots: number): { t: number[]; v: number[] } {
  if (t.length <= slots * 2 || to <= from) return { t: [...t], v: [...v] };
  const outT: number[] = [];
  const outV: number[] = [];
  const span = (to - from) / slots;
  let i = 0;
  while (i < t.length) {
    const slot = Math.min(slots - 1, Math.max(0, Math.floor((t[i]! - from) / span)));
    let lo = i;
    let hi = i;
    let j = i;
    while (j < t.length && Math.min(slots - 1, Math.max(0, Math.floor((t[j]! - from) / span))) === slot) {
      if (v[j]! < v[lo]!) lo = j;
      if (v[j]! > v[hi]!) hi = j;
      j++;
    }
    for (const k of lo === hi ? [lo] : lo < hi ? [lo, hi] : [hi, lo]) {
      outT.push(t[k]!);
      outV.push(v[k]!);
    }
    i = j;
  }
  return { t: outT, v: outV };
}

/** The line, band and end point of `data` in a `width` × `height` box (y grows downwards, as in SVG). */
export function sparklineGeometry(data: SparklineData, width: number, height: number): SparklineGeometry {
  const span = data.to - data.from;
  const pts = thin(data.t, data.values, data.from, data.to, Math.max(1, Math.floor((width * POINTS_PER_UNIT) / 2)));
  const ends = [data.band?.min, data.band?.max].filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of [...pts.v, ...ends]) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === Infinity) [lo, hi] = [0, 1];
  if (lo === hi) {
    // A flat line sits in the middle, not on an edge.
    const d = Math.abs(lo) * 0.1 || 1;
    [lo, hi] = [lo - d, hi + d];
  }
  const inner = height - 2 * PAD;
  const yOf = (v: number) => round(PAD + ((hi - v) / (hi - lo)) * inner);
  const xOf = (ts: number) => round(span > 0 ? ((ts - data.from) / span) * width : width);

  let path = '';
  let prev: number | null = null;
  for (let i = 0; i < pts.t.length; i++) {
    const ts = pts.t[i]!;
    const joined = prev !== null && (data.gapMs === undefined || ts - prev <= data.gapMs);
    const next: number | undefined = pts.t[i + 1];
    const alone = !joined && (next === undefined || (data.gapMs !== undefined && next - ts > data.gapMs));
    const x = xOf(ts);
    const y = yOf(pts.v[i]!);
    path += `${path ? ' ' : ''}${joined ? 'L' : 'M'}${x} ${y}${alone ? ` L${x} ${y}` : ''}`;
    prev = ts;
  }

  let band: SparklineGeometry['band'] = null;
  const bMin = data.band?.min ?? null;
  const bMax = data.band?.max ?? null;
  if (bMin !== null || bMax !== null) {
    const top = bMax === null ? 0 : yOf(bMax);
    const bottom = bMin === null ? height : yOf(bMin);
    band = { y: top, height: round(Math.max(0, bottom - top)) };
  }
  const last = pts.t.length - 1;
  const end = last >= 0 ? { x: xOf(pts.t[last]!), y: yOf(pts.v[last]!) } : null;
  return { path, band, end, domain: [lo, hi] };
}

/** The lowest and highest value over the window (from per-point lows/highs when given), or null without points. */
export function extent(values: readonly number[], low?: readonly number[], high?: readonly number[]): [number, number] | null {
  const lows = low && low.length === values.length ? low : values;
  const highs = high && high.length === values.length ? high : values;
  if (values.length === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    if (lows[i]! < lo) lo = lows[i]!;
    if (highs[i]! > hi) hi = highs[i]!;
  }
  return [lo, hi];
}
