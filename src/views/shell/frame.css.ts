import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';
import { hiddenRules } from '../ui/a11y.css';
import { companySelect } from '../ui/company-select.css';

import { inlineField } from '../ui/inline-field.css';

export { inlineField, smallSelect } from '../ui/inline-field.css';

export const frame = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  minHeight: '100vh',
  background: vars.palette.surface.page,
  '@media': { 'screen and (max-width: 767px)': { gridTemplateColumns: '1fr' } },
});

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: '-3rem',
  zIndex: 2000,
  padding: vars.space.sm,
  background: vars.palette.surface.card,
  color: vars.palette.primary.main,
  borderRadius: vars.radius.md,
  boxShadow: vars.elevation.md,
  selectors: { '&:focus': { top: vars.space.sm } },
});

// The sidebar: dense entries, a clear active item, captions for the groups; every colour from the bar theme.
export const sidebar = style({
  background: vars.palette.surface.sidebar,
  color: vars.palette.surface.sidebarText,
  width: vars.density.sidebar.width,
  height: '100vh',
  position: 'sticky',
  top: 0,
  paddingBlock: `${vars.space.sm} ${vars.space.md}`,
  paddingInline: vars.space.sm,
  overflowY: 'auto',
  fontSize: vars.font.size.md,
});
export const sidebarCollapsed = style({ width: '3.5rem', paddingInline: vars.space.xs });
export const sidebarMobile = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineStart: 0,
  zIndex: 900,
  width: 'min(18rem, 85vw)',
  boxShadow: vars.elevation.lg,
});
export const scrim = style({ position: 'fixed', inset: 0, background: 'rgba(10, 12, 16, 0.45)', zIndex: 899, border: 'none' });

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.density.topbar.desktop,
  marginTop: `calc(-1 * ${vars.space.sm})`,
  paddingInline: vars.space.xs,
  marginBottom: vars.space.xs,
  fontWeight: vars.font.weight.bold,
  fontSize: vars.font.size.lg,
  color: 'inherit',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});
export const logo = style({ maxHeight: '2rem', maxWidth: '10rem' });

export const groupTitle = style({
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
  textTransform: 'uppercase',
  letterSpacing: vars.font.tracking.caps,
  color: vars.palette.surface.sidebarMuted,
  paddingInline: vars.space.sm,
  margin: `${vars.space.md} 0 ${vars.space.xxs}`,
});
export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '1px' });
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.density.sidebar.item,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.md,
  color: vars.palette.surface.sidebarMuted,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: `background-color ${vars.motion.fast}, color ${vars.motion.fast}`,
  selectors: { '&:hover': { background: vars.palette.surface.sidebarActive, color: vars.palette.surface.sidebarText } },
});
export const navLinkActive = style({
  position: 'relative',
  background: vars.palette.surface.sidebarActive,
  color: vars.palette.surface.sidebarText,
  fontWeight: vars.font.weight.semibold,
  selectors: {
    // A bar at the item's start edge: the active entry reads even in a theme whose tint is faint.
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: `calc(-1 * ${vars.space.sm} + 1px)`,
      insetBlock: '0.35rem',
      width: '3px',
      borderRadius: vars.radius.pill,
      background: 'currentColor',
    },
  },
});
export const navIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.5rem',
  height: '1.5rem',
  fontSize: '1.125rem',
  flexShrink: 0,
});
export const navLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis' });
// The narrow sidebar: each picture centred in a square the width of the bar.
globalStyle(`${sidebarCollapsed} ${navLink}`, { justifyContent: 'center', paddingInline: 0 });

export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const topbar = style({
  position: 'sticky',
  top: 0,
  zIndex: 800,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.density.topbar.desktop,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  background: vars.palette.surface.topbar,
  color: vars.palette.surface.topbarText,
  borderBottom: `1px solid ${vars.palette.border.main}`,
  fontSize: vars.font.size.md,
  // Between a tablet and a wide screen the 400 px company picker leaves little room: the bar tightens to one row.
  '@media': { 'screen and (max-width: 1439px)': { gap: vars.space.xxs, paddingInline: vars.space.sm } },
});
/**
 * A desktop's or tablet's bar: one row, never two. What gives way, in order: the search word (below 1440 px), the
 * words of the account actions (below 1600 px), and last the company picker, which narrows instead of pushing a row.
 */
export const topbarDesktop = style({ flexWrap: 'nowrap' });
/** The company label and picker in the bar: the one part that may shrink. */
export const barCompanyField = style([inlineField, { minWidth: 0, flexShrink: 1 }]);
globalStyle(`${barCompanyField} > label`, { flexShrink: 0, whiteSpace: 'nowrap' });
export const barCompanySelect = style([companySelect, { minWidth: '9rem', flexShrink: 1 }]);
/** The phone's bar: one row that never wraps; what does not fit is in the menu. */
export const topbarPhone = style({ flexWrap: 'nowrap', minHeight: vars.density.topbar.phone, height: vars.density.topbar.phone, paddingBlock: 0, paddingInline: vars.space.xs, gap: vars.space.xxs });
export const phoneBrand = style({ display: 'inline-flex', alignItems: 'center', flexShrink: 0, paddingInline: vars.space.xxs, color: 'inherit', textDecoration: 'none' });
export const phoneLogo = style({ maxHeight: '1.75rem', maxWidth: '6rem' });
export const phoneTitle = style({
  flex: 1,
  minWidth: 0,
  paddingInline: vars.space.xs,
  fontWeight: vars.font.weight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const spacer = style({ flex: 1 });

const barControl = style({
  font: 'inherit',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.density.control.md,
  paddingInline: vars.space.sm,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  fontWeight: vars.font.weight.medium,
  cursor: 'pointer',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { '&:hover:not(:disabled)': { background: vars.palette.surface.topbarHover }, '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
  '@media': { 'screen and (max-width: 1439px)': { paddingInline: vars.space.xs } },
});
/** A top-bar action: quiet text that takes a tint on hover (no box around every control). */
export const barButton = style([barControl, { flexShrink: 0, minWidth: vars.density.control.md, fontSize: vars.font.size.md }]);
globalStyle(`${barButton} > svg`, { fontSize: '1.125rem' });
/** An action's words: shown on a wide screen; below it the picture alone shows and the words stay its name. */
export const barLabel = style({
  '@media': {
    'screen and (max-width: 1599px)': hiddenRules,
  },
});
export const iconButton = style([barControl, { width: vars.density.control.md, paddingInline: 0, flexShrink: 0, fontSize: vars.font.size.lg }]);
/** The open alert events beside the bell: the danger colour with a count, so it reads without colour too. */
export const badgeCount = style({
  minWidth: '1.25rem',
  height: '1.25rem',
  paddingInline: '0.3rem',
  borderRadius: '999px',
  background: vars.palette.status.error.bg,
  color: vars.palette.status.error.fg,
  border: `1px solid ${vars.palette.status.error.fg}`,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.bold,
  lineHeight: '1.25rem',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
});
export const alertLink = style([barControl, { gap: vars.space.xs, flexShrink: 0, fontSize: vars.font.size.lg }]);
/** The palette's opener: reads as a search field with its shortcut. */
export const searchButton = style([
  barControl,
  {
    border: `1px solid ${vars.palette.border.main}`,
    minWidth: '6rem',
    flexShrink: 0,
    justifyContent: 'space-between',
    color: 'inherit',
    fontWeight: vars.font.weight.regular,
    opacity: 0.9,
    '@media': { 'screen and (max-width: 959px)': { minWidth: vars.density.control.md } },
  },
]);
export const searchLabel = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: 'inherit', opacity: 0.8 });
// Below a wide screen the word goes and the key stays, so the bar keeps to one row in the longer languages.
export const searchText = style({ '@media': { 'screen and (max-width: 1439px)': { display: 'none' } } });
export const kbd = style({
  fontFamily: 'inherit',
  fontSize: vars.font.size.xs,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.sm,
  padding: '0 0.3rem',
  // On a narrow tablet the key goes too (the button's name still says it): the company picker keeps a usable width.
  '@media': { 'screen and (max-width: 959px)': { display: 'none' } },
});

// The phone's menu: a panel under the bar, the controls one under another, full width.
export const menuScrim = style({ position: 'fixed', inset: 0, zIndex: 850, background: 'rgba(10, 12, 16, 0.3)' });
export const menu = style({
  position: 'fixed',
  top: `calc(${vars.density.topbar.phone} + ${vars.space.xs})`,
  insetInlineEnd: vars.space.xs,
  zIndex: 860,
  width: 'min(20rem, calc(100vw - 1rem))',
  maxHeight: `calc(100vh - ${vars.density.topbar.phone} - 1rem)`,
  overflowY: 'auto',
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  background: vars.palette.surface.raised,
  color: vars.palette.text.primary,
  border: `1px solid ${vars.palette.border.main}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.elevation.lg,
});
export const menuTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  paddingInline: vars.space.xs,
  fontSize: vars.font.size.xs,
  fontWeight: vars.font.weight.semibold,
  textTransform: 'uppercase',
  letterSpacing: vars.font.tracking.caps,
  color: vars.palette.text.secondary,
});
export const menuIdentity = style({ margin: `0 ${vars.space.xs} ${vars.space.xs}`, fontSize: vars.font.size.xs, color: vars.palette.text.secondary, overflowWrap: 'anywhere' });
export const menuField = style({ display: 'grid', gap: vars.space.xxs, paddingInline: vars.space.xs, marginBottom: vars.space.xs, fontSize: vars.font.size.sm, fontWeight: vars.font.weight.medium });
globalStyle(`${menuField} > span`, { display: 'grid', gap: vars.space.xxs });
globalStyle(`${menuField} select`, { width: '100%', minHeight: vars.density.control.lg });
export const menuSelect = style([companySelect, { width: '100%', minHeight: vars.density.control.lg, '@media': {} }]);
export const menuItem = style([barControl, { justifyContent: 'flex-start', width: '100%', minHeight: vars.density.control.lg, paddingInline: vars.space.sm, color: vars.palette.text.primary, selectors: { '&:hover': { background: vars.palette.state.hover } } }]);
export const menuDivider = style({ height: '1px', background: vars.palette.border.main, marginBlock: vars.space.xxs });

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  minHeight: vars.density.control.lg,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.md,
  background: vars.palette.status.warning.bg,
  color: vars.palette.status.warning.fg,
  borderBottom: `1px solid color-mix(in srgb, ${vars.palette.status.warning.fg} 35%, transparent)`,
  fontWeight: vars.font.weight.medium,
  fontSize: vars.font.size.md,
});
export const bannerSymbol = style({ fontSize: '0.85em' });
export const bannerText = style({ flex: '1 1 16rem', minWidth: 0 });
export const bannerButton = style([barControl, { border: `1px solid currentColor`, minHeight: vars.density.control.sm, selectors: { '&:hover:not(:disabled)': { background: 'color-mix(in srgb, currentColor 12%, transparent)' } } }]);

export const main = style({
  flex: 1,
  padding: vars.space.lg,
  outline: 'none',
  color: vars.palette.text.primary,
  minWidth: 0,
  '@media': { 'screen and (max-width: 767px)': { padding: vars.space.md }, 'screen and (min-width: 1600px)': { paddingInline: vars.space.xl } },
});
export const footer = style({
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  color: vars.palette.text.secondary,
  fontSize: vars.font.size.xs,
  borderTop: `1px solid ${vars.palette.border.main}`,
});

export const swatches = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: `${vars.space.xs} 0 ${vars.space.md}`, padding: 0, border: 'none' });
export const swatch = style({
  minWidth: '5.5rem',
  minHeight: vars.density.control.md,
  borderRadius: vars.radius.md,
  border: `2px solid ${vars.palette.border.main}`,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.font.size.sm,
});
export const swatchActive = style({ borderColor: vars.palette.focus.ring, boxShadow: `0 0 0 1px ${vars.palette.focus.ring}`, fontWeight: vars.font.weight.bold });
export const legend = style({ fontWeight: vars.font.weight.semibold, fontSize: vars.font.size.sm, marginBottom: vars.space.xs, padding: 0 });
export const modeRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const viewVariant = styleVariants({ desktop: {}, tablet: {}, mobile: {} });

export const shortcutTable = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.font.size.sm });
globalStyle(`${shortcutTable} th`, {
  textAlign: 'start',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.palette.border.main}`,
  fontSize: vars.font.size.xs,
  textTransform: 'uppercase',
  letterSpacing: vars.font.tracking.caps,
  color: vars.palette.text.secondary,
});
globalStyle(`${shortcutTable} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.palette.border.main}` });
