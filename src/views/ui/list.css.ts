import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import * as controls from './controls.css';
export { button, primary } from './controls.css';

export const page = style({ maxWidth: '96rem', display: 'grid', gap: vars.space.lg });
export const card = style([controls.card, { overflowX: 'auto', padding: 0 }]);
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.size.md, fontVariantNumeric: vars.font.numeric });
export const th = style({
  textAlign: 'start',
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.xs,
  textTransform: 'uppercase',
  letterSpacing: vars.font.tracking.caps,
  color: vars.palette.text.secondary,
  borderBottom: `1px solid ${vars.palette.border.main}`,
  height: vars.density.row.compact,
  paddingInline: '0.75rem',
  whiteSpace: 'nowrap',
});
export const td = style({
  textAlign: 'start',
  borderBottom: `1px solid ${vars.palette.border.main}`,
  height: vars.density.row.normal,
  paddingBlock: vars.space.xxs,
  paddingInline: '0.75rem',
  verticalAlign: 'middle',
});
/** A value with its unit ("3.8 °C"): never broken between the number and the unit. */
export const value = style({ fontVariantNumeric: vars.font.numeric, whiteSpace: 'nowrap' });
/** A wide table's row headers (a log's days) stay in view while its other columns scroll sideways on a phone. */
export const stickyRowHead = style({ position: 'sticky', insetInlineStart: 0, zIndex: 1, background: vars.palette.surface.card, minWidth: '7rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '1.375rem',
  paddingInline: '0.45rem',
  borderRadius: vars.radius.pill,
  background: vars.palette.status.ok.bg,
  color: vars.palette.status.ok.fg,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
});
export const muted = style({ color: vars.palette.text.secondary });
export const search = style({ display: 'grid', gap: vars.space.xs, maxWidth: '28rem' });
