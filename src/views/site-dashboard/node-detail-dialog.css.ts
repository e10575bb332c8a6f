import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A part of the dialog's heading (readings, events), under the dialog's own title. */
export const heading = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.semibold, lineHeight: vars.font.lineHeight.tight });

/** The feeds and the events: one item under another, a hairline between them. */
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', minWidth: 0 });
export const item = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.palette.border.main}`,
  minWidth: 0,
  selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 } },
});

/** An item's first line: its name and what it is now, wrapping under each other on a phone. */
export const line = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `${vars.space.xxs} ${vars.space.sm}`, minWidth: 0 });
export const name = style({ fontWeight: vars.font.weight.medium, overflowWrap: 'anywhere' });
export const value = style({ fontVariantNumeric: vars.font.numeric, fontWeight: vars.font.weight.semibold });

/** An event's times and peak: each label before its value, side by side, wrapping. */
export const facts = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.md}`, margin: 0, fontSize: vars.font.size.sm });
export const fact = style({ display: 'flex', gap: vars.space.xs, minWidth: 0 });
export const term = style({ color: vars.palette.text.secondary });
export const factValue = style({ margin: 0, fontVariantNumeric: vars.font.numeric });

/** An event's rule, a link to Alert Events: in the link colour, as the table's names that open something are. */
export const eventLink = style({
  color: vars.palette.primary.main,
  fontWeight: vars.font.weight.medium,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
