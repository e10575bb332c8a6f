import { createRoot } from 'react-dom/client';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReadingSeries } from '../../src/api/contract/monitoring';
import { ReadingsChart } from '../../src/views/ui/readings-chart';
import { paintedAfter, stage } from './frames';

const HEIGHT = 360;

/** The product's chart, exactly as the site dashboard renders it. Returns ms from data to the painted chart. */
export async function chartNivo(series: ReadingSeries[]): Promise<number> {
  const el = stage();
  let drawn = false;
  const t0 = performance.now();
  createRoot(el).render(<ReadingsChart series={series} dark={false} height={HEIGHT} onDrawn={() => (drawn = true)} />);
  return paintedAfter(t0, () => drawn);
}

/**
 * The baseline: uPlot drawing the same series. Each series keeps its own time stamps (the server's min/max reduction
 * picks different instants per feed), so uPlot runs in its faceted mode 2 with linear paths, legend and cursor off
 * as on our chart.
 */
export async function chartUplot(series: ReadingSeries[]): Promise<number> {
  const el = stage();
  let drawn = false;
  const t0 = performance.now();
  const data = [null, ...series.map((s) => [s.t, s.value ?? s.avg ?? []])] as unknown as uPlot.AlignedData;
  const palette = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
  new uPlot(
    {
      mode: 2,
      ms: 1,
      width: el.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true } },
      series: [
        {},
        ...series.map((s, i) => ({ label: s.name, stroke: palette[i % palette.length], width: 1.5, paths: uPlot.paths.linear!(), points: { show: false } })),
      ],
      hooks: { draw: [() => void (drawn = true)] },
    },
    data,
    el,
  );
  return paintedAfter(t0, () => drawn);
}
