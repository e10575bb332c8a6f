import { style } from '@vanilla-extract/css';
import { select } from './controls.css';

/** The screens' select, at the company dropdown's widths: 400 px; 355, 320 and 265 px on smaller screens. */
export const companySelect = style([
  select,
  {
    // The top bar's size, not the form fields'.
    fontSize: 'inherit',
    width: '400px',
    maxWidth: '100%',
    '@media': {
      'screen and (max-width: 1220px)': { width: '355px' },
      'screen and (max-width: 767px)': { width: '320px' },
      'screen and (max-width: 480px)': { width: '265px' },
    },
  },
]);
