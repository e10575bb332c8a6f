import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A site card in the wall of sites: the card fills its grid cell, so a row of cards lines up. */
export const item = style({ display: 'grid', minWidth: 0 });
export const siteLink = style({
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.semibold,
  color: vars.palette.text.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.palette.primary.main, textDecoration: 'underline' } },
});
/** Who is acting: one quiet line of facts, wrapping on a phone. */
export const identity = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  fontSize: vars.font.size.sm,
  color: vars.palette.text.secondary,
});
export const nodes = style({ display: 'grid', gap: vars.space.xxs, listStyle: 'none', padding: 0, margin: 0, fontSize: vars.font.size.sm });
export const node = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `0 ${vars.space.sm}` });
export const nodeName = style({ fontWeight: vars.font.weight.medium });

/** Holds the wall of sites (and marks it as the keyboard's list). */
export const sites = style({ minWidth: 0 });
// ui/Grid as a <ul> keeps the browser's list indent and markers; the wall has neither.
globalStyle(`${sites} > ul`, { listStyle: 'none', padding: 0, margin: 0 });
