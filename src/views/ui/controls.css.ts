import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The plain button of every screen. */
export const button = style({
  font: 'inherit',
  minHeight: '2.25rem',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.55, cursor: 'not-allowed' } },
});

/** The native select of every screen, as tall as a button. */
export const select = style({
  font: 'inherit',
  minHeight: '2.25rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
});
