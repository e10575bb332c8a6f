import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css';

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
  selectors: { '&:focus': { top: vars.space.sm } },
});

export const sidebar = style({
  background: vars.palette.surface.sidebar,
  color: vars.palette.surface.sidebarText,
  width: '15rem',
  minHeight: '100vh',
  paddingBlock: vars.space.md,
  overflowY: 'auto',
});
export const sidebarCollapsed = style({ width: '4.5rem' });
export const sidebarMobile = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineStart: 0,
  zIndex: 900,
  boxShadow: '0 0 24px rgba(0,0,0,0.35)',
});
export const scrim = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.4)', zIndex: 899, border: 'none' });

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingInline: vars.space.md,
  marginBottom: vars.space.md,
  fontWeight: 700,
  fontSize: vars.font.size.lg,
  color: 'inherit',
  textDecoration: 'none',
});
export const logo = style({ maxHeight: '2rem', maxWidth: '10rem' });

export const groupTitle = style({
  fontSize: '0.75rem',
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  opacity: 0.75,
  paddingInline: vars.space.md,
  margin: `${vars.space.md} 0 ${vars.space.xs}`,
});
export const navList = style({ listStyle: 'none', margin: 0, padding: 0 });
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  color: 'inherit',
  textDecoration: 'none',
  borderInlineStart: '3px solid transparent',
  selectors: { '&:hover': { background: 'rgba(255,255,255,0.08)' } },
});
export const navLinkActive = style({ borderInlineStartColor: vars.palette.focus.ring, background: 'rgba(255,255,255,0.12)', fontWeight: 500 });
export const navIcon = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: '50%',
  background: 'rgba(255,255,255,0.15)',
  fontSize: '0.8rem',
  flexShrink: 0,
});

export const column = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const topbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  background: vars.palette.surface.topbar,
  color: vars.palette.surface.topbarText,
  borderBottom: `1px solid ${vars.palette.border.main}`,
});
export const spacer = style({ flex: 1 });
export const barButton = style({
  font: 'inherit',
  minHeight: '2.25rem',
  paddingInline: vars.space.sm,
  border: `1px solid currentColor`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
});
/** SPEC §9: the company dropdown is 400 px wide; 265, 320 and 355 px on small screens. */
export const companySelect = style({
  font: 'inherit',
  width: '400px',
  maxWidth: '100%',
  minHeight: '2.25rem',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.palette.border.strong}`,
  background: vars.palette.surface.card,
  color: vars.palette.text.primary,
  '@media': {
    'screen and (max-width: 1220px)': { width: '355px' },
    'screen and (max-width: 767px)': { width: '320px' },
    'screen and (max-width: 480px)': { width: '265px' },
  },
});

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  background: vars.palette.warning.surface,
  color: vars.palette.warning.main,
  borderBottom: `1px solid ${vars.palette.warning.main}`,
  fontWeight: 500,
});

export const main = style({ flex: 1, padding: vars.space.lg, outline: 'none', color: vars.palette.text.primary });
export const footer = style({
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  color: vars.palette.text.secondary,
  fontSize: vars.font.size.sm,
  borderTop: `1px solid ${vars.palette.border.main}`,
});

export const swatches = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: `${vars.space.xs} 0 ${vars.space.md}`, padding: 0, border: 'none' });
export const swatch = style({
  minWidth: '5.5rem',
  minHeight: '2.25rem',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.palette.border.main}`,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.font.size.sm,
});
export const swatchActive = style({ borderColor: vars.palette.focus.ring, borderWidth: '3px', fontWeight: 700 });
export const legend = style({ fontWeight: 500, marginBottom: vars.space.xs, padding: 0 });

export const viewVariant = styleVariants({ desktop: {}, tablet: {}, mobile: {} });

export const shortcutTable = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.font.size.sm });
globalStyle(`${shortcutTable} th, ${shortcutTable} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.palette.border.main}` });
