import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const base = style({ listStyle: 'none', padding: 0, margin: 0, minWidth: 0 });
/** `stack`: one item under another; `inline`: side by side, wrapping (a line of facts). */
export const list = styleVariants({
  stack: [base, { display: 'grid', gap: vars.space.xxs }],
  inline: [base, { display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xxs} ${vars.space.md}` }],
});
export const small = style({ fontSize: vars.font.size.sm });
export const muted = style({ color: vars.palette.text.secondary });
/** An item: its name, then its details on the same line, wrapping under it on a phone. */
export const item = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `0 ${vars.space.sm}`, minWidth: 0 });
export const itemTitle = style({ fontWeight: vars.font.weight.medium });
