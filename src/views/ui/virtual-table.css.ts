import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The windowed table: a grid header row and absolutely placed rows inside a scroller. */
export const table = style({ display: 'grid', fontSize: vars.font.size.md, fontVariantNumeric: vars.font.numeric, minWidth: 0 });
export const headRow = style({
  display: 'grid',
  alignItems: 'center',
  minHeight: vars.density.row.compact,
  borderBottom: `1px solid ${vars.palette.border.main}`,
  background: vars.palette.grayscale.g50,
  borderStartStartRadius: vars.radius.lg,
  borderStartEndRadius: vars.radius.lg,
});
export const th = style({
  paddingInline: '0.75rem',
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
  textTransform: 'uppercase',
  letterSpacing: vars.font.tracking.caps,
  color: vars.palette.text.secondary,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const scroller = style({ overflowY: 'auto', position: 'relative', outlineOffset: '-2px' });
export const row = style({
  display: 'grid',
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  alignItems: 'center',
  borderBottom: `1px solid ${vars.palette.border.main}`,
  selectors: { '&:hover': { background: vars.palette.state.hover } },
});
export const td = style({ paddingInline: '0.75rem', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontVariantNumeric: vars.font.numeric });
export const activeRow = style({
  background: vars.palette.state.selected,
  boxShadow: `inset 3px 0 0 ${vars.palette.primary.main}`,
  selectors: { '&:hover': { background: vars.palette.state.selected }, '[dir="rtl"] &': { boxShadow: `inset -3px 0 0 ${vars.palette.primary.main}` } },
});
export const statusRow = style({ display: 'block', color: vars.palette.text.secondary, textAlign: 'center' });
export const status = style({ display: 'block' });
export const sortButton = style({
  font: 'inherit',
  fontWeight: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  cursor: 'pointer',
  display: 'inline-flex',
  gap: vars.space.xs,
  alignItems: 'center',
  selectors: { '&:hover': { color: vars.palette.text.primary } },
});
export const sortMark = style({ fontSize: '0.8em', opacity: 0.7 });
