import { globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body', {
  margin: 0,
  fontFamily: vars.font.family,
  fontSize: '16px',
  color: vars.palette.text.primary,
  background: vars.palette.surface.page,
});
globalStyle('#root', { minHeight: '100vh' });
// Focus is always visible for keyboard users, in every theme.
globalStyle(':focus-visible', { outline: `3px solid ${vars.palette.focus.ring}`, outlineOffset: '2px' });
globalStyle('a', { color: vars.palette.primary.main });
