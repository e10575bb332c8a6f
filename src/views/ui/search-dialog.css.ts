import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { input as field } from './form.css';

/** Near the top of the screen, edge to edge inside: the parts bring their own spacing. */
export const dialog = style({
  width: 'min(40rem, calc(100vw - 1.5rem))',
  maxHeight: '80vh',
  padding: 0,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.lg,
  background: vars.palette.surface.raised,
  color: vars.palette.text.primary,
  boxShadow: vars.elevation.lg,
  marginTop: '12vh',
  overflow: 'hidden',
  selectors: { '&::backdrop': { background: 'rgba(10, 12, 16, 0.45)' } },
});
export const titleBar = style({ padding: `${vars.space.sm} ${vars.space.md} 0`, display: 'grid', gap: vars.space.xxs });
export const title = style({ margin: 0, fontSize: vars.font.size.sm, fontWeight: vars.font.weight.semibold, color: vars.palette.text.secondary });
export const scope = style({ fontSize: vars.font.size.sm, color: vars.palette.text.secondary });
export const head = style({ padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm}`, borderBottom: `1px solid ${vars.palette.border.main}`, display: 'grid', gap: vars.space.xs });

/** The search field: the app's field, full width and a step taller (it is typed into more than anything else). */
export const input = style([field, { width: '100%', minHeight: vars.density.control.lg, fontSize: vars.font.size.lg, border: 'none', selectors: { '&:focus': { boxShadow: 'none' } } }]);
/** The results: a bounded, scrolling list whose rows a virtualizer places (absolutely, inside `rows`). */
export const list = style({ maxHeight: '24rem', overflowY: 'auto', position: 'relative', padding: `${vars.space.xs} 0` });
/** As tall as all the rows (a height the virtualizer computes), of which only those in view are rendered. */
export const rows = style({ position: 'relative' });
/** One result row: label, kind and shortcut; the selected row is tinted and marked on its start edge. */
export const item = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  boxSizing: 'border-box',
  display: 'grid',
  gridTemplateColumns: '1fr auto auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  cursor: 'pointer',
  borderInlineStart: '2px solid transparent',
  selectors: {
    '&[data-selected="true"]': { background: vars.palette.state.selected, color: vars.palette.state.selectedText, borderInlineStartColor: vars.palette.primary.main },
  },
});
export const label = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const detail = style({ marginInlineStart: vars.space.sm, color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
export const kind = style({ fontSize: vars.font.size.xs, color: vars.palette.text.secondary, textTransform: 'uppercase', letterSpacing: vars.font.tracking.caps });
export const status = style({ padding: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.font.size.xs, color: vars.palette.text.secondary, borderTop: `1px solid ${vars.palette.border.main}`, background: vars.palette.grayscale.g50, fontVariantNumeric: vars.font.numeric });

// cmdk (the palette's list library) labels its field with its own <label>, visually hidden by an inline style; every
// field of the app has a visible label, so in a search dialog it shows, above the field.
globalStyle(`${dialog} [cmdk-label]`, {
  position: 'static !important' as 'static',
  width: 'auto !important',
  height: 'auto !important',
  margin: '0 !important',
  overflow: 'visible !important' as 'visible',
  clip: 'auto !important',
  whiteSpace: 'normal !important' as 'normal',
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md} 0 !important`,
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.palette.text.secondary,
});
