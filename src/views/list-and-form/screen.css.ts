import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { card } from '../ui/controls.css';
import { touch } from '../ui/list-parts.css';

export const screen = style({ display: 'grid', gap: vars.space.md, maxWidth: '96rem', minWidth: 0 });
export const header = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: vars.space.md, flexWrap: 'wrap' });
export const title = style({
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  letterSpacing: '-0.01em',
  margin: 0,
  outline: 'none',
});
export const sectionTitle = style([title, { fontSize: vars.font.size.lg }]);
export const intro = style({ margin: `${vars.space.xxs} 0 0`, color: vars.palette.text.secondary, maxWidth: '60rem' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-start' });
/** The list's card: edge to edge, as the table brings its own cell spacing. */
export const tableCard = style([card, { padding: 0, overflow: 'hidden' }]);
export const notice = style({ margin: 0 });
export const failed = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, color: vars.palette.status.error.fg });
export const keys = style({ margin: 0, fontSize: vars.font.size.xs, color: vars.palette.text.secondary, minHeight: '1em', '@media': { [touch]: { display: 'none' } } });
export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' });
// A select is as wide as its longest choice (a node named with its site); in a form or a filter it takes the
// column's width instead, so the dialog never scrolls sideways to its buttons.
globalStyle(`${form} select`, { minWidth: 0, width: '100%' });
/** One of a screen's own filters (a picker beside the name filter). */
export const where = style({ flex: '0 1 16rem', minWidth: '12rem' });
globalStyle(`${where} select`, { minWidth: 0, width: '100%' });
// A screen's own filter is a FormField: in the toolbar it sits as tight as the name filter.
globalStyle(`${where} > div`, { marginBottom: 0, gap: vars.space.xxs });
// A phone's narrow table gives the name its room first; the row's actions then scroll sideways inside their cell.
export const rowActions = style({ display: 'inline-flex', gap: vars.space.xxs, flexWrap: 'nowrap', maxWidth: '100%', overflowX: 'auto', verticalAlign: 'middle' });
