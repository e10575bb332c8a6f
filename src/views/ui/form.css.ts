import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** One labelled field: label, optional hint, control, messages, stacked tight. */
export const field = style({ display: 'grid', gap: vars.space.xs, marginBottom: vars.space.md, minWidth: 0 });
export const label = style({
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.medium,
  color: vars.palette.text.primary,
  lineHeight: vars.font.lineHeight.snug,
});

/** Text inputs and the form's selects: a hairline box that darkens on hover and takes the primary colour on focus. */
export const input = style({
  font: 'inherit',
  fontSize: vars.font.size.md,
  width: '100%',
  minWidth: 0,
  minHeight: vars.density.control.md,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    '&:hover:not(:disabled):not([readonly])': { borderColor: vars.palette.border.strong },
    '&:focus': { borderColor: vars.palette.primary.main, boxShadow: `0 0 0 3px ${vars.palette.primary.light}` },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
    '&[readonly]': { background: vars.palette.grayscale.g50, color: vars.palette.text.secondary, borderStyle: 'dashed' },
    '&::placeholder': { color: vars.palette.text.secondary, opacity: 0.8 },
    // A textarea grows with its rows and keeps its text off the border.
    'textarea&': { paddingBlock: vars.space.xs, resize: 'vertical', lineHeight: vars.font.lineHeight.normal },
  },
});
/** The auth cards' inputs are a step taller: they are the whole page. */
export const inputLarge = style({ minHeight: vars.density.control.lg, paddingInline: '0.75rem' });

export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginBottom: vars.space.md });

/** A button among labelled fields (a range's Apply): the space a field keeps under it, so it lines up with their controls. */
export const fieldAction = style({ marginBottom: vars.space.md });
