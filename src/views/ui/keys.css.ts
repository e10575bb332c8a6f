import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A key cap, as shortcuts are shown beside commands and on the ? sheet. */
export const kbd = style({
  display: 'inline-block',
  minWidth: '1.35em',
  fontFamily: vars.font.family,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  lineHeight: '1.5',
  textAlign: 'center',
  border: `1px solid color-mix(in srgb, currentColor 28%, transparent)`,
  borderBottomWidth: '2px',
  borderRadius: vars.radius.sm,
  padding: '0 0.3rem',
  opacity: 0.9,
});
