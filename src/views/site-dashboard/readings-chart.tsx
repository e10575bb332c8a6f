import { memo, useMemo } from 'react';
import { ResponsiveLineCanvas } from '@nivo/line';
import type { ReadingSeries } from '../../api/contract/monitoring';
import { formatDate, t, type I18nKey } from '../../i18n';
import { toLines } from './chart-series';

const PART_KEYS: Record<string, I18nKey> = { avg: 'series.avg', min: 'series.min', max: 'series.max', spread: 'series.spread' };

/**
 * The readings chart: nivo's canvas line (the canvas variant has no mesh nor animation) with points and interactivity off (STACK: each costs seconds at wall-display
 * sizes). The data arrive reduced to the chart's width, so drawing stays one pass per line.
 */
export const ReadingsChart = memo(function ReadingsChart({ series, dark, height = 360 }: { series: ReadingSeries[]; dark: boolean; height?: number }) {
  const lines = useMemo(
    () => toLines(series, (s, part, many) => (many && PART_KEYS[part] ? `${s.name} (${t(PART_KEYS[part]!)})` : `${s.name}`)),
    [series],
  );
  const first = lines.find((l) => l.data.length)?.data[0]?.x;
  const lastLine = lines.find((l) => l.data.length);
  const last = lastLine?.data[lastLine.data.length - 1]?.x;
  const text = dark ? '#e8eaed' : '#1c1f24';
  const grid = dark ? '#3c4250' : '#e4e6e9';
  const summary = t('site.chartSummary', {
    series: series.length,
    from: first ? formatDate(first) : '—',
    to: last ? formatDate(last) : '—',
  });
  return (
    <div style={{ height }} role="img" aria-label={`${t('site.chart')}: ${summary}`}>
      <ResponsiveLineCanvas
        data={lines}
        margin={{ top: 16, right: 24, bottom: 48, left: 56 }}
        xScale={{ type: 'time' }}
        yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
        axisBottom={{ format: '%d %b %H:%M', tickValues: 6 }}
        axisLeft={{ tickValues: 6 }}
        enablePoints={false}
        isInteractive={false}
        lineWidth={1.5}
        colors={{ scheme: 'category10' }}
        theme={{ text: { fill: text }, axis: { ticks: { text: { fill: text } } }, grid: { line: { stroke: grid } } }}
      />
    </div>
  );
});
