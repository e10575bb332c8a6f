import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/**
 * A page meant to be read and printed on its own (the shared dashboard): a readable column on screen; on paper, the
 * whole A4 width, no shadows or tints that waste toner, and nothing split across a page break that need not be.
 */
export const sheet = style({
  maxWidth: '80rem',
  margin: '0 auto',
  padding: vars.space.lg,
  minHeight: '100vh',
  background: vars.palette.surface.page,
  color: vars.palette.text.primary,
  '@media': {
    print: { maxWidth: 'none', padding: 0, background: 'white', color: 'black' },
  },
});

/** Controls that mean nothing on paper (a period picker, retry). */
export const screenOnly = style({ '@media': { print: { display: 'none' } } });

globalStyle(`${sheet} section`, { '@media': { print: { breakInside: 'avoid', boxShadow: 'none' } } });
globalStyle(`${sheet} [role="table"]`, { '@media': { print: { maxHeight: 'none', overflow: 'visible' } } });
/** A white-label logo at the head of a sheet, the size the sidebar shows it. */
export const logo = style({ display: 'block', maxHeight: '2.5rem', maxWidth: '12rem' });
