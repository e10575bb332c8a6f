import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { card as surfaceCard } from '../ui/controls.css';

export const page = style({ maxWidth: '40rem', display: 'grid', gap: vars.space.lg });

export const card = style([surfaceCard, { padding: vars.space.lg }]);

export const cardTitle = style({ fontSize: vars.font.size.lg, fontWeight: 500, margin: `0 0 ${vars.space.md}` });

export const select = style({
  font: 'inherit',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  minHeight: '42px',
});

export const readOnlyValue = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px dashed ${vars.palette.border.main}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.grayscale.g50,
  color: vars.palette.text.secondary,
  minHeight: '42px',
  boxSizing: 'border-box',
});

export const actions = style({ display: 'flex', justifyContent: 'flex-start' });
export const button = style({ width: 'auto', paddingInline: vars.space.xl });
