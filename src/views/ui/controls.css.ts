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

/** The one action a screen or a form leads with. */
export const primary = style([button, { background: vars.palette.primary.main, color: vars.palette.primary.contrast, borderColor: vars.palette.primary.main }]);

/** An action that destroys something: red, so it is never mistaken for the default. */
export const danger = style([button, { background: vars.palette.error.main, color: vars.palette.text.inverse, borderColor: vars.palette.error.main }]);

/** A button that looks like text inside a table cell (the row's name opens its form). */
export const linkButton = style({
  font: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.palette.primary.main,
  cursor: 'pointer',
  textAlign: 'start',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

/** The one card of the product: a raised surface with a border; screens add their layout to it. */
export const card = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});
