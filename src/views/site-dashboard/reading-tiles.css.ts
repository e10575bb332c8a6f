import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const tiles = style({
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
const tileBase = style({
  display: 'grid',
  gap: vars.space.xs,
  alignContent: 'start',
  border: `1px solid ${vars.palette.border.main}`,
  borderInlineStartWidth: '4px',
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
  background: vars.palette.surface.card,
  minWidth: 0,
});
/** A tile by its reading: in range, out of range, not judged (no range), none yet; the inline-start edge says which. */
export const tile = styleVariants({
  in: [tileBase, { borderInlineStartColor: vars.palette.success.main }],
  plain: [tileBase, { borderInlineStartColor: vars.palette.primary.main }],
  out: [tileBase, { borderInlineStartColor: vars.palette.error.main, background: vars.palette.error.surface }],
  none: [tileBase, { borderInlineStartColor: vars.palette.border.strong, borderStyle: 'dashed', borderInlineStartStyle: 'solid' }],
});
export const name = style({ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const node = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const value = style({ fontSize: vars.font.size.xl, fontWeight: 500, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 });
export const valueOut = style([value, { color: vars.palette.error.main }]);
export const valueNone = style({ fontSize: vars.font.size.md, color: vars.palette.text.secondary, fontStyle: 'italic' });
export const time = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
export const empty = style({ color: vars.palette.text.secondary, margin: 0 });
