import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const picker = style({ border: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.xs, minWidth: 0 });
export const legend = style({ fontWeight: vars.font.weight.semibold, fontSize: vars.font.size.sm, padding: 0 });
// Groups flow in columns as wide as a node's name, so a phone gets one and a wall display several.
export const groups = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(15rem, 1fr))', gap: `0 ${vars.space.lg}`, alignItems: 'start' });
