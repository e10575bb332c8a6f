import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/**
 * The product's buttons. Quiet by default — text on no box, a tint on hover — so a screen full of actions stays
 * calm; `primary` marks the one action a screen or form leads with, `danger` an action that destroys.
 */
const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.density.control.md,
  paddingInline: '0.75rem',
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.palette.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.tight,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: {
    '&:hover:not(:disabled)': { background: vars.palette.state.hover },
    '&:active:not(:disabled)': { background: vars.palette.state.active },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

/** The plain button of every screen: quiet. */
export const button = style([buttonBase]);

/** A button that must read as a button on a busy surface (Retry, Sign in with …): a hairline, no fill. */
export const secondary = style([
  buttonBase,
  {
    borderColor: vars.palette.border.main,
    background: vars.palette.surface.card,
    boxShadow: vars.elevation.sm,
    selectors: { '&:hover:not(:disabled)': { borderColor: vars.palette.border.strong, background: vars.palette.surface.card } },
  },
]);

/** The one action a screen or a form leads with. */
export const primary = style([
  buttonBase,
  {
    background: vars.palette.primary.main,
    color: vars.palette.primary.contrast,
    selectors: { '&:hover:not(:disabled)': { background: vars.palette.primary.dark }, '&:active:not(:disabled)': { background: vars.palette.primary.dark } },
  },
]);

/** An action that destroys something: red, so it is never mistaken for the default. */
export const danger = style([
  buttonBase,
  {
    background: vars.palette.error.main,
    color: vars.palette.text.inverse,
    selectors: { '&:hover:not(:disabled)': { background: vars.palette.error.main, filter: 'brightness(0.92)' } },
  },
]);

/** Destructive but quiet, for a row's Delete among many rows: red text, no fill until hovered. */
export const dangerQuiet = style([
  buttonBase,
  { color: vars.palette.status.error.fg, selectors: { '&:hover:not(:disabled)': { background: vars.palette.status.error.bg } } },
]);

/** A square button holding one symbol; its accessible name comes from aria-label. */
export const iconButton = style({ paddingInline: 0, width: vars.density.control.md, fontSize: vars.font.size.lg });

export const size = styleVariants({
  sm: { minHeight: vars.density.control.sm, paddingInline: vars.space.sm, fontSize: vars.font.size.sm },
  md: {},
  lg: { minHeight: vars.density.control.lg, paddingInline: vars.space.md },
});
/** A square icon button's width at each size. */
export const iconSize = styleVariants({ sm: { width: vars.density.control.sm, paddingInline: 0 }, md: {}, lg: { width: vars.density.control.lg, paddingInline: 0 } });
/** Full width (the auth cards' submit). */
export const block = style({ width: '100%' });

/** The native select of every screen, as tall as a button. */
export const select = style({
  font: 'inherit',
  fontSize: vars.font.size.md,
  minHeight: vars.density.control.md,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.palette.border.main}`,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  cursor: 'pointer',
  selectors: { '&:hover:not(:disabled)': { borderColor: vars.palette.border.strong }, '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } },
});

/** A button that looks like text inside a table cell (the row's name opens its form). */
export const linkButton = style({
  font: 'inherit',
  fontWeight: vars.font.weight.medium,
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

/** The one card of the product: a quiet surface with a hairline border; screens add their layout to it. */
export const card = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  boxShadow: vars.elevation.sm,
});

/** A job's progress (an export being written): a slim bar in the product's colour. */
export const progress = style({
  display: 'block',
  width: '100%',
  maxWidth: '10rem',
  height: '0.375rem',
  marginTop: vars.space.xxs,
  accentColor: vars.palette.primary.main,
});
