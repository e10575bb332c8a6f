import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { input as field } from '../shared.css';

export const dialog = style({
  width: 'min(40rem, 94vw)',
  maxHeight: '80vh',
  padding: 0,
  border: `1px solid ${vars.palette.border.strong}`,
  borderRadius: vars.radius.md,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  marginTop: '10vh',
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.35)' } },
});
export const head = style({ padding: `${vars.space.sm} ${vars.space.md}`, borderBottom: `1px solid ${vars.palette.border.main}`, display: 'grid', gap: vars.space.xs });
export const titleBar = style({ padding: `${vars.space.sm} ${vars.space.md} 0`, display: 'grid', gap: vars.space.xs });
export const title = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: 500 });
export const scope = style({ fontSize: vars.font.size.sm, color: vars.palette.text.secondary });
// The app's field style (shared.css.ts), full width.
export const input = style([field, { width: '100%', boxSizing: 'border-box' }]);
export const list = style({ maxHeight: '24rem', overflowY: 'auto', position: 'relative' });
export const item = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  boxSizing: 'border-box',
  display: 'grid',
  gridTemplateColumns: '1fr auto auto',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  cursor: 'pointer',
  selectors: {
    '&[data-selected="true"]': { background: vars.palette.primary.main, color: vars.palette.primary.contrast },
  },
});
export const label = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const detail = style({ marginInlineStart: vars.space.sm, opacity: 0.75, fontSize: vars.font.size.sm });
export const kind = style({ fontSize: vars.font.size.sm, opacity: 0.8 });
export const status = style({ padding: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.font.size.sm, color: vars.palette.text.secondary, borderTop: `1px solid ${vars.palette.border.main}` });

// cmdk labels its input with its own <label>, visually hidden by an inline style; every field here has a visible label.
globalStyle('[cmdk-label]', {
  position: 'static !important' as 'static',
  width: 'auto !important',
  height: 'auto !important',
  margin: '0 !important',
  overflow: 'visible !important' as 'visible',
  clip: 'auto !important',
  whiteSpace: 'normal !important' as 'normal',
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.md} 0 !important`,
});
