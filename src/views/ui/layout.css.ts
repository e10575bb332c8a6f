import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

type Gap = 'none' | 'xxs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';
const gaps = (prop: 'gap') =>
  styleVariants({ none: { [prop]: 0 }, xxs: { [prop]: vars.space.xxs }, xs: { [prop]: vars.space.xs }, sm: { [prop]: vars.space.sm }, md: { [prop]: vars.space.md }, lg: { [prop]: vars.space.lg }, xl: { [prop]: vars.space.xl } } satisfies Record<Gap, object>);
export const gap = gaps('gap');

/** A screen's column: wide enough for a wall of data, a readable measure for forms. */
export const page = styleVariants({
  wide: { display: 'grid', gap: vars.space.lg, maxWidth: '120rem', minWidth: 0 },
  normal: { display: 'grid', gap: vars.space.lg, maxWidth: '96rem', minWidth: 0 },
  narrow: { display: 'grid', gap: vars.space.lg, maxWidth: '44rem', minWidth: 0 },
});

export const pageHeader = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  flexWrap: 'wrap',
});
export const pageHeading = style({ minWidth: 0, display: 'grid', gap: vars.space.xxs });
export const title = style({
  margin: 0,
  fontSize: vars.font.size.xl,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  letterSpacing: '-0.01em',
  outline: 'none',
});
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.lg, fontWeight: vars.font.weight.semibold, lineHeight: vars.font.lineHeight.tight });
export const subtitle = style({ margin: 0, color: vars.palette.text.secondary, fontSize: vars.font.size.md, maxWidth: '60rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });

export const stack = style({ display: 'grid', minWidth: 0, alignContent: 'start' });
export const cluster = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', minWidth: 0 });
export const justify = styleVariants({ start: { justifyContent: 'flex-start' }, between: { justifyContent: 'space-between' }, end: { justifyContent: 'flex-end' }, center: { justifyContent: 'center' } });
export const align = styleVariants({ start: { alignItems: 'flex-start' }, center: { alignItems: 'center' }, end: { alignItems: 'flex-end' }, baseline: { alignItems: 'baseline' } });
/** As many equal columns as fit, each at least `--ui-grid-min` wide. */
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(var(--ui-grid-min), 100%), 1fr))', minWidth: 0 });
/** A grid that is a list: no markers or indent; each item a one-cell grid, so its card fills the row's height. */
export const gridList = style({ listStyle: 'none', padding: 0, margin: 0 });
globalStyle(`${gridList} > li`, { display: 'grid', minWidth: 0 });

/** The card: quiet surface, hairline border, dense inside. */
export const card = style({
  background: vars.palette.surface.card,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.sm,
  minWidth: 0,
});
export const cardPadding = styleVariants({ none: { padding: 0 }, sm: { padding: vars.space.sm }, md: { padding: vars.space.md }, lg: { padding: vars.space.lg } });
export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  marginBottom: vars.space.md,
});
export const cardHeaderFlush = style({ padding: `${vars.space.sm} ${vars.space.md}`, marginBottom: 0, borderBottom: `1px solid ${vars.palette.border.main}` });
export const cardTitle = style({ margin: 0, fontSize: vars.font.size.md, fontWeight: vars.font.weight.semibold, lineHeight: vars.font.lineHeight.snug });
export const cardMeta = style({ color: vars.palette.text.secondary, fontSize: vars.font.size.sm });

export const sectionBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0.75rem ${vars.space.xs}`,
  borderTop: `1px solid ${vars.palette.border.main}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});
export const sectionBarTitle = style({ margin: 0, fontSize: vars.font.size.sm, fontWeight: vars.font.weight.semibold });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm, minWidth: 0 });
export const toolbarEnd = style({ marginInlineStart: 'auto', display: 'flex', gap: vars.space.sm, alignItems: 'center' });

export const muted = style({ color: vars.palette.text.secondary });
export const small = style({ fontSize: vars.font.size.sm });
export const numeric = style({ fontVariantNumeric: vars.font.numeric });
export const text = style({ margin: 0 });

// States: empty, loading, failed.
export const state = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: 'center',
  color: vars.palette.text.secondary,
});
export const stateCompact = style({ padding: `${vars.space.md} ${vars.space.sm}` });
export const stateSymbol = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.pill,
  background: vars.palette.grayscale.g100,
  color: vars.palette.text.secondary,
  fontSize: vars.font.size.lg,
  marginBottom: vars.space.xs,
});
export const stateSymbolError = style({ background: vars.palette.status.error.bg, color: vars.palette.status.error.fg });
export const stateTitle = style({ margin: 0, color: vars.palette.text.primary, fontWeight: vars.font.weight.semibold, fontSize: vars.font.size.md });
export const stateBody = style({ margin: 0, maxWidth: '36rem', fontSize: vars.font.size.sm });
export const stateAction = style({ marginTop: vars.space.sm });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: '50%',
  border: `2px solid ${vars.palette.border.main}`,
  borderTopColor: vars.palette.primary.main,
  animation: `${spin} 0.8s linear infinite`,
});
export const inlineLoading = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, color: vars.palette.text.secondary, fontSize: vars.font.size.sm });
export const inlineSpinner = style([spinner, { width: '0.9rem', height: '0.9rem' }]);

const shimmer = keyframes({ '0%': { opacity: 0.55 }, '50%': { opacity: 1 }, '100%': { opacity: 0.55 } });
export const skeleton = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.sm, width: '100%' });
export const skeletonLine = style({
  height: '0.875rem',
  borderRadius: vars.radius.sm,
  background: vars.palette.grayscale.g200,
  animation: `${shimmer} 1.4s ease-in-out infinite`,
});

/** A list beside its detail: side by side from 1700 px (room for both beside the sidebar), the detail under the list below that. */
export const split = style({
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 1700px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(24rem, 2fr)' } },
});

/** Text whose line breaks are its own (a mail body). */
export const preLine = style({ whiteSpace: 'pre-line' });
/** A small token that inserts itself (a placeholder): monospace, quiet, keyboard reachable. */
export const chip = style({
  font: 'inherit',
  fontFamily: vars.font.mono,
  fontSize: vars.font.size.sm,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.sm,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.palette.state.hover } },
});

/**
 * One line cut with an ellipsis at the end of its own text: `dir="auto"` on the element takes the text's direction
 * (a Latin name on an Arabic page is cut at its end, not its start) and `match-parent` keeps it aligned as its
 * neighbours are.
 */
export const truncated = style({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'match-parent' });
