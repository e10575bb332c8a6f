import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '100rem' });
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm });
export const card = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  minWidth: 0,
});
export const two = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'repeat(auto-fit, minmax(28rem, 1fr))' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'end', border: 'none', padding: 0, margin: 0 });
export const control = style({ display: 'grid', gap: vars.space.xs });
export const select = style({
  font: 'inherit',
  minHeight: '2.25rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
});
export const button = style({
  font: 'inherit',
  minHeight: '2.25rem',
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  cursor: 'pointer',
});
export const pressed = style([button, { background: vars.palette.primary.main, color: vars.palette.primary.contrast, borderColor: vars.palette.primary.main }]);
export const feeds = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, maxHeight: '9rem', overflowY: 'auto', border: 'none', padding: 0, margin: 0 });
export const bad = style({ color: vars.palette.error.main });
export const muted = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
export const table = style({ display: 'grid', fontSize: vars.font.size.sm });
export const headRow = style({ display: 'grid', borderBottom: `2px solid ${vars.palette.border.main}` });
export const th = style({ padding: vars.space.xs, fontWeight: 500, color: vars.palette.text.secondary });
export const scroller = style({ overflowY: 'auto', position: 'relative' });
export const row = style({
  display: 'grid',
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  alignItems: 'center',
  borderBottom: `1px solid ${vars.palette.border.main}`,
});
export const td = style({ padding: vars.space.xs, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const list = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, listStyle: 'none', padding: 0, margin: 0 });
