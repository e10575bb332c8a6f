import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} 0.75rem`,
  borderRadius: vars.radius.md,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.snug,
});
/** A message inside a form or a page: tinted, with the status colour's symbol beside the text. */
export const callout = styleVariants({
  error: [base, { color: vars.palette.status.error.fg, background: vars.palette.status.error.bg }],
  warning: [base, { color: vars.palette.status.warning.fg, background: vars.palette.status.warning.bg }],
  success: [base, { color: vars.palette.status.ok.fg, background: vars.palette.status.ok.bg }],
  info: [base, { color: vars.palette.status.info.fg, background: vars.palette.status.info.bg }],
});
/** For a callout whose parent spaces its children (a page's grid): no margin of its own. */
export const flush = style({ margin: 0 });
export const symbol = style({ flexShrink: 0, fontWeight: vars.font.weight.bold, lineHeight: 'inherit' });
export const body = style({ minWidth: 0, flex: 1, color: vars.palette.text.primary });
export const action = style({ flexShrink: 0, marginBlock: `calc(-1 * ${vars.space.xs})` });

/** The class names of a plain error and success line, for markup that is not a Callout (a dialog's failure). */
export const errorText = callout.error;
export const infoText = callout.success;
