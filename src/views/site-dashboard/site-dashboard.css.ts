import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { button } from '../ui/controls.css';

export { button, select } from '../ui/controls.css';
export { page, card, bad, muted } from '../ui/panel.css';

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
export const two = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'repeat(auto-fit, minmax(28rem, 1fr))' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'end', border: 'none', padding: 0, margin: 0 });
export const control = style({ display: 'grid', gap: vars.space.xs });
export const pressed = style([button, { background: vars.palette.primary.main, color: vars.palette.primary.contrast, borderColor: vars.palette.primary.main }]);
export const feeds = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, maxHeight: '9rem', overflowY: 'auto', border: 'none', padding: 0, margin: 0 });
export const list = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', padding: 0, margin: 0 });
