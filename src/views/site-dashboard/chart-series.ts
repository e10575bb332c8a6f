import type { ReadingSeries } from '../../api/contract/monitoring';

export interface ChartPoint {
  x: Date;
  y: number;
}
export interface ChartLine {
  id: string;
  data: ChartPoint[];
}

type Part = 'avg' | 'min' | 'max' | 'value' | 'spread';

/**
 * Columnar series → chart lines: one line per array the aggregation answered (average, min, max, value, spread).
 * The server already reduced each series to about two points per pixel, so this is a plain copy.
 */
export function toLines(series: ReadingSeries[], label: (s: ReadingSeries, part: Part, many: boolean) => string): ChartLine[] {
  const lines: ChartLine[] = [];
  for (const s of series) {
    const parts = (['avg', 'value', 'min', 'max', 'spread'] as const).filter((p) => s[p] !== undefined);
    for (const p of parts) {
      const ys = s[p]!;
      const data = new Array<ChartPoint>(ys.length);
      for (let i = 0; i < ys.length; i++) data[i] = { x: new Date(s.t[i]!), y: ys[i]! };
      lines.push({ id: label(s, p, parts.length > 1), data });
    }
  }
  return lines;
}
