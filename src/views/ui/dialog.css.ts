import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const rise = keyframes({ from: { opacity: 0, transform: 'translateY(6px) scale(0.99)' }, to: { opacity: 1, transform: 'none' } });

export const dialog = style({
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  background: vars.palette.surface.raised,
  color: vars.palette.text.primary,
  boxShadow: vars.elevation.lg,
  width: 'min(34rem, calc(100vw - 2rem))',
  maxHeight: 'calc(100vh - 4rem)',
  animation: `${rise} ${vars.motion.normal} ease-out`,
  selectors: { '&::backdrop': { background: 'rgba(10, 12, 16, 0.5)' } },
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
});
export const title = style({ outline: 'none', margin: `0 0 ${vars.space.md}`, fontSize: vars.font.size.lg, fontWeight: vars.font.weight.semibold, lineHeight: vars.font.lineHeight.tight });
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
});
