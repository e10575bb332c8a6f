import { memo, useMemo, useRef } from 'react';
import { ResponsiveLineCanvas, type LineCanvasLayer } from '@nivo/line';
import type { ReadingSeries } from '../../api/contract/monitoring';
import { formatDate, t, type I18nKey } from '../../i18n';
import { affine, chartFrame, drawLines, padExtent } from './chart-series';
import { useElementWidth } from './use-width';

const PART_KEYS: Record<string, I18nKey> = { avg: 'series.avg', min: 'series.min', max: 'series.max', spread: 'series.spread' };

type FrameSeries = { id: string; data: { x: Date; y: number }[] };

/**
 * The readings chart: nivo's canvas line chart for scales, grid and axes, with the lines drawn by a canvas layer of
 * ours straight from the server's columnar arrays (see chart-series.ts for why). nivo's points and interactivity are
 * off (our layer draws a lone point as a dot); the canvas variant has neither mesh nor animation. The data arrive
 * reduced to the chart's width.
 */
export const ReadingsChart = memo(function ReadingsChart({
  series,
  dark,
  bucketMs = null,
  height = 360,
  onDrawn,
  thresholds,
}: {
  series: ReadingSeries[];
  dark: boolean;
  /** The answer's bucket length, or null for stored readings: a step over one and a half buckets is a gap. */
  bucketMs?: number | null;
  height?: number;
  /** Called after each canvas draw (benchmarks and tests wait for it). */
  onDrawn?: () => void;
  /** Limits drawn across the chart as dashed lines (an alert rule's thresholds); the scale always shows them. */
  thresholds?: readonly number[];
}) {
  const frame = useMemo(
    () => chartFrame(series, (s, part, many) => (many && PART_KEYS[part] ? `${s.name} (${t(PART_KEYS[part]!)})` : `${s.name}`)),
    [series],
  );
  // nivo sees two corner points: enough for its scales, grid and axes, nothing per reading.
  const data = useMemo<FrameSeries[]>(() => {
    const limits = thresholds ?? [];
    const raw = frame.extent && { ...frame.extent, y0: Math.min(frame.extent.y0, ...limits), y1: Math.max(frame.extent.y1, ...limits) };
    const e = raw && padExtent(raw);
    return e ? [{ id: 'extent', data: [{ x: new Date(e.t0), y: e.y0 }, { x: new Date(e.t1), y: e.y1 }] }] : [];
  }, [frame, thresholds]);
  // Day buckets last 23 to 25 hours around a clock change: a step over one and a half buckets has lost one, whatever
  // the clock did.
  const gapMs = bucketMs === null ? Infinity : bucketMs * 1.5;
  const layers = useMemo<LineCanvasLayer<FrameSeries>[]>(
    () => [
      'grid',
      'axes',
      (ctx, props) => {
        const y = affine(props.yScale);
        if (thresholds?.length) {
          ctx.save();
          ctx.setLineDash([6, 4]);
          ctx.lineWidth = 1.5;
          ctx.strokeStyle = '#c0262d';
          for (const v of thresholds) {
            ctx.beginPath();
            ctx.moveTo(0, y(v));
            ctx.lineTo(props.innerWidth, y(v));
            ctx.stroke();
          }
          ctx.restore();
        }
        drawLines(ctx, frame.lines, affine(props.xScale), y, 1.5, gapMs);
        onDrawn?.();
      },
    ],
    [frame, onDrawn, gapMs, thresholds],
  );
  // One time label per ~110 px ("23 Nov 18:00"): six on a laptop, two or three on a phone, never overlapping.
  const box = useRef<HTMLDivElement>(null);
  const timeTicks = Math.max(2, Math.min(6, Math.floor((useElementWidth(box, 800) - 80) / 110)));
  const e = frame.extent;
  const text = dark ? '#e8eaed' : '#1c1f24';
  const grid = dark ? '#3c4250' : '#e4e6e9';
  const summary = t('site.chartSummary', {
    series: series.length,
    from: e ? formatDate(e.t0) : '—',
    to: e ? formatDate(e.t1) : '—',
  });
  return (
    <div ref={box} style={{ height }} role="img" aria-label={`${t('site.chart')}: ${summary}`}>
      <ResponsiveLineCanvas
        data={data}
        layers={layers}
        margin={{ top: 16, right: 24, bottom: 48, left: 56 }}
        xScale={{ type: 'time' }}
        yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
        axisBottom={{ format: '%d %b %H:%M', tickValues: timeTicks }}
        axisLeft={{ tickValues: 6 }}
        enablePoints={false}
        isInteractive={false}
        theme={{ text: { fill: text }, axis: { ticks: { text: { fill: text } } }, grid: { line: { stroke: grid } } }}
      />
    </div>
  );
});
