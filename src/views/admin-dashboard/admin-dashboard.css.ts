import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The glance: as many cards as fit on a line, one per column on a phone. */
export const glance = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(17rem, 100%), 1fr))',
  gap: vars.space.md,
  minWidth: 0,
});
export const heading = style({
  margin: 0,
  fontSize: vars.font.size.lg,
  fontWeight: vars.font.weight.semibold,
});
export const section = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });

/** A card's rows: what (a link, with a quiet line under it) and, at the end, its figure, which never wraps away. */
export const rows = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
  minWidth: 0,
});
export const what = style({ display: 'grid', minWidth: 0 });
export const link = style({
  color: vars.palette.primary.main,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const detail = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm, overflowWrap: 'anywhere' });
export const figure = style({ whiteSpace: 'nowrap', fontVariantNumeric: vars.font.numeric });
export const foot = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xs,
  marginTop: vars.space.sm,
  fontSize: vars.font.size.sm,
  color: vars.palette.text.secondary,
});
