import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A strip of key figures: as many as fit on a line, each a small label over a large number. */
export const strip = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(9rem, 100%), 1fr))',
  gap: vars.space.sm,
  margin: 0,
  minWidth: 0,
});
export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
});
export const label = style({
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.medium,
  color: vars.palette.text.secondary,
  textTransform: 'uppercase',
  letterSpacing: vars.font.tracking.caps,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const value = style({
  margin: 0,
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  fontVariantNumeric: vars.font.numeric,
});
export const tone = styleVariants({
  ok: { color: vars.palette.status.ok.fg },
  warning: { color: vars.palette.status.warning.fg },
  error: { color: vars.palette.status.error.fg },
  offline: { color: vars.palette.status.offline.fg },
  info: { color: vars.palette.status.info.fg },
  none: {},
});
export const symbol = style({ fontSize: vars.font.size.md });
