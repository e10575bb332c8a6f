import { globalStyle, style } from '@vanilla-extract/css';
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

/**
 * A narrow table (a phone): its first column, the row's name, wraps onto a second line before it is cut, and headers
 * wrap at their spaces rather than cut, so "Harbour Pharmacy Group" reads whole where one line held "Harbour Ph…".
 * The row's one track is the row's height, and the name's cell fills it and clips: a longer name never spills over
 * the next row.
 */
export const narrow = style({});
globalStyle(`${narrow} [role="columnheader"]`, { whiteSpace: 'normal', lineHeight: vars.font.lineHeight.tight });
globalStyle(`${narrow} [role="row"]`, { gridTemplateRows: 'minmax(0, 1fr)' });
globalStyle(`${narrow} [role="cell"]:first-child`, { alignSelf: 'stretch', display: 'flex', alignItems: 'center', minHeight: 0 });
globalStyle(`${narrow} [role="cell"]:first-child, ${narrow} [role="cell"]:first-child *`, { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: vars.font.lineHeight.tight });
// The clamp sits on the name itself (the kit's Truncated, which carries the whole name as its title), as a grid
// cell cannot be a line-clamping box.
globalStyle(`${narrow} [role="cell"]:first-child [title]`, { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2 });
