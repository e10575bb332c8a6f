import type { PaletteScope } from '../../src/machines/command-palette.machine';

/** A signed-in manager of two companies, as the app sends it to the palette; override what a test needs. */
export const paletteScope = (over: Partial<PaletteScope> = {}): PaletteScope => ({
  role: 'manager',
  isShadow: false,
  canShadow: false,
  companyId: 'c1',
  companyCount: 2,
  companies: [
    { id: 'c1', name: 'Northwind Care Homes' },
    { id: 'c2', name: 'Mackwell Lighting Services' },
  ],
  locale: 'en',
  mode: 'light',
  theme: { sidebar: 'default', topbar: 'default', background: 'default' },
  ...over,
});
