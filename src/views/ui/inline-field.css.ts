import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
export { select as smallSelect } from './controls.css';

/** A label and a small control on one line (the top bar's and the sign-in card's language choice). */
export const inlineField = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });
