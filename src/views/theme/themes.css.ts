import { assignVars, globalStyle } from '@vanilla-extract/css';
import { vars } from './contract.css';

/** Sidebar and top bar colour pairs: default plus theme1 to theme7. */
export const BAR_THEMES: Record<string, { bg: string; fg: string }> = {
  default: { bg: '#2d3446', fg: '#e8eaed' },
  theme1: { bg: '#1f5fbf', fg: '#ffffff' },
  theme2: { bg: '#0b6e4f', fg: '#ffffff' },
  theme3: { bg: '#6a1b9a', fg: '#ffffff' },
  theme4: { bg: '#b3261e', fg: '#ffffff' },
  theme5: { bg: '#ffffff', fg: '#1c1f24' },
  theme6: { bg: '#263238', fg: '#eceff1' },
  theme7: { bg: '#8d4a00', fg: '#ffffff' },
};

/** Content backgrounds: default plus theme1 to theme3. */
export const BACKGROUNDS: Record<string, string> = {
  default: '#f1f3f4',
  theme1: '#ffffff',
  theme2: '#eef3f8',
  theme3: '#f6f1ea',
};

/** A tint of a bar's text colour: hover and active backgrounds that read on any bar colour. */
const tint = (fg: string, percent: number) => `color-mix(in srgb, ${fg} ${percent}%, transparent)`;

for (const [name, c] of Object.entries(BAR_THEMES)) {
  globalStyle(`html[data-sidebar-theme="${name}"]`, {
    vars: {
      [vars.palette.surface.sidebar]: c.bg,
      [vars.palette.surface.sidebarText]: c.fg,
      [vars.palette.surface.sidebarActive]: tint(c.fg, 14),
      [vars.palette.surface.sidebarMuted]: tint(c.fg, 72),
    },
  });
  globalStyle(`html[data-topbar-theme="${name}"]`, {
    vars: { [vars.palette.surface.topbar]: c.bg, [vars.palette.surface.topbarText]: c.fg, [vars.palette.surface.topbarHover]: tint(c.fg, 10) },
  });
}
for (const [name, bg] of Object.entries(BACKGROUNDS)) {
  globalStyle(`html[data-background-theme="${name}"]`, { vars: { [vars.palette.surface.page]: bg } });
}

// Dark covers every surface for wall displays; it wins over the bar and background themes.
globalStyle('html[data-mode="dark"]', {
  colorScheme: 'dark',
  vars: assignVars(vars.palette, {
    primary: { main: '#8ab4f8', dark: '#aecbfa', light: '#1e2a3d', contrast: '#0b1220' },
    secondary: { main: '#1b1f27', light: '#2a303b' },
    color: { accent: '#c3a6ff', info: '#6fd3e3' },
    warning: { main: '#ffcc80', surface: '#3a2a10' },
    success: { main: '#81c995', surface: '#13301d' },
    error: { main: '#f28b82', surface: '#3c1614' },
    grayscale: { g50: '#16181d', g100: '#1b1f27', g200: '#2a303b', g400: '#6b7280', g600: '#9aa0a6' },
    text: { primary: '#e8eaed', secondary: '#bdc1c6', inverse: '#0b1220' },
    border: { main: '#3c4250', strong: '#6b7280' },
    calendar: { event: '#8ab4f8', today: '#3a2a10' },
    surface: {
      page: '#0f1115', card: '#171a21', sidebar: '#14171d', topbar: '#171a21', sidebarText: '#e8eaed', topbarText: '#e8eaed',
      sidebarActive: 'rgba(232, 234, 237, 0.12)', sidebarMuted: 'rgba(232, 234, 237, 0.68)', topbarHover: 'rgba(232, 234, 237, 0.08)',
      raised: '#1f232c',
    },
    focus: { ring: '#fbbc04' },
    status: {
      ok: { fg: '#7ed69a', bg: '#12301d' },
      warning: { fg: '#ffc46b', bg: '#3a2a10' },
      error: { fg: '#ff8a80', bg: '#401715' },
      offline: { fg: '#a8adb5', bg: '#262a33' },
      info: { fg: '#6fd3e3', bg: '#0f2d33' },
    },
    state: { hover: 'rgba(232, 234, 237, 0.06)', active: 'rgba(232, 234, 237, 0.11)', selected: '#1e2a3d', selectedText: '#aecbfa' },
  }),
});
// Shadows barely show on dark surfaces; a hairline of light keeps cards and menus apart from the page.
globalStyle('html[data-mode="dark"]', {
  vars: assignVars(vars.elevation, {
    none: 'none',
    sm: '0 0 0 1px rgba(255, 255, 255, 0.04)',
    md: '0 0 0 1px rgba(255, 255, 255, 0.06), 0 2px 8px rgba(0, 0, 0, 0.5)',
    lg: '0 0 0 1px rgba(255, 255, 255, 0.08), 0 16px 40px rgba(0, 0, 0, 0.6)',
  }),
});
