import type { ChartLine } from './chart-series';
import type { Band, YDomain } from './chart-panels';
import { t } from '../../i18n';
import { formatRange, formatReading, ON_OFF_UNIT } from './reading-format';

// The readings chart's geometry and canvas colours, shared by its stack, its panels and its crosshair.

export type FrameSeries = { id: string; data: { x: Date; y: number }[] };

/** The unit title row above each panel (c.axisTitle is 1.25rem). */
export const TITLE = 20;
/** Room above and below each plot, so the top and bottom tick labels are not cut. */
export const PAD = 8;
/** The time axis' labels under the last panel. */
export const AXIS = 28;
export const MARGIN_LEFT = 56;
/** Room right of the plot for a last point's marker. */
export const MARGIN_RIGHT = 14;
export const LABEL_H = 19;
/** A last-value label's likely width: it is placed right of its point when it would not fit left of it. */
export const LABEL_W = 72;

// The theme's secondary text, grid and error colours (src/views/theme): a canvas cannot read CSS variables.
export const CANVAS = {
  light: { text: '#4a5059', grid: '#e4e6e9', domain: '#8a9099', threshold: '#c0262d' },
  dark: { text: '#bdc1c6', grid: '#2a303b', domain: '#6b7280', threshold: '#ff8a80' },
} as const;
export const FONT = "Inter, Roboto, system-ui, -apple-system, 'Segoe UI', 'Noto Sans Arabic', 'Noto Sans SC', sans-serif";

/**
 * A value's direction in an isolate: left to right as written ("5 %" has no strong letter, so `auto` would take an
 * Arabic page's direction and show "% 5"); a switch's On/Off is a word in the reader's language.
 */
export const valueDir = (unit: string) => (unit === ON_OFF_UNIT ? undefined : 'ltr');

/** A line's reading at the crosshair: "9.4 °C", with its bucket's min..max when it has one ("9.4 °C (8.1–10.2 °C)"). */
export function readingAt(value: number | null, range: { lo: number; hi: number } | null, unit: string): string {
  if (value === null) return t('chart.noReading');
  const shown = formatReading(value, unit);
  const spread = range && unit !== ON_OFF_UNIT ? formatRange(range.lo, range.hi, unit) : null;
  return spread ? t('chart.valueRange', { value: shown, range: spread }) : shown;
}

/** One panel: the series of one unit on their own y axis, placed in the chart's stack. */
export interface Panel {
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
