import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** SPEC §9: the company dropdown is 400 px wide; 265, 320 and 355 px on small screens. */
export const companySelect = style({
  font: 'inherit',
  width: '400px',
  maxWidth: '100%',
  minHeight: vars.density.control.md,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.palette.border.main}`,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  '@media': {
    'screen and (max-width: 1220px)': { width: '355px' },
    'screen and (max-width: 767px)': { width: '320px' },
    'screen and (max-width: 480px)': { width: '265px' },
  },
});
