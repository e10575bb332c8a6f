import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The windowed table: a grid header row and absolutely placed rows inside a scroller. */
export const table = style({ display: 'grid', fontSize: vars.font.size.sm });
export const headRow = style({ display: 'grid', borderBottom: `2px solid ${vars.palette.border.main}` });
export const th = style({ padding: vars.space.xs, fontWeight: 500, color: vars.palette.text.secondary });
export const scroller = style({ overflowY: 'auto', position: 'relative' });
export const row = style({
  display: 'grid',
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  alignItems: 'center',
  borderBottom: `1px solid ${vars.palette.border.main}`,
});
export const td = style({ padding: vars.space.xs, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const activeRow = style({ background: vars.palette.primary.light, boxShadow: `inset 3px 0 0 ${vars.palette.primary.main}` });
export const statusRow = style({ display: 'block', padding: `${vars.space.lg} ${vars.space.md}`, color: vars.palette.text.secondary, textAlign: 'center' });
export const status = style({ display: 'block' });
export const sortButton = style({
  font: 'inherit',
  fontWeight: 'inherit',
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
});
export const sortMark = style({ fontSize: '0.7em', opacity: 0.8 });
