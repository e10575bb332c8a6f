import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A label and a small control on one line (the top bar's and the sign-in card's language choice). */
export const inlineField = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
export const smallSelect = style({
  font: 'inherit',
  minHeight: '2.25rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
});
