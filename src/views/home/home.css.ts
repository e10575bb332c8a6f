import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const content = style({ maxWidth: '60rem' });
export const card = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
});
