import { memo } from 'react';
import { t } from '../../i18n';
import type { Status } from './status-badge';
import { extent, sparklineGeometry, type SparklineData } from './sparkline-geometry';
import * as c from './sparkline.css';

export type { SparklineData } from './sparkline-geometry';

/** The box the geometry is drawn in; the SVG stretches it to the tile's width. */
const W = 100;
const H = 24;

export interface SparklineLabelParts {
  /** The window's name: "Last 24 hours". */
  period: string;
  /** Formats a value with its unit ("4.2 °C"). */
  format: (n: number) => string;
  /** The lowest and highest value in the window; null without readings. */
  extent: [number, number] | null;
  /** The latest value, when it should be said. */
  current?: number | null;
}

/** "Last 24 hours: 3.1 to 7.9 °C, now 4.2 °C", in the current language. */
export function sparklineLabel({ period, format, extent: span, current }: SparklineLabelParts): string {
  if (!span) return t('trend.empty', { period });
  const params = { period, low: format(span[0]), high: format(span[1]) };
  return current === null || current === undefined ? t('trend.summaryNoNow', params) : t('trend.summary', { ...params, now: format(current) });
}

export interface SparklineProps extends SparklineData {
  /** Per-point lows and highs for the label's "from … to" (hourly min and max); the values when absent. */
  low?: readonly number[];
  high?: readonly number[];
  /** The window's name in the label ("Last 24 hours"). */
  period: string;
  /** Formats a value with its unit for the label. */
  format: (n: number) => string;
  /** The latest value, said at the end of the label. */
  current?: number | null;
  /** Colours the end point: the tile's status. */
  tone?: Status | 'neutral';
}

/**
 * A tiny trend line: plain SVG, no chart library, so a wall of hundreds of tiles stays cheap. The safe range is a
 * faint band; the newest point is a dot in the tile's status colour. One image with a label that says in words what
 * the line shows. Time runs left to right in every language, as on the site chart.
 */
export const Sparkline = memo(function Sparkline({ low, high, period, format, current, tone = 'neutral', ...data }: SparklineProps) {
  const geo = sparklineGeometry(data, W, H);
  const label = sparklineLabel({ period, format, extent: extent(data.values, low, high), current });
  return (
    <svg className={c.svg} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={label} focusable="false">
      {geo.band && (
        <g>
          <rect className={c.band} x={0} y={geo.band.y} width={W} height={geo.band.height} />
          <path className={c.bandEdge} d={`M0 ${geo.band.y} H${W} M0 ${geo.band.y + geo.band.height} H${W}`} vectorEffect="non-scaling-stroke" />
        </g>
      )}
      {geo.path ? (
        <>
          <path className={c.line} d={geo.path} vectorEffect="non-scaling-stroke" />
          {geo.end && <path className={c.end[tone]} d={`M${geo.end.x} ${geo.end.y} L${geo.end.x} ${geo.end.y}`} vectorEffect="non-scaling-stroke" />}
        </>
      ) : (
        <path className={c.none} d={`M0 ${H / 2} H${W}`} vectorEffect="non-scaling-stroke" />
      )}
    </svg>
  );
});
