import { test as base, expect, type Browser, type Page, type WorkerInfo } from '@playwright/test';
import { codeFromOutbox, signInAs, signInForm } from '../helpers';
import { FROZEN_NOW } from './frozen';

export { expect };

/** Phone, tablet, laptop and desktop. */
export const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
/** The right-to-left screens are pictured on a phone and a laptop. */
const RTL_SIZES = [SIZES[0], SIZES[2]] as const;
export const MODES = ['light', 'dark'] as const;
export type Mode = (typeof MODES)[number];

/** A page of its own context, made with the config's options, its clock standing at FROZEN_NOW like the server's. */
async function frozenPage(browser: Browser, info: WorkerInfo): Promise<Page> {
  const { baseURL, locale, timezoneId, colorScheme, reducedMotion, serviceWorkers } = info.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, colorScheme, reducedMotion, serviceWorkers, viewport: SIZES[2] });
  await context.clock.setFixedTime(FROZEN_NOW);
  return context.newPage();
}

/**
 * One signed-in page per role for the whole run: each role signs in once through the real flow (the admin with the
 * mailed code), and every screen of that role is opened in the same page. (Storage state cannot carry the session:
 * it is encrypted under a non-extractable key in IndexedDB.)
 */
export const test = base.extend<{ visitor: Page }, { admin: Page; manager: Page }>({
  /** A signed-out visitor, the page's clock frozen too. */
  visitor: async ({ page }, use) => {
    await page.clock.setFixedTime(FROZEN_NOW);
    await use(page);
  },
  admin: [
    async ({ browser }, use, info) => {
      const page = await frozenPage(browser, info);
      await page.goto('/Identity/Account/Login');
      await signInForm(page, 'admin@sitewatch.test');
      await expect(page).toHaveURL(/multi-factor-verify/);
      await page.getByLabel('Code').fill(await codeFromOutbox(page.request, 'admin@sitewatch.test'));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
  manager: [
    async ({ browser }, use, info) => {
      const page = await frozenPage(browser, info);
      await signInAs(page, 'manager@sitewatch.test');
      // The manager lands in the first of two companies by name; the fridges are Northwind's.
      const company = page.getByLabel('Company', { exact: true });
      const switched = page.waitForResponse((r) => r.url().endsWith('/api/switch-company') && r.ok());
      await company.selectOption({ label: 'Northwind Care Homes' });
      await switched;
      await expect(company).toBeEnabled();
      await expect(company.locator('option:checked')).toHaveText('Northwind Care Homes');
      await settled(page);
      await use(page);
      await page.context().close();
    },
    { scope: 'worker' },
  ],
});

/** The theme and the language are stored preferences the app reads when it starts; the next load shows them. */
export async function setMode(page: Page, mode: Mode, locale: 'en' | 'ar' = 'en'): Promise<void> {
  if (!page.url().startsWith('http')) {
    // A new page has no preference yet: light and English are the default.
    if (mode === 'light' && locale === 'en') return;
    await page.goto('/404');
  }
  await page.evaluate(
    ([m, l]) => {
      localStorage.setItem('preferences', JSON.stringify({ locale: l, sidebarTheme: 'default', topbarTheme: 'default', backgroundTheme: 'default', mode: m }));
    },
    [mode, locale] as const,
  );
}

/**
 * Waits until nothing is loading: no request in flight (the app's loading bar), nothing busy (a chart asks again for
 * the points its new width holds), no splash, fonts in. Two frames first, so a resize has reached the observers.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"], [data-loading]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^(Loading…|Restoring your session…)$/ })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The baseline's name: screen, width and theme, e.g. `sites-1440-dark`; `-ar` after the screen in Arabic. */
export const shotName = (screen: string, width: number, mode: Mode, locale: 'en' | 'ar' = 'en') =>
  `${screen}${locale === 'en' ? '' : `-${locale}`}-${width}-${mode}.png`;

/**
 * Makes the viewport as tall as the page, keeping its width, so a long screen is pictured whole without Playwright's
 * full-page capture: that one changes the page's size while it takes the picture, and the chart then asks again for
 * its points (the picture never settles).
 */
async function tallAsPage(page: Page, width: number): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height <= page.viewportSize()!.height) return;
    await page.setViewportSize({ width, height });
    await settled(page);
  }
}

/**
 * Opens the screen in both themes and compares the viewport at every size with its baseline (or the whole page, at
 * the size's width). The screen is loaded once per theme (the theme is read at start) and resized like a window: the
 * layout and the charts' point counts follow resizes. Soft, so one changed screen reports all six pictures.
 */
export async function shootScreen(
  page: Page,
  screen: string,
  open: (page: Page, locale: 'en' | 'ar') => Promise<void>,
  opts: { wholePage?: boolean; /** Also in Arabic, right to left, light. */ arabic?: boolean } = {},
): Promise<void> {
  const runs = [
    ...MODES.map((mode) => ({ mode, locale: 'en' as const, sizes: SIZES })),
    ...(opts.arabic ? [{ mode: 'light' as const, locale: 'ar' as const, sizes: RTL_SIZES }] : []),
  ];
  for (const { mode, locale, sizes } of runs) {
    await setMode(page, mode, locale);
    for (const [i, size] of sizes.entries()) {
      await page.setViewportSize(size);
      if (i === 0) await open(page, locale);
      await settled(page);
      if (opts.wholePage) await tallAsPage(page, size.width);
      await expect.soft(page).toHaveScreenshot(shotName(screen, size.width, mode, locale));
    }
  }
  // The next screen starts in English.
  if (opts.arabic) await setMode(page, 'light');
}

export type { Page };
