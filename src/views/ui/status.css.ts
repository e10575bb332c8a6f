import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** Status text: colour and a symbol together, never colour alone. */
export const tone = styleVariants({
  good: { color: vars.palette.status.ok.fg, fontWeight: vars.font.weight.medium },
  warn: { color: vars.palette.status.warning.fg, fontWeight: vars.font.weight.medium },
  bad: { color: vars.palette.status.error.fg, fontWeight: vars.font.weight.medium },
  quiet: { color: vars.palette.text.secondary },
});

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.3em',
  maxWidth: '100%',
  minHeight: '1.375rem',
  paddingInline: '0.45rem',
  borderRadius: vars.radius.pill,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  whiteSpace: 'nowrap',
  fontVariantNumeric: vars.font.numeric,
});
/** A pill tinted by status; its symbol and its words say the same as its colour. */
export const badge = styleVariants({
  ok: [badgeBase, { color: vars.palette.status.ok.fg, background: vars.palette.status.ok.bg }],
  warning: [badgeBase, { color: vars.palette.status.warning.fg, background: vars.palette.status.warning.bg }],
  error: [badgeBase, { color: vars.palette.status.error.fg, background: vars.palette.status.error.bg }],
  offline: [badgeBase, { color: vars.palette.status.offline.fg, background: vars.palette.status.offline.bg }],
  info: [badgeBase, { color: vars.palette.status.info.fg, background: vars.palette.status.info.bg }],
});
/** The same without the pill, for a status inside running text or a dense table cell. */
export const inline = styleVariants({
  ok: { color: vars.palette.status.ok.fg },
  warning: { color: vars.palette.status.warning.fg },
  error: { color: vars.palette.status.error.fg },
  offline: { color: vars.palette.status.offline.fg },
  info: { color: vars.palette.status.info.fg },
});
export const inlineBase = style({ display: 'inline-flex', alignItems: 'baseline', gap: '0.3em', fontWeight: vars.font.weight.medium, whiteSpace: 'nowrap' });
export const symbol = style({ fontSize: '0.85em', lineHeight: 1 });
