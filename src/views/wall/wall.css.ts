import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

/** A wall is read from across a room: the whole screen, large type, nothing to scroll on a 1080p display. */
export const wall = style({
  minHeight: '100vh',
  boxSizing: 'border-box',
  display: 'grid',
  gridTemplateRows: 'auto auto auto 1fr auto',
  gap: vars.space.md,
  padding: vars.space.lg,
  background: vars.palette.surface.page,
  color: vars.palette.text.primary,
});

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md });

export const siteName = style({
  margin: 0,
  fontSize: 'clamp(1.75rem, 3.2vw, 3.5rem)',
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, fontSize: 'clamp(1rem, 1.4vw, 1.5rem)' });

export const clock = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.font.weight.semibold });

/** Freshness: live, not current, or offline — colour and words together. */
export const freshness = styleVariants({
  live: { color: vars.palette.status.ok.fg },
  read: { color: vars.palette.text.secondary },
  stale: { color: vars.palette.status.warning.fg, fontWeight: vars.font.weight.semibold },
  offline: { color: vars.palette.status.error.fg, fontWeight: vars.font.weight.semibold },
});

/** What is wrong, first: the site's open alerts as a band across the screen. */
export const alerts = styleVariants({
  some: {
    border: `2px solid ${vars.palette.status.error.fg}`,
    background: vars.palette.status.error.bg,
    borderRadius: vars.radius.md,
    padding: vars.space.md,
  },
  none: {
    border: `1px solid ${vars.palette.border.main}`,
    borderRadius: vars.radius.md,
    padding: `${vars.space.sm} ${vars.space.md}`,
    color: vars.palette.status.ok.fg,
    fontSize: 'clamp(1rem, 1.4vw, 1.5rem)',
  },
});

export const alertsTitle = style({ margin: 0, fontSize: 'clamp(1.25rem, 2vw, 2.25rem)', color: vars.palette.status.error.fg });

export const alertList = style({ listStyle: 'none', margin: `${vars.space.sm} 0 0`, padding: 0, display: 'grid', gap: vars.space.xs, fontSize: 'clamp(1rem, 1.4vw, 1.5rem)' });

export const body = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  '@media': { 'screen and (min-width: 1200px)': { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)' } },
});

/** The tiles at a size read from across the room on a large screen; as they are on a small one. */
export const tiles = style({ '@media': { 'screen and (min-width: 1600px)': { zoom: 1.35 } } });

export const panel = style({
  background: vars.palette.surface.card,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  boxShadow: vars.elevation.sm,
  minWidth: 0,
});

export const panelTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: 'clamp(1.1rem, 1.5vw, 1.6rem)', fontWeight: vars.font.weight.semibold });

export const footer = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, color: vars.palette.text.secondary });

/** A full-screen message (no key, removed, starting, unreachable). */
export const message = style({
  minHeight: '100vh',
  display: 'grid',
  placeContent: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: 'center',
  background: vars.palette.surface.page,
  color: vars.palette.text.primary,
});
globalStyle(`${message} h1`, { margin: 0, fontSize: 'clamp(1.75rem, 3vw, 3rem)' });
globalStyle(`${message} p`, { margin: 0, fontSize: 'clamp(1rem, 1.6vw, 1.75rem)', maxWidth: '48rem', color: vars.palette.text.secondary });
