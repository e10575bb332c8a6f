import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/**
 * One contract for every theme: the palette groups (background, surface, text, border, state), the status colours,
 * type, space, density, radius and elevation. Names are only ever added here, never renamed: every screen and template demo reads them.
 */
export const vars = createThemeContract({
  palette: {
    primary: { main: null, dark: null, light: null, contrast: null },
    secondary: { main: null, light: null },
    color: { accent: null, info: null },
    warning: { main: null, surface: null },
    success: { main: null, surface: null },
    error: { main: null, surface: null },
    grayscale: { g50: null, g100: null, g200: null, g400: null, g600: null },
    text: { primary: null, secondary: null, inverse: null },
    border: { main: null, strong: null },
    calendar: { event: null, today: null },
    surface: {
      page: null, card: null, sidebar: null, topbar: null, sidebarText: null, topbarText: null,
      /** Derived from the bar colours so every white-label bar theme gets a readable hover, active item and caption. */
      sidebarActive: null, sidebarMuted: null, topbarHover: null,
      /** A raised surface above cards: menus, popovers, the palette. */
      raised: null,
    },
    focus: { ring: null },
    /** Status is always shown as colour and symbol together (ui/status-badge): `fg` for text/symbol, `bg` tinted. */
    status: {
      ok: { fg: null, bg: null },
      warning: { fg: null, bg: null },
      error: { fg: null, bg: null },
      offline: { fg: null, bg: null },
      info: { fg: null, bg: null },
    },
    /** Hover, pressed and selected tints for quiet controls, rows and the active sidebar item. */
    state: { hover: null, active: null, selected: null, selectedText: null },
  },
  font: {
    family: null,
    /** Monospace for ids, keys and code. */
    mono: null,
    /** `xs` 12 px captions … `xxl` 32 px big readings; `sm`–`xl` keep their first meaning. */
    size: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
    weight: { regular: null, medium: null, semibold: null, bold: null },
    lineHeight: { tight: null, snug: null, normal: null },
    /** `fontVariantNumeric` for data: digits of equal width so columns and live values do not jitter. */
    numeric: null,
    /** Letter spacing of small upper-case labels (table heads, sidebar groups). */
    tracking: { caps: null },
  },
  space: { xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  /** Heights for a wall of data: a compact table row fits ~25 rows on a 1080 px screen. */
  density: {
    row: { compact: null, normal: null },
    control: { sm: null, md: null, lg: null },
    topbar: { desktop: null, phone: null },
    sidebar: { width: null, item: null },
  },
  radius: { sm: null, md: null, lg: null, pill: null },
  elevation: { none: null, sm: null, md: null, lg: null },
  /** Durations of hover and open transitions (zeroed when the user prefers reduced motion). */
  motion: { fast: null, normal: null },
});

createGlobalTheme(':root', vars, {
  palette: {
    primary: { main: '#1f5fbf', dark: '#17479a', light: '#e8f0fc', contrast: '#ffffff' },
    secondary: { main: '#2d3446', light: '#3d4560' },
    color: { accent: '#7b5ccf', info: '#0b7285' },
    warning: { main: '#a15c00', surface: '#fff4e0' },
    success: { main: '#1e7b34', surface: '#e6f6ea' },
    error: { main: '#b3261e', surface: '#fdecea' },
    grayscale: { g50: '#f9fafb', g100: '#f1f3f4', g200: '#e4e6e9', g400: '#9aa0a6', g600: '#5f6368' },
    text: { primary: '#1c1f24', secondary: '#4a5059', inverse: '#ffffff' },
    border: { main: '#d5d9de', strong: '#8a9099' },
    calendar: { event: '#1f5fbf', today: '#fff4e0' },
    surface: {
      page: '#f1f3f4', card: '#ffffff', sidebar: '#2d3446', topbar: '#ffffff', sidebarText: '#e8eaed', topbarText: '#1c1f24',
      sidebarActive: 'rgba(232, 234, 237, 0.14)', sidebarMuted: 'rgba(232, 234, 237, 0.72)', topbarHover: 'rgba(28, 31, 36, 0.06)',
      raised: '#ffffff',
    },
    focus: { ring: '#f59e0b' },
    status: {
      ok: { fg: '#17723a', bg: '#e7f5ea' },
      warning: { fg: '#9a5b00', bg: '#fff3dc' },
      error: { fg: '#c0262d', bg: '#fdeceb' },
      offline: { fg: '#5f6368', bg: '#eceef0' },
      info: { fg: '#0b6a7d', bg: '#e3f4f7' },
    },
    state: { hover: 'rgba(28, 31, 36, 0.05)', active: 'rgba(28, 31, 36, 0.09)', selected: '#e8f0fc', selectedText: '#17479a' },
  },
  font: {
    family: "Inter, Roboto, system-ui, -apple-system, 'Segoe UI', 'Noto Sans Arabic', 'Noto Sans SC', sans-serif",
    mono: "ui-monospace, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace",
    size: { xs: '0.75rem', sm: '0.8125rem', md: '0.875rem', lg: '1.125rem', xl: '1.5rem', xxl: '2rem' },
    weight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
    lineHeight: { tight: '1.2', snug: '1.35', normal: '1.5' },
    numeric: 'tabular-nums',
    tracking: { caps: '0.04em' },
  },
  space: { xxs: '0.125rem', xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem', xxl: '4rem' },
  density: {
    row: { compact: '2rem', normal: '2.5rem' },
    control: { sm: '1.75rem', md: '2.25rem', lg: '2.75rem' },
    topbar: { desktop: '3.25rem', phone: '3rem' },
    sidebar: { width: '14.5rem', item: '2rem' },
  },
  radius: { sm: '4px', md: '6px', lg: '10px', pill: '999px' },
  elevation: {
    none: 'none',
    sm: '0 1px 2px rgba(16, 24, 40, 0.06)',
    md: '0 2px 6px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.06)',
    lg: '0 12px 32px rgba(16, 24, 40, 0.18), 0 2px 6px rgba(16, 24, 40, 0.08)',
  },
  motion: { fast: '120ms', normal: '200ms' },
});
