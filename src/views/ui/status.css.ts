import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Status text: colour and a symbol together, never colour alone. */
export const tone = styleVariants({
  good: { color: vars.palette.success.main, fontWeight: 500 },
  warn: { color: vars.palette.warning.main, fontWeight: 500 },
  bad: { color: vars.palette.error.main, fontWeight: 500 },
  quiet: { color: vars.palette.text.secondary },
});
