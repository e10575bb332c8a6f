import { memo } from 'react';
import { formatDate, t } from '../../i18n';
import type { ChartLine } from './chart-series';
import { yMap } from './chart-panels';
import { colourClass, SeriesKey } from './chart-legend';
import { MARGIN_LEFT, readingAt, valueDir, type Panel } from './chart-layout';
import * as c from './readings-chart.css';

/** The crosshair: a vertical line through every panel, each line's point on it, and a box with the values. */
export const Crosshair = memo(function Crosshair({
  at,
  values,
  ranges,
  rows,
  panels,
  x,
  width,
  height,
  dark,
}: {
  at: number;
  values: readonly (number | null)[];
  /** Each line's min..max there, for the lines with an envelope. */
  ranges: readonly ({ lo: number; hi: number } | null)[];
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
              <bdi className={c.boxValue} dir={valueDir(row.unit)}>{readingAt(values[i] ?? null, ranges[i] ?? null, row.unit)}</bdi>
            </div>
          ))}
          {shown < rows.length && <div className={c.boxMore}>{t('chart.more', { count: rows.length - shown })}</div>}
        </div>
      </div>
    </div>
  );
});
