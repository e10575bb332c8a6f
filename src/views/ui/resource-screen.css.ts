import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { card } from './controls.css';

export const screen = style({ display: 'grid', gap: vars.space.md, maxWidth: '96rem' });
export const header = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.md, flexWrap: 'wrap' });
export const title = style({ fontSize: vars.font.size.xl, fontWeight: 500, margin: 0, outline: 'none' });
export const intro = style({ margin: `${vars.space.xs} 0 0`, color: vars.palette.text.secondary, maxWidth: '48rem' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });
export const filter = style({ display: 'grid', gap: vars.space.xs, minWidth: '16rem', flex: '0 1 24rem' });
export const hint = style({ fontSize: vars.font.size.sm, color: vars.palette.text.secondary });
/** The list's card: the one card style with a thin padding, as the table brings its own cell spacing. */
export const tableCard = style([card, { padding: vars.space.xs }]);
export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap', color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
export const notice = style({
  margin: 0,
  color: vars.palette.success.main,
  background: vars.palette.success.surface,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
});
export const failed = style({ color: vars.palette.error.main });
export const keys = style({ margin: 0, fontSize: vars.font.size.sm, color: vars.palette.text.secondary, minHeight: '1em' });
export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' });
// A select is as wide as its longest choice (a node named with its site); in a form or a filter it takes the
// column's width instead, so the dialog never scrolls sideways to its buttons.
globalStyle(`${form} select`, { minWidth: 0, width: '100%' });
/** One of a screen's own filters (a picker beside the name filter). */
export const where = style({ flex: '0 1 16rem', minWidth: '12rem' });
globalStyle(`${where} select`, { minWidth: 0, width: '100%' });
export const swatch = style({ display: 'inline-block', width: '1rem', height: '1rem', borderRadius: '50%', verticalAlign: 'middle', marginInlineEnd: vars.space.xs, border: `1px solid ${vars.palette.border.main}` });
export const rowActions = style({ display: 'inline-flex', gap: vars.space.xs, flexWrap: 'nowrap' });
