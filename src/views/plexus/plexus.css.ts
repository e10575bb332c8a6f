import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const summary = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, minWidth: 0 });
export const summaryLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, margin: 0, minWidth: 0 });
export const hidden = style({ padding: vars.space.xs, fontSize: vars.font.size.sm });

/** The nested lists of the tree: no markers; each level indented on the reading side, so right to left as well. */
export const tree = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm, minWidth: 0 });
export const branch = style({
  listStyle: 'none',
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.xxs,
  minWidth: 0,
  borderInlineStart: `1px solid ${vars.palette.border.main}`,
  marginInlineStart: vars.space.md,
  // A phone keeps its width for the nodes: a shallower step per level.
  '@media': { 'screen and (max-width: 40rem)': { paddingInlineStart: vars.space.xs, marginInlineStart: vars.space.xs } },
});
export const site = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  minWidth: 0,
});
export const heading = style({ margin: 0, fontSize: 'inherit', fontWeight: 'inherit', minWidth: 0 });

/** A disclosure: the whole heading line is the button; its name, then the trouble under it. */
export const toggle = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  minHeight: vars.density.control.md,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.palette.text.primary,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.palette.state.hover } },
});
export const siteName = style({ fontSize: vars.font.size.md, fontWeight: vars.font.weight.semibold, overflowWrap: 'anywhere' });
export const hubName = style({ fontWeight: vars.font.weight.medium, overflowWrap: 'anywhere' });
export const chevron = style({ display: 'inline-block', width: '1em', transition: 'transform 120ms', color: vars.palette.text.secondary });
export const chevronOpen = style({ transform: 'rotate(90deg)' });
// Closed, the chevron points along the reading direction.
globalStyle(`[dir="rtl"] ${chevron}:not(${chevronOpen})`, { transform: 'scaleX(-1)' });

/** A node: its name and status on the first line (the status never wraps away), its link facts under them. */
export const node = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  padding: `${vars.space.xs} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.palette.border.main}`,
  minWidth: 0,
  selectors: { '&:last-child': { borderBottom: 0 } },
  // Wide screens: one line per node, its facts between its name and its status.
  '@media': { 'screen and (min-width: 64rem)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr) minmax(8rem, auto)', alignItems: 'center' } },
});
export const nodeName = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: vars.space.xs, minWidth: 0, overflowWrap: 'anywhere' });
export const status = style({
  whiteSpace: 'nowrap',
  justifySelf: 'end',
  '@media': { 'screen and (min-width: 64rem)': { gridColumn: 3, gridRow: 1 } },
});
export const facts = style({
  gridColumn: '1 / -1',
  // Wide: the same three tracks on every row, so the figures line up down the hub.
  '@media': { 'screen and (min-width: 64rem)': { gridColumn: 2, gridRow: 1, display: 'grid', gridTemplateColumns: '7.5rem 9rem minmax(0, 1fr)' } },
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
  fontSize: vars.font.size.sm,
  fontVariantNumeric: vars.font.numeric,
});
export const fact = style({ display: 'flex', gap: vars.space.xxs, margin: 0 });
export const factLabel = style({ color: vars.palette.text.secondary });
globalStyle(`${fact} dd`, { margin: 0 });
