import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import * as controls from '../ui/controls.css';

export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '90rem' });
export const grid = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fill, minmax(20rem, 1fr))', listStyle: 'none', padding: 0, margin: 0 });
export const card = style([controls.card, {
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
}]);
export const siteLink = style({ fontSize: vars.font.size.lg, fontWeight: 500, color: vars.palette.primary.main });
export const muted = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm, margin: 0 });
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
const badgeBase = style({ borderRadius: vars.radius.sm, paddingInline: vars.space.xs, fontSize: vars.font.size.sm, fontWeight: 500 });
export const badge = styleVariants({
  ok: [badgeBase, { background: vars.palette.success.surface, color: vars.palette.success.main }],
  bad: [badgeBase, { background: vars.palette.error.surface, color: vars.palette.error.main }],
  warn: [badgeBase, { background: vars.palette.warning.surface, color: vars.palette.warning.main }],
  plain: [badgeBase, { background: vars.palette.grayscale.g100, color: vars.palette.text.secondary }],
});
export const readings = style({ display: 'grid', gridTemplateColumns: '1fr auto', gap: `${vars.space.xs} ${vars.space.sm}`, margin: 0, fontSize: vars.font.size.sm });
export const value = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'end', fontWeight: 500 });
export const valueBad = style([value, { color: vars.palette.error.main }]);
export const button = style([controls.button, { justifySelf: 'start' }]);
