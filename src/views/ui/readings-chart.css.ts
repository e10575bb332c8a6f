import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { DARK_PALETTE, PALETTE } from './chart-series';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/** The panels and everything drawn over them; focusable, so the focus ring shows where the keys go. */
export const stack = style({
  position: 'relative',
  minWidth: 0,
  borderRadius: vars.radius.sm,
  outline: 'none',
  touchAction: 'pan-y',
  selectors: { '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.palette.focus.ring}` } },
});

export const panel = style({ position: 'relative' });

/** The unit above its axis, level so it reads without turning the head. */
export const axisTitle = style({
  height: '1.25rem',
  paddingInlineStart: vars.space.xs,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
  lineHeight: '1.25rem',
  color: vars.palette.text.secondary,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const plot = style({ position: 'relative' });
export const canvas = style({ position: 'absolute', inset: 0 });

/** The safe range behind the lines; dashed edges keep it readable where the tint is faint (dark theme). */
export const band = style({
  position: 'absolute',
  background: vars.palette.status.ok.bg,
  borderTop: `1px dashed ${vars.palette.status.ok.fg}`,
  borderBottom: `1px dashed ${vars.palette.status.ok.fg}`,
  opacity: 0.9,
  pointerEvents: 'none',
});
export const bandOpenTop = style({ borderTopStyle: 'none' });
export const bandOpenBottom = style({ borderBottomStyle: 'none' });

/** A line's last value at its end, on a card-coloured pill so it reads over grid and lines. */
export const endLabel = style({
  position: 'absolute',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  height: '1.0625rem',
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.font.size.xs,
  fontVariantNumeric: vars.font.numeric,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  color: vars.palette.text.primary,
  // A little of the line's last stretch shows through: the label marks the end, it should not hide it.
  background: `color-mix(in srgb, ${vars.palette.surface.card} 82%, transparent)`,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.sm,
  pointerEvents: 'none',
});

/** A line's key: its colour, as a short line with its marker. */
export const key = style({ flex: 'none', display: 'block', overflow: 'visible' });

/** Line colours as classes (the palette is data, not theme): index → colour, one set per mode. */
export const lineColour = {
  light: styleVariants(Object.fromEntries(PALETTE.map((c, i) => [i, { color: c }])) as Record<number, { color: string }>),
  dark: styleVariants(Object.fromEntries(DARK_PALETTE.map((c, i) => [i, { color: c }])) as Record<number, { color: string }>),
};

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.size.sm,
  color: vars.palette.text.primary,
});
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });
export const legendBand = style({
  flex: 'none',
  width: '1.375rem',
  height: '0.75rem',
  background: vars.palette.status.ok.bg,
  border: `1px dashed ${vars.palette.status.ok.fg}`,
  borderInlineWidth: 0,
});
/** The min..max envelope's key: a translucent stroke of text colour with a line through it, as drawn on the canvas. */
export const legendEnvelope = style({
  flex: 'none',
  width: '1.375rem',
  height: '0.75rem',
  background: `linear-gradient(transparent 45%, currentColor 45%, currentColor 55%, transparent 55%), color-mix(in srgb, currentColor 18%, transparent)`,
});

/** The crosshair: a line, a dot per line and a box of values, drawn over the canvas and never into it. */
export const overlay = style({ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' });
export const rule = style({ position: 'absolute', width: 0, borderInlineStart: `1px solid ${vars.palette.text.secondary}` });
export const dot = style({
  position: 'absolute',
  width: '0.5rem',
  height: '0.5rem',
  marginTop: '-0.25rem',
  marginLeft: '-0.25rem',
  borderRadius: '50%',
  background: 'currentColor',
  boxShadow: `0 0 0 2px ${vars.palette.surface.card}`,
});
export const box = style({
  position: 'absolute',
  maxWidth: 'min(18rem, 72%)',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.size.xs,
  lineHeight: vars.font.lineHeight.snug,
  color: vars.palette.text.primary,
  background: vars.palette.surface.raised,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.elevation.md,
});
export const boxTime = style({ fontWeight: vars.font.weight.semibold, marginBottom: vars.space.xxs });
export const boxRows = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', gap: `0 ${vars.space.xs}`, alignItems: 'center', margin: 0 });
export const boxRow = style({ display: 'contents' });
export const boxName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 });
export const boxValue = style({ margin: 0, textAlign: 'end', fontVariantNumeric: vars.font.numeric, fontWeight: vars.font.weight.medium });
export const boxMore = style({ gridColumn: '1 / -1', color: vars.palette.text.secondary });
