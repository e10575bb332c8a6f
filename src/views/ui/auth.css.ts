import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** The public pages (sign-in, sign-up, MFA, passwords, errors): one card centred on a quiet page. */
export const page = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: `radial-gradient(ellipse at top, ${vars.palette.primary.light}, transparent 60%), ${vars.palette.surface.page}`,
  outline: 'none',
});
export const card = style({
  width: '100%',
  maxWidth: '25rem',
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.lg,
  padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.lg}`,
  boxShadow: vars.elevation.md,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md, boxShadow: 'none' } },
});
export const top = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, marginBottom: vars.space.lg, flexWrap: 'wrap' });
export const logo = style({ maxHeight: '2.5rem', maxWidth: '12rem' });
export const wordmark = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, fontWeight: vars.font.weight.bold, fontSize: vars.font.size.lg, color: vars.palette.text.primary });
/** The product's mark where there is no white-label logo: the sign-in card, the sidebar, the phone bar. */
export const mark = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.md,
  background: vars.palette.primary.main,
  color: vars.palette.primary.contrast,
  fontSize: vars.font.size.md,
  fontWeight: vars.font.weight.bold,
});
export const title = style({ fontSize: vars.font.size.xl, margin: `0 0 ${vars.space.xs}`, fontWeight: vars.font.weight.semibold, lineHeight: vars.font.lineHeight.tight, outline: 'none' });
export const subtitle = style({ color: vars.palette.text.secondary, margin: `0 0 ${vars.space.lg}` });
export const links = style({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.md, fontSize: vars.font.size.sm });
export const alternatives = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg });
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.palette.text.secondary,
  fontSize: vars.font.size.sm,
  margin: 0,
  selectors: { '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.palette.border.main}` } },
});
export const text = style({ margin: `0 0 ${vars.space.lg}`, lineHeight: vars.font.lineHeight.normal });
export const submit = style({ marginTop: vars.space.xs });
// On the public cards the fields are the whole page: a step taller than in a dense management form.
globalStyle(`${card} input:not([type="checkbox"]):not([type="color"])`, { minHeight: vars.density.control.lg, paddingInline: '0.75rem' });
