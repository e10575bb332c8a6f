import { style } from '@vanilla-extract/css';
import { vars } from './theme/contract.css';

export const authPage = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
});

export const card = style({
  width: '100%',
  maxWidth: '26rem',
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  boxShadow: '0 2px 12px rgba(0,0,0,0.06)',
});

export const title = style({ fontSize: vars.font.size.xl, margin: `0 0 ${vars.space.sm}`, fontWeight: 500 });
export const subtitle = style({ color: vars.palette.text.secondary, margin: `0 0 ${vars.space.lg}` });

export const field = style({ display: 'grid', gap: vars.space.xs, marginBottom: vars.space.md });
export const label = style({ fontSize: vars.font.size.sm, fontWeight: 500, color: vars.palette.text.secondary });
export const input = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  minHeight: '42px',
});
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginBottom: vars.space.md });

export const primaryButton = style({
  font: 'inherit',
  fontWeight: 500,
  width: '100%',
  minHeight: '42px',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: vars.palette.primary.main,
  color: vars.palette.primary.contrast,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.palette.primary.dark }, '&:disabled': { opacity: 0.6, cursor: 'progress' } },
});
export const secondaryButton = style({
  font: 'inherit',
  minHeight: '42px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } },
});

export const errorText = style({
  color: vars.palette.error.main,
  background: vars.palette.error.surface,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
});
export const infoText = style({
  color: vars.palette.success.main,
  background: vars.palette.success.surface,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
});
export const links = style({ display: 'flex', justifyContent: 'space-between', marginTop: vars.space.md, fontSize: vars.font.size.sm });

export const cardTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, marginBottom: vars.space.md, flexWrap: 'wrap' });
export const loginLogo = style({ maxHeight: '3rem', maxWidth: '12rem' });
export const wordmark = style({ fontWeight: 700, fontSize: vars.font.size.lg, color: vars.palette.primary.main });
export const external = style({ display: 'grid', gap: vars.space.sm, marginTop: vars.space.lg });
export const divider = style({ textAlign: 'center', color: vars.palette.text.secondary, margin: 0 });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0,0,0,0)',
  whiteSpace: 'nowrap',
  border: 0,
});
