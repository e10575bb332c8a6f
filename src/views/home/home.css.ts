import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

export const page = style({ minHeight: '100vh', outline: 'none' });
export const bar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.palette.surface.topbar,
  color: vars.palette.surface.topbarText,
  borderBottom: `1px solid ${vars.palette.border.main}`,
});
export const brand = style({ fontWeight: 700, fontSize: vars.font.size.lg });
export const content = style({ padding: vars.space.lg, maxWidth: '60rem' });
export const banner = style({
  background: vars.palette.warning.surface,
  color: vars.palette.warning.main,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
});
