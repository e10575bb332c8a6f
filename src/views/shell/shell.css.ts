import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const notices = style({
  position: 'fixed',
  insetInlineEnd: vars.space.md,
  top: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  zIndex: 1000,
  maxWidth: '28rem',
});
const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
  background: vars.palette.surface.card,
});
export const notice = styleVariants({
  error: [base, { borderInlineStart: `4px solid ${vars.palette.error.main}` }],
  warning: [base, { borderInlineStart: `4px solid ${vars.palette.warning.main}` }],
  info: [base, { borderInlineStart: `4px solid ${vars.palette.primary.main}` }],
});
export const noticeLabel = style({ fontWeight: 700 });
export const dismiss = style({
  marginInlineStart: 'auto',
  border: 'none',
  background: 'transparent',
  fontSize: vars.font.size.lg,
  cursor: 'pointer',
  color: vars.palette.text.secondary,
});
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(100%)' } });
export const loadingBar = style({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: '3px',
  overflow: 'hidden',
  zIndex: 1001,
  background: vars.palette.primary.light,
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      background: vars.palette.primary.main,
      animation: `${slide} 1s linear infinite`,
    },
  },
});
export const splash = style({ minHeight: '100vh', display: 'grid', placeItems: 'center', color: vars.palette.text.secondary });
