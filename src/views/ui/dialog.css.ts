import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const dialog = style({
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  width: 'min(36rem, 92vw)',
  maxHeight: '90vh',
  selectors: { '&::backdrop': { background: 'rgba(0,0,0,0.45)' } },
});
export const title = style({ marginTop: 0, fontSize: vars.font.size.lg, fontWeight: 500 });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.md });
