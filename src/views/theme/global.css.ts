import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { fontSize: '16px', WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.md,
  lineHeight: vars.font.lineHeight.normal,
  color: vars.palette.text.primary,
  background: vars.palette.surface.page,
  WebkitFontSmoothing: 'antialiased',
});
globalStyle('#root', { minHeight: '100vh' });
globalStyle('h1, h2, h3, h4', { lineHeight: vars.font.lineHeight.tight });
// Form controls inherit the product's type instead of the browser's 13.33 px system font.
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });
// Focus is always visible for keyboard users, in every theme.
globalStyle(':focus-visible', { outline: `2px solid ${vars.palette.focus.ring}`, outlineOffset: '2px' });
globalStyle('a', { color: vars.palette.primary.main });
globalStyle('::selection', { background: vars.palette.primary.light });
// Operators who ask for less motion get none: hover fades, skeleton shimmer and menu openings stop.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
  },
});
