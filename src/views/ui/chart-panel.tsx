import { memo, useMemo } from 'react';
import { LineCanvas, type LineCanvasLayer, type LineCanvasProps } from '@nivo/line';
import { formatDate } from '../../i18n';
import { affine, drawBands, drawLines, drawMarkers, envelopesOf } from './chart-series';
import { bandBox, spreadLabels, yMap } from './chart-panels';
import { reachOf } from './chart-crosshair';
import { SeriesKey } from './chart-legend';
import { formatReading, ON_OFF_UNIT } from './reading-format';
import { AXIS, LABEL_H, LABEL_W, MARGIN_LEFT, MARGIN_RIGHT, PAD, TITLE, valueDir, type FrameSeries, type Panel } from './chart-layout';
import * as c from './readings-chart.css';

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const DAY_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };

interface PanelProps {
  panel: Panel;
  xDomain: { t0: number; t1: number };
  width: number;
  timeTicks: number;
  /** Whether the time axis names days only (a range of three days or more). */
  days: boolean;
  gapMs: number;
  theme: LineCanvasProps<FrameSeries>['theme'];
  threshold: string;
  thresholds?: readonly number[];
  dark: boolean;
  onDrawn?: () => void;
}

/**
 * One unit's panel: its title, its bands (DOM, behind the transparent canvas), nivo's canvas with our lines, and the
 * lines' last values. Memoised on props that the crosshair never changes, so the canvas is drawn once per data.
 */
export const ChartPanel = memo(function ChartPanel({ panel: p, xDomain, width, timeTicks, days, gapMs, theme, threshold, thresholds, dark, onDrawn }: PanelProps) {
  const innerWidth = width - MARGIN_LEFT - MARGIN_RIGHT;
  const canvasHeight = p.plotHeight + 2 * PAD + (p.last ? AXIS : 0);
  const margin = useMemo(() => ({ top: PAD, right: MARGIN_RIGHT, bottom: PAD + (p.last ? AXIS : 0), left: MARGIN_LEFT }), [p.last]);
  const y = useMemo(() => yMap(p.domain, p.plotHeight), [p]);
  // nivo sees two corner points: enough for its scales, grid and axes, nothing per reading.
  const data = useMemo<FrameSeries[]>(
    () => [{ id: 'extent', data: [{ x: new Date(xDomain.t0), y: p.domain.y0 }, { x: new Date(xDomain.t1), y: p.domain.y1 }] }],
    [xDomain, p],
  );
  const reach = reachOf(gapMs);
  const layers = useMemo<LineCanvasLayer<FrameSeries>[]>(
    () => [
      'grid',
      'axes',
      (ctx, props) => {
        const yy = affine(props.yScale);
        const xx = affine(props.xScale);
        if (thresholds?.length && !p.onOff) {
          ctx.save();
          ctx.setLineDash([6, 4]);
          ctx.lineWidth = 1.5;
          ctx.strokeStyle = threshold;
          for (const v of thresholds) {
            ctx.beginPath();
            ctx.moveTo(0, yy(v));
            ctx.lineTo(props.innerWidth, yy(v));
            ctx.stroke();
          }
          ctx.restore();
        }
        drawBands(ctx, envelopesOf(p.lines), xx, yy, gapMs);
        drawLines(ctx, p.lines, xx, yy, 1.5, gapMs);
        // Outside its band a line is drawn again, twice as thick: out-of-range stretches stand out in the line's
        // own colour, so the line keeps its identity.
        for (const b of p.bands) {
          const own = p.lines.filter((l) => b.feedIds.has(l.feedId));
          ctx.save();
          ctx.beginPath();
          if (b.band.max !== null) ctx.rect(-PAD, -PAD, props.innerWidth + 2 * PAD, yy(b.band.max) + PAD);
          if (b.band.min !== null) ctx.rect(-PAD, yy(b.band.min), props.innerWidth + 2 * PAD, props.innerHeight - yy(b.band.min) + PAD);
          ctx.clip();
          drawLines(ctx, own, xx, yy, 3, gapMs);
          ctx.restore();
        }
        drawMarkers(ctx, p.lines, xx, yy, { t0: xDomain.t0, t1: xDomain.t1, width: props.innerWidth }, reach);
        onDrawn?.();
      },
    ],
    [p, gapMs, reach, thresholds, threshold, xDomain, onDrawn],
  );
  const axisLeft = useMemo(
    () => ({ tickValues: p.domain.ticks, tickSize: 4, format: (v: number | string | Date) => formatReading(Number(v), p.onOff ? ON_OFF_UNIT : '') }),
    [p],
  );
  const axisBottom = useMemo(
    () =>
      p.last
        ? { tickValues: timeTicks, format: (d: number | string | Date) => formatDate(new Date(d), days ? DAY : DAY_TIME) }
        : null,
    [p.last, timeTicks, days],
  );
  const labels = useMemo(() => {
    const ends = p.lines
      .map((l) => {
        const n = Math.min(l.t.length, l.y.length);
        return n ? { index: l.index, t: l.t[n - 1]!, v: l.y[n - 1]! } : null;
      })
      .filter((v) => v !== null);
    const ys = spreadLabels(
      ends.map((e) => y(e.v)),
      LABEL_H,
      -PAD / 2,
      p.plotHeight + PAD / 2,
    );
    if (!ys) return [];
    const span = xDomain.t1 - xDomain.t0;
    return ends.map((e, i) => {
      const end = MARGIN_LEFT + ((e.t - xDomain.t0) / span) * innerWidth;
      const top = PAD + ys[i]! - LABEL_H / 2;
      return {
        index: e.index,
        text: formatReading(e.v, p.unit),
        dir: valueDir(p.unit),
        style: end - 8 - LABEL_W < MARGIN_LEFT ? { left: end + 8, top } : { right: width - end + 8, top },
      };
    });
  }, [p, y, xDomain, innerWidth, width]);

  return (
    <div className={c.panel} style={{ height: TITLE + canvasHeight }}>
      <div className={c.axisTitle}>{p.title}</div>
      <div className={c.plot} style={{ height: canvasHeight }}>
        {p.bands.map((b, i) => {
          const box = bandBox(b.band, y, p.plotHeight);
          if (!box) return null;
          const open = `${b.band.max === null ? ` ${c.bandOpenTop}` : ''}${b.band.min === null ? ` ${c.bandOpenBottom}` : ''}`;
          return <div key={i} className={`${c.band}${open}`} data-band="" style={{ left: MARGIN_LEFT, width: innerWidth, top: PAD + box.top, height: box.height }} />;
        })}
        <div className={c.canvas} aria-hidden="true">
          <LineCanvas
            data={data}
            width={width}
            height={canvasHeight}
            layers={layers}
            margin={margin}
            xScale={{ type: 'time', useUTC: false }}
            yScale={{ type: 'linear', min: p.domain.y0, max: p.domain.y1, nice: false }}
            axisBottom={axisBottom}
            axisLeft={axisLeft}
            gridXValues={timeTicks}
            gridYValues={p.domain.ticks}
            enablePoints={false}
            isInteractive={false}
            theme={theme}
          />
        </div>
        {labels.map((l) => (
          <span key={l.index} className={c.endLabel} style={l.style} data-end-label="">
            <SeriesKey index={l.index} dark={dark} short />
            <bdi dir={l.dir}>{l.text}</bdi>
          </span>
        ))}
      </div>
    </div>
  );
});
