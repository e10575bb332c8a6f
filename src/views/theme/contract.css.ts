import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/** One contract for every theme: the palette groups of SPEC §3 plus font, space and radius. */
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
    surface: { page: null, card: null, sidebar: null, topbar: null, sidebarText: null, topbarText: null },
    focus: { ring: null },
  },
  font: { family: null, size: { sm: null, md: null, lg: null, xl: null } },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null },
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
    surface: { page: '#f1f3f4', card: '#ffffff', sidebar: '#2d3446', topbar: '#ffffff', sidebarText: '#e8eaed', topbarText: '#1c1f24' },
    focus: { ring: '#f59e0b' },
  },
  font: { family: "Roboto, system-ui, -apple-system, 'Segoe UI', sans-serif", size: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem' } },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem' },
  radius: { sm: '4px', md: '8px' },
});
