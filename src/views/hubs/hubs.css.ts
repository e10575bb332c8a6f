import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const statusBase = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontWeight: 500 });
/** A hub's status: a colour and a symbol, so it never depends on colour alone. */
export const status = styleVariants({
  online: [statusBase, { color: vars.palette.success.main }],
  offline: [statusBase, { color: vars.palette.error.main }],
  never: [statusBase, { color: vars.palette.text.secondary }],
});
export const filterField = style({ minWidth: '12rem' });
export const keysBody = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });
export const keyList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, maxHeight: '16rem', overflowY: 'auto' });
export const keyRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.sm,
});
export const keyMeta = style({ display: 'grid', gap: '2px' });
export const keyDate = style({ fontSize: vars.font.size.sm, color: vars.palette.text.secondary });
export const revoked = style({ fontSize: vars.font.size.sm, color: vars.palette.error.main });
export const live = style({ fontSize: vars.font.size.sm, color: vars.palette.success.main, fontWeight: 500 });
export const newKey = style({ display: 'grid', gap: vars.space.xs, borderTop: `1px solid ${vars.palette.border.main}`, paddingTop: vars.space.md });
export const newKeyRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', flexWrap: 'wrap' });
export const secret = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.palette.warning.surface,
  border: `1px solid ${vars.palette.warning.main}`,
});
export const secretInput = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', flex: '1 1 20rem', minWidth: 0 });
export const warning = style({ margin: 0, color: vars.palette.warning.main, fontWeight: 500 });
