import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

// Notices rise from the bottom corner: at the top they would cover the top bar and each page's own actions.
export const notices = style({
  position: 'fixed',
  insetInlineEnd: vars.space.md,
  bottom: vars.space.md,
  display: 'grid',
  gap: vars.space.sm,
  zIndex: 1000,
  maxWidth: 'min(28rem, calc(100vw - 2rem))',
});
const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.elevation.lg,
  background: vars.palette.surface.raised,
  color: vars.palette.text.primary,
  border: `1px solid ${vars.palette.border.main}`,
  fontSize: vars.font.size.md,
});
export const notice = styleVariants({
  error: [base, { borderInlineStart: `3px solid ${vars.palette.status.error.fg}` }],
  warning: [base, { borderInlineStart: `3px solid ${vars.palette.status.warning.fg}` }],
  info: [base, { borderInlineStart: `3px solid ${vars.palette.status.info.fg}` }],
});
export const noticeSymbol = styleVariants({
  error: { color: vars.palette.status.error.fg },
  warning: { color: vars.palette.status.warning.fg },
  info: { color: vars.palette.status.info.fg },
});
export const noticeLabel = style({ fontWeight: vars.font.weight.semibold });
export const dismiss = style({
  marginInlineStart: 'auto',
  border: 'none',
  background: 'transparent',
  fontSize: vars.font.size.lg,
  lineHeight: 1,
  minWidth: '1.75rem',
  minHeight: '1.75rem',
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  color: vars.palette.text.secondary,
  selectors: { '&:hover': { background: vars.palette.state.hover } },
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
