import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

const edge = createVar();

const base = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  // The name gets the tile's width (a node's name says where: "Medication Fridge Ground Floor"); the time sits by the value.
  gridTemplateAreas: '"title status" "sub sub" "value time" "trend trend"',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.xs}`,
  paddingInlineStart: `calc(${vars.space.sm} + 3px)`,
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  // The value's size follows the tile's own width (a phone's two columns, a wall's wide tiles).
  containerType: 'inline-size',
  // The status edge: a bar on the inline start (right in Arabic), beside the symbol and the words.
  '::before': { content: '""', position: 'absolute', insetBlock: 0, insetInlineStart: 0, width: '3px', background: edge },
});
/** A tile by its status; `none` is a tile without a judgement (a feed without a range). */
export const tile = styleVariants({
  ok: [base, { vars: { [edge]: vars.palette.status.ok.fg } }],
  warning: [base, { vars: { [edge]: vars.palette.status.warning.fg } }],
  error: [base, { vars: { [edge]: vars.palette.status.error.fg }, borderColor: vars.palette.status.error.fg }],
  offline: [base, { vars: { [edge]: vars.palette.status.offline.fg }, borderStyle: 'dashed' }],
  info: [base, { vars: { [edge]: vars.palette.status.info.fg } }],
  none: [base, { vars: { [edge]: vars.palette.border.strong } }],
});
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
// Two lines before the ellipsis: names differ at their end ("… First Floor", "… Ground Floor"); the full name is its tooltip.
export const title = style({
  gridArea: 'title',
  fontSize: vars.font.size.sm,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.snug,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});
export const status = style({ gridArea: 'status', justifySelf: 'end', minWidth: 0, maxWidth: '100%' });
// A narrow tile (two on a phone) keeps the status's colour and symbol and leaves its words to screen readers.
globalStyle(`${status} > span > span:last-child`, {
  '@container': {
    '(max-width: 11rem)': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0,0,0,0)', whiteSpace: 'nowrap' },
  },
});
export const subtitle = style({ gridArea: 'sub', fontSize: vars.font.size.xs, color: vars.palette.text.secondary, lineHeight: vars.font.lineHeight.snug, ...ellipsis });
export const value = style({
  gridArea: 'value',
  display: 'flex',
  alignItems: 'baseline',
  gap: vars.space.xs,
  minWidth: 0,
  // font.size.lg … xxl, by the tile's width: a long counter still fits a phone's narrow tile.
  fontSize: `clamp(${vars.font.size.lg}, 12cqi, ${vars.font.size.xxl})`,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  fontVariantNumeric: vars.font.numeric,
  color: vars.palette.text.primary,
  ...ellipsis,
});
export const valueTone = styleVariants({
  ok: {},
  warning: { color: vars.palette.status.warning.fg },
  error: { color: vars.palette.status.error.fg },
  offline: { color: vars.palette.text.secondary },
  info: {},
  none: {},
});
export const unit = style({ fontSize: vars.font.size.sm, fontWeight: vars.font.weight.medium, color: vars.palette.text.secondary });
export const empty = style({ gridArea: 'value', fontSize: vars.font.size.md, color: vars.palette.text.secondary, fontStyle: 'italic', alignSelf: 'center' });
export const time = style({ gridArea: 'time', justifySelf: 'end', fontSize: vars.font.size.xs, color: vars.palette.text.secondary, fontVariantNumeric: vars.font.numeric, whiteSpace: 'nowrap' });
export const trend = style({ gridArea: 'trend', marginTop: vars.space.xxs, minWidth: 0 });

/** A wall of tiles: as many columns as fit, each at least 12 rem (9.5 rem, two, on a phone), dense gaps. */
export const wall = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(12rem, 100%), 1fr))',
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'repeat(auto-fill, minmax(min(9.5rem, 100%), 1fr))' } },
  gap: vars.space.sm,
  listStyle: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
});
