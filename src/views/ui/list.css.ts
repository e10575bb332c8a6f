import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import * as controls from './controls.css';
export { button, primary } from './controls.css';

export const page = style({ maxWidth: '72rem', display: 'grid', gap: vars.space.lg });
export const card = style([controls.card, { overflowX: 'auto' }]);
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const th = style({
  textAlign: 'start',
  fontWeight: 500,
  color: vars.palette.text.secondary,
  borderBottom: `1px solid ${vars.palette.border.main}`,
  padding: vars.space.sm,
});
export const td = style({ textAlign: 'start', borderBottom: `1px solid ${vars.palette.border.main}`, padding: vars.space.sm, verticalAlign: 'middle' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
export const badge = style({
  display: 'inline-block',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.palette.success.surface,
  color: vars.palette.success.main,
  fontSize: vars.font.size.sm,
});
export const muted = style({ color: vars.palette.text.secondary });
export const search = style({ display: 'grid', gap: vars.space.xs, maxWidth: '28rem' });
