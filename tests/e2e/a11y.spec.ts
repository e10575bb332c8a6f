import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox, expectAccessible, sharedSignedInPage, signInAdmin, signInAs, signInForm } from './helpers';

const PUBLIC: [string, string][] = [
  ['/Identity/Account/Login', 'Sign in'],
  ['/signup', ''],
  ['/forgotpassword', ''],
  ['/resetpassword?token=nope', ''],
  ['/404', 'Looks like you got lost'],
  ['/500', 'Internal Server Error'],
  ['/maintenance', ''],
  ['/site-dashboard-export/site/1', ''],
];

for (const [path, heading] of PUBLIC) {
  test(`public page ${path} is accessible`, async ({ page }) => {
    await page.goto(path);
    await expect(heading ? page.getByRole('heading', { name: heading, level: 1 }) : page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, path);
  });
}

test('the code page is accessible', async ({ page, request }) => {
  await page.goto('/Identity/Account/Login');
  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test');
  await expect(page.getByLabel('Code')).toBeVisible();
  await codeFromOutbox(request, 'admin@sitewatch.test', started);
  await expectAccessible(page, 'mfa');
});

const MODES = ['light', 'dark'] as const;
const SIGNED_IN = ['/', '/companies', '/my-companies', '/my-profile', '/management'];

/** Light or dark through the Theme dialog, as a person switches; the choice is stored, so the next page keeps it. */
async function inMode(page: Page, mode: (typeof MODES)[number]) {
  const html = page.locator('html');
  if ((await html.getAttribute('data-mode')) === mode) return;
  await page.getByRole('button', { name: 'Theme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Theme switcher' });
  await dialog.getByLabel('Dark mode').setChecked(mode === 'dark');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(html).toHaveAttribute('data-mode', mode);
}

/** Opens a signed-in page and waits for its heading. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

// One test per page and mode (ten pages with axe in one test outran the timeout on two busy cores); the admin signs in
// once for all of them.
test.describe('signed-in pages and dialogs, as the admin', () => {
  const admin = sharedSignedInPage((page) => signInAdmin(page, page.request));

  for (const mode of MODES) {
    for (const path of SIGNED_IN) {
      test(`${path} is accessible in ${mode} mode`, async () => {
        const page = admin();
        await open(page, path);
        await inMode(page, mode);
        await expectAccessible(page, `${path} (${mode})`);
      });
    }

    test(`the theme and help dialogs are accessible in ${mode} mode`, async () => {
      const page = admin();
      await open(page, '/');
      await inMode(page, mode);
      const theme = page.getByRole('dialog', { name: 'Theme switcher' });
      await page.getByRole('button', { name: 'Theme' }).click();
      await expect(theme).toBeVisible();
      await expectAccessible(page, `theme dialog (${mode})`);
      await page.keyboard.press('Escape');
      await expect(theme).toBeHidden();
      await page.getByRole('button', { name: 'Help' }).click();
      const help = page.getByRole('dialog');
      await expect(help).toBeVisible();
      await expectAccessible(page, `help dialog (${mode})`);
      await page.keyboard.press('Escape');
      await expect(help).toBeHidden();
    });
  }
});

/** Every screen of the sidebar a manager sees, and the admin's own. */
const MANAGER_SCREENS = ['/', '/site-dashboard', '/alert-events', '/reports', '/alerts', '/sites', '/hubs', '/nodes', '/feeds', '/signal-types',
  '/node-tags', '/displays', '/messages-manager', '/users', '/management', '/my-companies', '/my-profile'];
const ADMIN_SCREENS = ['/admin-dashboard', '/plexus', '/companies'];

/** The language and theme are stored preferences the app reads when it starts: set them, then load the page. */
async function inLook(page: Page, look: { locale: 'en' | 'ar'; mode: 'light' | 'dark' }) {
  await page.evaluate((l) => {
    const p = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
    localStorage.setItem('preferences', JSON.stringify({ ...p, locale: l.locale, mode: l.mode }));
  }, look);
}

/** Arabic (right to left, its own words and values isolated) and dark on every screen, not only English and light. */
const LOOKS = [
  { locale: 'ar', mode: 'light' },
  { locale: 'en', mode: 'dark' },
] as const;
for (const [who, screens, signIn] of [
  ['a manager', MANAGER_SCREENS, (page: Page) => signInAs(page, 'manager@sitewatch.test')],
  ['the admin', ADMIN_SCREENS, (page: Page) => signInAdmin(page, page.request)],
] as const) {
  test.describe(`every screen of ${who} in Arabic and in dark`, () => {
    const shared = sharedSignedInPage(signIn);
    for (const look of LOOKS) {
      for (const path of screens) {
        test(`${path} is accessible (${look.locale}, ${look.mode})`, async () => {
          const page = shared();
          await inLook(page, look);
          await open(page, path);
          await expect(page.locator('html')).toHaveAttribute('lang', look.locale);
          await expect(page.locator('html')).toHaveAttribute('data-mode', look.mode);
          await expect(page.locator('main [data-loading]')).toHaveCount(0);
          await expectAccessible(page, `${path} (${look.locale}, ${look.mode})`);
        });
      }
    }
  });
}

test('the signed-out code path leaves no inaccessible notice', async ({ page }) => {
  await page.goto('/Identity/Account/Login');
  await signInForm(page, 'user@sitewatch.test', 'Wrong-password1');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'sign-in error');
});
