import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { ReadingSeries } from '../../api/contract/monitoring';
import { currentLocale, formatDate, t, type I18nKey } from '../../i18n';
import { chartFrame, DARK_PALETTE, padExtent, PALETTE } from './chart-series';
import { bandsOf, groupByUnit, plotHeights, yDomain, type Band } from './chart-panels';
import { endTime, rangesAt, reachOf, snapTime, stepTime, valuesAt } from './chart-crosshair';
import { ChartLegend, type LegendLine } from './chart-legend';
import { formatRange, ltr } from './reading-format';
import { AXIS, CANVAS, FONT, readingAt, MARGIN_LEFT, MARGIN_RIGHT, PAD, TITLE, type Panel } from './chart-layout';
import { ChartPanel } from './chart-panel';
import { Crosshair } from './chart-crosshair-box';
import { visuallyHidden } from './a11y.css';
import * as c from './readings-chart.css';

const PART_KEYS: Record<string, I18nKey> = { avg: 'series.avg', min: 'series.min', max: 'series.max', spread: 'series.spread' };

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
  const ranges = useMemo(() => (cross ? rangesAt(allLines, cross.at, reach) : null), [cross, allLines, reach]);
  const spoken =
    cross?.byKey && values
      ? t('chart.readingsAt', {
          time: formatDate(cross.at),
          values: list(rows.map((r, i) => t('chart.valueAt', { name: r.line.id, value: readingAt(values[i] ?? null, ranges?.[i] ?? null, r.unit) }))),
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
          <Crosshair at={cross.at} values={values} ranges={ranges ?? []} rows={rows} panels={model.panels} x={x} width={width} height={model.total} dark={dark} />
        )}
      </div>
      <div className={visuallyHidden} aria-live="polite">
        {spoken}
      </div>
      <ChartLegend lines={legend} bands={model.legendBands} envelope={allLines.some((l) => l.lo !== undefined)} dark={dark} />
    </div>
  );
});
