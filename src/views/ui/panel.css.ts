import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A page of panels: the page column, a card, a plain button, muted and bad text (monitoring screens). */
export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '100rem' });
export const card = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  minWidth: 0,
});
export const button = style({
  font: 'inherit',
  minHeight: '2.25rem',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  cursor: 'pointer',
});
export const bad = style({ color: vars.palette.error.main });
export const muted = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
