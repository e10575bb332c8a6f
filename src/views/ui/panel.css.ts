import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import * as controls from './controls.css';
export { button } from './controls.css';

/** A page of panels: the page column, a card, a plain button, muted and bad text (monitoring screens). */
export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '120rem', minWidth: 0 });
export const card = style([controls.card, { minWidth: 0 }]);
export const bad = style({ color: vars.palette.status.error.fg, fontWeight: vars.font.weight.medium });
export const muted = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
