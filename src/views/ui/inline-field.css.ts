import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { select } from './controls.css';

/** The native select of a label-and-control line: the product's select. */
export const smallSelect = select;

/** A label and a small control on one line (the top bar's and the sign-in card's language choice). */
export const inlineField = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontSize: vars.font.size.sm });
