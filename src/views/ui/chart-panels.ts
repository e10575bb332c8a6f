import type { ReadingSeries } from '../../api/contract/monitoring';
import { ON_OFF_UNIT } from './reading-format';

/** A safe range; an open end (null) reaches the panel's edge. */
export interface Band {
  min: number | null;
  max: number | null;
}

/** The series that share one unit, and so one y axis. */
export interface PanelGroup {
  unit: string;
  onOff: boolean;
  series: ReadingSeries[];
}

/**
 * One panel per unit, in the order the units first appear, with on/off panels last: a switch's strip sits under the
 * measurements, just above the shared time axis. Never two units on one axis.
 */
export function groupByUnit(series: readonly ReadingSeries[]): PanelGroup[] {
  const groups = new Map<string, PanelGroup>();
  for (const s of series) {
    let g = groups.get(s.unit);
    if (!g) groups.set(s.unit, (g = { unit: s.unit, onOff: s.unit === ON_OFF_UNIT, series: [] }));
    g.series.push(s);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => !g.onOff), ...all.filter((g) => g.onOff)];
}

/** The distinct bands of a panel's series (fridges of one site share one), each with the feeds it applies to. */
export function bandsOf(series: readonly ReadingSeries[], bands: ReadonlyMap<string, Band> | undefined): { band: Band; feedIds: Set<string> }[] {
  if (!bands) return [];
  const out: { band: Band; feedIds: Set<string> }[] = [];
  for (const s of series) {
    const b = bands.get(s.feedId);
    if (!b || (b.min === null && b.max === null)) continue;
    const same = out.find((o) => o.band.min === b.min && o.band.max === b.max);
    if (same) same.feedIds.add(s.feedId);
    else out.push({ band: { min: b.min, max: b.max }, feedIds: new Set([s.feedId]) });
  }
  return out;
}

export interface YDomain {
  y0: number;
  y1: number;
  ticks: number[];
}

/** 1, 2, 2.5 or 5 times a power of ten: the step of round tick values nearest to span / count. */
export function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * power;
}

/** Rounds away floating-point dust (0.30000000000000004) so tick labels read as written. */
const clean = (v: number, step: number) => Number(v.toFixed(Math.max(0, -Math.floor(Math.log10(step)) + 2)));

/**
 * A panel's y domain: the readings, the finite ends of its bands (so a band is always in view) and any thresholds,
 * widened to round ticks about `count` apart. An on/off panel is fixed: Off and On with a little room.
 */
export function yDomain(
  extent: { y0: number; y1: number } | null,
  bands: readonly Band[],
  thresholds: readonly number[],
  onOff: boolean,
  count: number,
): YDomain {
  if (onOff) return { y0: -0.25, y1: 1.25, ticks: [0, 1] };
  let lo = extent?.y0 ?? Infinity;
  let hi = extent?.y1 ?? -Infinity;
  for (const b of bands) {
    for (const v of [b.min, b.max]) {
      if (v === null) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  for (const v of thresholds) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!(lo <= hi)) {
    lo = 0;
    hi = 1;
  }
  if (hi === lo) {
    const d = Math.max(1, Math.abs(lo) * 0.1);
    lo -= d;
    hi += d;
  }
  const step = niceStep(hi - lo, count);
  const y0 = clean(Math.floor(lo / step) * step, step);
  const y1 = clean(Math.ceil(hi / step) * step, step);
  const ticks: number[] = [];
  for (let v = y0; v <= y1 + step / 2; v += step) ticks.push(clean(v, step));
  return { y0, y1, ticks };
}

/** A y scale from a domain onto a panel's inner height (top is 0): the same map nivo builds from that domain. */
export const yMap = (d: YDomain, innerHeight: number) => (v: number) => innerHeight - ((v - d.y0) / (d.y1 - d.y0 || 1)) * innerHeight;

/** The band as a box in the panel's inner coordinates; an open end reaches the panel's edge. Null when out of view. */
export function bandBox(band: Band, y: (v: number) => number, innerHeight: number): { top: number; height: number } | null {
  const top = band.max === null ? 0 : Math.max(0, Math.min(innerHeight, y(band.max)));
  const bottom = band.min === null ? innerHeight : Math.max(0, Math.min(innerHeight, y(band.min)));
  return bottom > top ? { top, height: bottom - top } : null;
}

/**
 * Label centres nudged apart so labels `h` high do not overlap, kept between `top` and `bottom`, in the input's order.
 * Null when they cannot all fit: the legend and the crosshair then carry the values instead of a pile of labels.
 */
export function spreadLabels(ys: readonly number[], h: number, top: number, bottom: number): number[] | null {
  if (!ys.length) return [];
  if (ys.length * h > bottom - top) return null;
  const order = ys.map((y, i) => i).sort((a, b) => ys[a]! - ys[b]!);
  const out = ys.slice();
  let prev = -Infinity;
  for (const i of order) {
    out[i] = Math.max(out[i]!, prev + h, top + h / 2);
    prev = out[i]!;
  }
  let next = Infinity;
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]!;
    out[i] = Math.min(out[i]!, next - h, bottom - h / 2);
    next = out[i]!;
  }
  return out;
}

/** Height of an on/off panel's plot: two states need no more. */
export const ON_OFF_PLOT = 40;
/** The least plot height a measurement panel gets, however many panels share the chart. */
export const MIN_PLOT = 150;

/**
 * Each panel's plot height: on/off strips get a fixed short plot, the measurement panels share what is left of `total`
 * (the plots' heights together) equally, never below MIN_PLOT.
 */
export function plotHeights(groups: readonly Pick<PanelGroup, 'onOff'>[], total: number): number[] {
  const strips = groups.filter((g) => g.onOff).length;
  const measures = groups.length - strips;
  const each = measures ? Math.max(MIN_PLOT, Math.floor((total - strips * ON_OFF_PLOT) / measures)) : 0;
  return groups.map((g) => (g.onOff ? ON_OFF_PLOT : each));
}
