import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Scales with its box: the width of the tile, a fixed small height. */
export const svg = style({ display: 'block', width: '100%', height: '1.75rem', overflow: 'visible' });
export const band = style({ fill: vars.palette.status.ok.bg });
/** The band's edges: a hairline so the range still reads where the tint is faint (dark theme). */
export const bandEdge = style({ stroke: vars.palette.status.ok.fg, strokeOpacity: 0.35, strokeWidth: 1, strokeDasharray: '2 3' });
export const line = style({ fill: 'none', stroke: vars.palette.primary.main, strokeWidth: 1.5, strokeLinejoin: 'round', strokeLinecap: 'round' });
const endBase = style({ fill: 'none', strokeWidth: 5, strokeLinecap: 'round' });
/** The newest point, in the tile's status colour. */
export const end = styleVariants({
  ok: [endBase, { stroke: vars.palette.status.ok.fg }],
  warning: [endBase, { stroke: vars.palette.status.warning.fg }],
  error: [endBase, { stroke: vars.palette.status.error.fg }],
  offline: [endBase, { stroke: vars.palette.status.offline.fg }],
  info: [endBase, { stroke: vars.palette.status.info.fg }],
  neutral: [endBase, { stroke: vars.palette.primary.main }],
});
/** No points in the window: a dashed baseline, so the tile keeps its shape and reads as "nothing". */
export const none = style({ stroke: vars.palette.border.strong, strokeWidth: 1, strokeDasharray: '3 3' });
