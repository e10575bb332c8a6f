import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { LineCanvas, type LineCanvasLayer, type LineCanvasProps } from '@nivo/line';
import type { ReadingSeries } from '../../api/contract/monitoring';
import { currentLocale, formatDate, t, type I18nKey } from '../../i18n';
import { affine, chartFrame, DARK_PALETTE, drawLines, drawMarkers, padExtent, PALETTE, type ChartLine } from './chart-series';
import { bandBox, bandsOf, groupByUnit, plotHeights, spreadLabels, yDomain, yMap, type Band, type YDomain } from './chart-panels';
import { endTime, reachOf, snapTime, stepTime, valuesAt } from './chart-crosshair';
import { ChartLegend, colourClass, SeriesKey, type LegendLine } from './chart-legend';
import { formatRange, formatReading, ON_OFF_UNIT } from './reading-format';
import { visuallyHidden } from './a11y.css';
import * as c from './readings-chart.css';

const PART_KEYS: Record<string, I18nKey> = { avg: 'series.avg', min: 'series.min', max: 'series.max', spread: 'series.spread' };

type FrameSeries = { id: string; data: { x: Date; y: number }[] };

/** The unit title row above each panel (c.axisTitle is 1.25rem). */
const TITLE = 20;
/** Room above and below each plot, so the top and bottom tick labels are not cut. */
const PAD = 8;
/** The time axis' labels under the last panel. */
const AXIS = 28;
const MARGIN_LEFT = 56;
/** Room right of the plot for a last point's marker. */
const MARGIN_RIGHT = 14;
const LABEL_H = 19;
/** A last-value label's likely width: it is placed right of its point when it would not fit left of it. */
const LABEL_W = 72;

// The theme's secondary text, grid and error colours (src/views/theme): a canvas cannot read CSS variables.
const CANVAS = {
  light: { text: '#4a5059', grid: '#e4e6e9', domain: '#8a9099', threshold: '#c0262d' },
  dark: { text: '#bdc1c6', grid: '#2a303b', domain: '#6b7280', threshold: '#ff8a80' },
} as const;
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };
const DAY_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
const FONT = "Inter, Roboto, system-ui, -apple-system, 'Segoe UI', 'Noto Sans Arabic', 'Noto Sans SC', sans-serif";

/**
 * A value's direction in an isolate: left to right as written ("5 %" has no strong letter, so `auto` would take an
 * Arabic page's direction and show "% 5"); a switch's On/Off is a word in the reader's language.
 */
const valueDir = (unit: string) => (unit === ON_OFF_UNIT ? undefined : 'ltr');
/** The same for a unit or a range inside a sentence (an axis title, the band's legend entry): a left-to-right isolate. */
const ltr = (text: string) => `\u2066${text}\u2069`;
/** Items joined as the reader's language lists them ("a, b" / "a، b"). */
const list = (items: string[]) => new Intl.ListFormat(currentLocale(), { type: 'unit', style: 'short' }).format(items);

/**
 * The stack's width, measured in a layout effect (so before the first paint) and then as it changes; null until then,
 * so that no panel is drawn at a guessed width and drawn again. A DOM without layout (tests) measures 0: 800 then.
 */
function useStackWidth(ref: RefObject<HTMLDivElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width || 800);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry?.contentRect.width) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** One panel: the series of one unit on their own y axis, placed in the chart's stack. */
interface Panel {
  unit: string;
  onOff: boolean;
  title: string;
  lines: ChartLine[];
  bands: { band: Band; feedIds: ReadonlySet<string> }[];
  domain: YDomain;
  plotHeight: number;
  /** The panel's offset in the stack, and where its plot starts. */
  top: number;
  plotTop: number;
  /** Whether the shared time axis is drawn under this panel (the last one). */
  last: boolean;
}

export interface ReadingsChartProps {
  series: ReadingSeries[];
  dark: boolean;
  /** The answer's bucket length, or null for stored readings: a step over one and a half buckets is a gap. */
  bucketMs?: number | null;
  /** The height of the panels together (legend not included); several units share it, each with its own panel. */
  height?: number;
  /** Called after each canvas draw (benchmarks and tests wait for it). */
  onDrawn?: () => void;
  /** Limits drawn across the chart as dashed lines (an alert rule's thresholds); the scale always shows them. */
  thresholds?: readonly number[];
  /** Each feed's name and its node's, by feedId, for the legend ("Temperature · Fridge 1"); the series' name without. */
  names?: ReadonlyMap<string, { feed: string; node: string }>;
  /** Each feed's safe range, by feedId: shaded behind its panel's lines and always inside the scale. */
  bands?: ReadonlyMap<string, Band>;
}

/**
 * The readings chart: one panel per unit, stacked on one time axis. nivo's canvas line chart draws each panel's
 * scales, grid and axes; a canvas layer of ours draws the lines straight from the server's columnar arrays (see
 * chart-series.ts for why). Everything that changes with the pointer or the keys — the crosshair, its values — is DOM
 * over the canvas, so moving it never redraws the lines. The data arrive reduced to the chart's width.
 */
export const ReadingsChart = memo(function ReadingsChart({ series, dark, bucketMs = null, height = 360, onDrawn, thresholds, names, bands }: ReadingsChartProps) {
  const locale = currentLocale();
  const stackRef = useRef<HTMLDivElement>(null);
  const measured = useStackWidth(stackRef);
  const width = Math.max(120, measured ?? 800);
  const innerWidth = width - MARGIN_LEFT - MARGIN_RIGHT;
  // Day buckets last 23 to 25 hours around a clock change: a step over one and a half buckets has lost one, whatever
  // the clock did.
  const gapMs = bucketMs === null ? Infinity : bucketMs * 1.5;
  const reach = reachOf(gapMs);

  // The locale is a dependency: names, titles and the band's words are in the current language.
  const model = useMemo(() => {
    const nameOf = (s: ReadingSeries) => {
      const n = names?.get(s.feedId);
      return n ? t('chart.lineName', { feed: n.feed, node: n.node }) : s.name;
    };
    const groups = groupByUnit(series);
    const heights = plotHeights(groups, height - groups.length * (TITLE + 2 * PAD) - AXIS);
    const palette = dark ? DARK_PALETTE : PALETTE;
    const panels: Panel[] = [];
    let first = 0;
    let top = 0;
    let t0 = Infinity;
    let t1 = -Infinity;
    groups.forEach((g, k) => {
      const frame = chartFrame(
        g.series,
        (s, part, many) => (many && PART_KEYS[part] ? t('chart.linePart', { name: nameOf(s), part: t(PART_KEYS[part]!) }) : nameOf(s)),
        first,
        palette,
      );
      first += frame.lines.length;
      if (frame.extent) {
        t0 = Math.min(t0, frame.extent.t0);
        t1 = Math.max(t1, frame.extent.t1);
      }
      const panelBands = bandsOf(g.series, bands);
      const plotHeight = heights[k]!;
      const count = Math.max(2, Math.min(6, Math.floor(plotHeight / 44)));
      const quantities = new Set(g.series.map((s) => names?.get(s.feedId)?.feed ?? s.name));
      const unit = g.onOff ? t('chart.axisOnOff') : g.unit ? ltr(g.unit) : t('chart.axisNoUnit');
      const last = k === groups.length - 1;
      panels.push({
        unit: g.unit,
        onOff: g.onOff,
        title: quantities.size === 1 && (g.onOff || g.unit) ? t('chart.axisTitle', { quantity: [...quantities][0]!, unit }) : unit,
        lines: frame.lines,
        bands: panelBands,
        domain: yDomain(frame.extent, panelBands.map((b) => b.band), thresholds ?? [], g.onOff, count),
        plotHeight,
        top,
        plotTop: top + TITLE + PAD,
        last,
      });
      top += TITLE + 2 * PAD + plotHeight + (last ? AXIS : 0);
    });
    const x = t0 <= t1 ? padExtent({ t0, t1, y0: 0, y1: 1 }) : null;
    const legendBands = [
      ...new Set(
        panels.flatMap((p) => p.bands.map((b) => formatRange(b.band.min, b.band.max, p.onOff ? '' : p.unit)).filter((r): r is string => r !== null)),
      ),
    ].map((range) => t('chart.safeRange', { range: ltr(range) }));
    return { panels, total: top, x: x && { t0: x.t0, t1: x.t1 }, legendBands };
  }, [series, names, bands, thresholds, dark, height, locale]);

  const rows = useMemo(() => model.panels.flatMap((p) => p.lines.map((line) => ({ line, unit: p.unit }))), [model]);
  const allLines = useMemo(() => rows.map((r) => r.line), [rows]);
  const legend = useMemo<LegendLine[]>(() => allLines.map((l) => ({ index: l.index, name: l.id })), [allLines]);
  const x = useMemo(() => {
    const d = model.x;
    return d ? (v: number) => ((v - d.t0) / (d.t1 - d.t0)) * innerWidth : null;
  }, [model, innerWidth]);
  // Over three days and more the time axis names days ("Nov 23", ~90 px a label); under that, times ("Nov 23, 6:00 PM",
  // ~170 px). d3 may give up to half again the ticks asked for, so the spacing is generous: never overlapping.
  const days = model.x !== null && model.x.t1 - model.x.t0 >= 3 * 86_400_000;
  const timeTicks = Math.max(2, Math.min(8, Math.floor(innerWidth / (days ? 90 : 170))));

  const [cross, setCross] = useState<{ at: number; byKey: boolean } | null>(null);
  const onPointer = useCallback(
    (e: PointerEvent<HTMLDivElement>) => {
      const d = model.x;
      if (!d) return;
      const rect = e.currentTarget.getBoundingClientRect();
      const px = Math.max(0, Math.min(innerWidth, e.clientX - rect.left - MARGIN_LEFT));
      const raw = d.t0 + (px / innerWidth) * (d.t1 - d.t0);
      setCross({ at: snapTime(allLines, raw, reach) ?? raw, byKey: false });
    },
    [model, innerWidth, allLines, reach],
  );
  const onLeave = useCallback((e: PointerEvent<HTMLDivElement>) => {
    // A tap ends with the pointer leaving: on touch the crosshair stays until the chart loses focus.
    if (e.pointerType !== 'touch') setCross(null);
  }, []);
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const at = cross?.at ?? null;
      let next: number | null;
      if (e.key === 'ArrowRight') next = at === null ? endTime(allLines, -1) : (stepTime(allLines, at, 1) ?? at);
      else if (e.key === 'ArrowLeft') next = at === null ? endTime(allLines, 1) : (stepTime(allLines, at, -1) ?? at);
      else if (e.key === 'Home') next = endTime(allLines, -1);
      else if (e.key === 'End') next = endTime(allLines, 1);
      else if (e.key === 'Escape' && cross) {
        // Only a shown crosshair takes Escape; otherwise it still closes the dialog the chart is in.
        e.preventDefault();
        e.stopPropagation();
        setCross(null);
        return;
      } else return;
      e.preventDefault();
      if (next !== null) setCross({ at: next, byKey: true });
    },
    [cross, allLines],
  );
  const onBlur = useCallback(() => setCross(null), []);

  const values = useMemo(() => (cross ? valuesAt(allLines, cross.at, reach) : null), [cross, allLines, reach]);
  const spoken =
    cross?.byKey && values
      ? t('chart.readingsAt', {
          time: formatDate(cross.at),
          values: list(rows.map((r, i) => t('chart.valueAt', { name: r.line.id, value: values[i] === null ? t('chart.noReading') : formatReading(values[i]!, r.unit) }))),
        })
      : '';

  const e = model.x;
  const summary = t('site.chartSummary', { series: series.length, from: e ? formatDate(e.t0) : '—', to: e ? formatDate(e.t1) : '—' });
  const units = t('chart.units', { units: list(model.panels.map((p) => (p.onOff ? t('chart.axisOnOff') : p.unit || t('chart.axisNoUnit')))) });
  const theme = useMemo(() => {
    const k = CANVAS[dark ? 'dark' : 'light'];
    const text = { fill: k.text, fontSize: 11, fontFamily: FONT };
    return { background: 'transparent', text, axis: { ticks: { text }, domain: { line: { stroke: k.domain, strokeWidth: 1 } } }, grid: { line: { stroke: k.grid } } };
  }, [dark]);

  return (
    <div className={c.root}>
      <div
        ref={stackRef}
        className={c.stack}
        style={{ height: model.total }}
        role="img"
        tabIndex={0}
        aria-label={`${t('site.chart')}: ${summary}. ${units}. ${t('chart.keys')}`}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={onLeave}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        {model.x &&
          measured !== null &&
          model.panels.map((p, k) => (
            <ChartPanel
              key={`${k}:${p.unit}`}
              panel={p}
              xDomain={model.x!}
              width={width}
              timeTicks={timeTicks}
              days={days}
              gapMs={gapMs}
              theme={theme}
              threshold={CANVAS[dark ? 'dark' : 'light'].threshold}
              thresholds={thresholds}
              dark={dark}
              onDrawn={onDrawn}
            />
          ))}
        {cross && values && x && (
          <Crosshair at={cross.at} values={values} rows={rows} panels={model.panels} x={x} width={width} height={model.total} dark={dark} />
        )}
      </div>
      <div className={visuallyHidden} aria-live="polite">
        {spoken}
      </div>
      <ChartLegend lines={legend} bands={model.legendBands} dark={dark} />
    </div>
  );
});

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
const ChartPanel = memo(function ChartPanel({ panel: p, xDomain, width, timeTicks, days, gapMs, theme, threshold, thresholds, dark, onDrawn }: PanelProps) {
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

/** The crosshair: a vertical line through every panel, each line's point on it, and a box with the values. */
const Crosshair = memo(function Crosshair({
  at,
  values,
  rows,
  panels,
  x,
  width,
  height,
  dark,
}: {
  at: number;
  values: readonly (number | null)[];
  rows: readonly { line: ChartLine; unit: string }[];
  panels: readonly Panel[];
  x: (t: number) => number;
  width: number;
  height: number;
  dark: boolean;
}) {
  const left = MARGIN_LEFT + x(at);
  const first = panels[0]!;
  const lastPanel = panels[panels.length - 1]!;
  const dots: { index: number; top: number }[] = [];
  let r = 0;
  for (const p of panels) {
    const y = yMap(p.domain, p.plotHeight);
    for (const l of p.lines) {
      const v = values[r++];
      if (v !== null && v !== undefined) dots.push({ index: l.index, top: p.plotTop + y(v) });
    }
  }
  const capacity = Math.max(3, Math.floor((height - 40) / 17));
  const shown = rows.length > capacity ? capacity - 1 : rows.length;
  // The box sits on the side of the line with more room.
  const side = left > width / 2 ? { right: width - left + 10 } : { left: left + 10 };
  return (
    <div className={c.overlay} aria-hidden="true" data-crosshair="">
      <div className={c.rule} style={{ left, top: first.plotTop, height: lastPanel.plotTop + lastPanel.plotHeight - first.plotTop }} />
      {dots.map((d) => (
        <span key={d.index} className={`${c.dot} ${colourClass(d.index, dark)}`} style={{ left, top: d.top }} />
      ))}
      <div className={c.box} style={{ ...side, top: first.plotTop }}>
        <div className={c.boxTime}>
          <bdi>{formatDate(at)}</bdi>
        </div>
        <div className={c.boxRows}>
          {rows.slice(0, shown).map((row, i) => (
            <div key={row.line.index} className={c.boxRow}>
              <SeriesKey index={row.line.index} dark={dark} short />
              <span className={c.boxName}>{row.line.id}</span>
              <bdi className={c.boxValue} dir={valueDir(row.unit)}>{values[i] === null ? t('chart.noReading') : formatReading(values[i]!, row.unit)}</bdi>
            </div>
          ))}
          {shown < rows.length && <div className={c.boxMore}>{t('chart.more', { count: rows.length - shown })}</div>}
        </div>
      </div>
    </div>
  );
});
