import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A key cap, as shortcuts are shown beside commands and on the ? sheet. */
export const kbd = style({
  fontFamily: 'inherit',
  fontSize: vars.font.size.sm,
  border: `1px solid currentColor`,
  borderRadius: vars.radius.sm,
  padding: '0 0.3rem',
  opacity: 0.85,
});
