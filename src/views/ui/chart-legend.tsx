import { memo } from 'react';
import { t } from '../../i18n';
import { markerOf, PALETTE, traceMarker, type Marker } from './chart-series';
import * as c from './readings-chart.css';

/** The SVG path of a marker, traced by the same code that draws it on the canvas, so the key matches the line. */
export function markerPath(shape: Marker, x: number, y: number, r: number): string {
  const d: string[] = [];
  const n = (v: number) => Number(v.toFixed(2));
  const pen = {
    moveTo: (a: number, b: number) => d.push(`M${n(a)} ${n(b)}`),
    lineTo: (a: number, b: number) => d.push(`L${n(a)} ${n(b)}`),
    closePath: () => d.push('Z'),
    rect: (a: number, b: number, w: number, h: number) => d.push(`M${n(a)} ${n(b)}h${n(w)}v${n(h)}h${n(-w)}Z`),
    // A full circle as two half arcs: SVG cannot draw one arc from a point back to itself.
    arc: (cx: number, cy: number, r: number) => d.push(`M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`),
  };
  traceMarker(pen as unknown as CanvasRenderingContext2D, shape, x, y, r);
  return d.join('');
}

/** The colour class of the line at `index`. */
export const colourClass = (index: number, dark: boolean) => c.lineColour[dark ? 'dark' : 'light'][index % PALETTE.length]!;

/** A line's key: a short stroke in its colour through its marker. Decorative; the name beside it says which line. */
export function SeriesKey({ index, dark, short = false }: { index: number; dark: boolean; short?: boolean }) {
  const w = short ? 10 : 22;
  return (
    <svg className={`${c.key} ${colourClass(index, dark)}`} width={w} height={12} viewBox={`0 0 ${w} 12`} aria-hidden="true" focusable="false">
      {!short && <path d={`M0 6H${w}`} stroke="currentColor" strokeWidth={2} />}
      <path d={markerPath(markerOf(index), w / 2, 6, 4)} fill="currentColor" />
    </svg>
  );
}

export interface LegendLine {
  /** The line's colour and marker index. */
  index: number;
  name: string;
}

/**
 * The chart's legend: every line by name with its colour and marker, each safe range shown as a band, and what the
 * shading around an average means when there is one. A list outside the chart's image, so a screen reader reads it.
 */
export const ChartLegend = memo(function ChartLegend({ lines, bands, envelope, dark }: { lines: readonly LegendLine[]; bands: readonly string[]; envelope: boolean; dark: boolean }) {
  return (
    <ul className={c.legend} aria-label={t('chart.legend')}>
      {lines.map((l) => (
        <li key={l.index} className={c.legendItem}>
          <SeriesKey index={l.index} dark={dark} />
          <span>{l.name}</span>
        </li>
      ))}
      {bands.map((b) => (
        <li key={b} className={c.legendItem}>
          <span className={c.legendBand} aria-hidden="true" />
          <span>{b}</span>
        </li>
      ))}
      {envelope && (
        <li className={c.legendItem}>
          <span className={c.legendEnvelope} aria-hidden="true" />
          <span>{t('chart.envelope')}</span>
        </li>
      )}
    </ul>
  );
});
