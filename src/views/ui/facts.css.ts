import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Facts as label over value, as many as fit on a line. */
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: 0,
  fontSize: vars.font.size.sm,
});
export const term = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.xs });
export const value = style({ margin: 0, fontVariantNumeric: vars.font.numeric });
