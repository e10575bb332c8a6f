import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, sharedSignedInPage, signInAdmin, signInAs } from './helpers';

/**
 * The command palette and the keyboard, keyboard only: no click anywhere in this file. Fields are filled (focus and
 * type, as a keyboard does) and everything else is a key press.
 */

const MANAGER = 'manager@sitewatch.test';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const field = (page: Page) => palette(page).getByLabel('Search commands, companies, sites, nodes and users');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
}

/** Types into the palette and waits until the highlighted row is the one named. */
async function choose(page: Page, query: string, option: RegExp | string) {
  await page.keyboard.type(query);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText(option);
  await page.keyboard.press('Enter');
}

const companyInUse = (page: Page) => page.getByLabel('Company', { exact: true }).locator('option:checked');

/** Switches to `name` through the palette, unless it is the company in use already. */
async function inCompany(page: Page, name: string) {
  if ((await companyInUse(page).textContent()) === name) return;
  await openPalette(page);
  await choose(page, name.split(' ')[0]!.toLowerCase(), name);
  await expect(companyInUse(page)).toHaveText(name);
}

// One journey through every palette feature outran the 30 s timeout on two busy cores: each feature is a test of its
// own, on one page the manager signs in to once (by keyboard). Each test starts on the dashboard.
test.describe('palette, as a manager', () => {
  const manager = sharedSignedInPage((page) => signInAs(page, MANAGER, undefined, true));
  test.beforeEach(async () => {
    await manager().goto('/');
    await expect(manager().getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('opens over the screen; Esc closes it and focus goes back where it was', async () => {
    const page = manager();
    await page.keyboard.press('Tab');
    const before = await page.evaluate(() => document.activeElement?.textContent ?? '');
    await openPalette(page);
    await expect(palette(page).getByRole('option').first()).toBeVisible();
    await expectAccessible(page, 'palette open');
    await page.screenshot({ path: 'screenshots/palette-open.png' });
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(before);
  });

  test('switches company', async () => {
    const page = manager();
    const other = (await companyInUse(page).textContent()) === 'Northwind Care Homes' ? 'Mackwell Lighting Services' : 'Northwind Care Homes';
    await openPalette(page);
    await choose(page, other.split(' ')[0]!.toLowerCase(), other);
    await expect(companyInUse(page)).toHaveText(other);
  });

  test("'#' lists sites; one opened by its name has its heading focused", async () => {
    const page = manager();
    await openPalette(page);
    await page.keyboard.type('#');
    const firstSite = palette(page).getByRole('option').first();
    await expect(firstSite).toBeVisible();
    const siteName = (await firstSite.locator('span').first().evaluate((el) => el.firstChild?.textContent ?? '')).trim();
    expect(siteName.length).toBeGreaterThan(2);
    await page.keyboard.press('Backspace');
    await choose(page, siteName, siteName);
    await expect(page).toHaveURL(/\/site-dashboard\?site=/);
    await expect(page.getByRole('heading', { name: siteName, level: 1 })).toBeFocused();
  });

  test("'!' finds a node on the server; the site dashboard opens with its feeds selected", async () => {
    const page = manager();
    // The care homes have dining rooms.
    await inCompany(page, 'Northwind Care Homes');
    await openPalette(page);
    await page.keyboard.type('!dining room');
    await expect(palette(page).getByRole('option').first()).toBeVisible({ timeout: 10_000 });
    await expect(palette(page).getByRole('option', { selected: true })).toContainText('Node');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/feeds=/);
    await page.screenshot({ path: 'screenshots/palette-node.png' });
  });

  test('a nested page: Backspace on the empty field goes back; the language changes there and back', async () => {
    const page = manager();
    await openPalette(page);
    await choose(page, 'language', 'Language ›');
    await expect(palette(page)).toContainText('In: Everything › Language');
    await page.keyboard.press('Backspace');
    await expect(palette(page)).toContainText('In: Everything');
    await expect(palette(page)).not.toContainText('› Language');
    await choose(page, 'language', 'Language ›');
    await choose(page, 'fran', 'Français');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // The palette's own name is French now.
    await page.keyboard.press('Control+K');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // Back to English through the language page, in French.
    await page.keyboard.press('Control+K');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.type('langue');
    await page.keyboard.press('Enter');
    await page.keyboard.type('english');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('theme: dark mode, a sidebar theme from the Theme page, light mode', async () => {
    const page = manager();
    await openPalette(page);
    await choose(page, 'dark', 'Dark mode');
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
    await openPalette(page);
    await choose(page, 'theme', 'Theme ›');
    await choose(page, 'sidebar 3', 'Sidebar: Theme 3');
    await expect(page.locator('html')).toHaveAttribute('data-sidebar-theme', 'theme3');
    await openPalette(page);
    await choose(page, 'light', 'Light mode');
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'light');
  });

  test('shortcuts: ? shows the sheet, g p goes to the profile, g d back to the dashboard; never while typing', async () => {
    const page = manager();
    await page.locator('main h1').focus();
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('row', { name: /Profile/ })).toBeVisible();
    await expectAccessible(page, 'shortcuts sheet');
    await page.screenshot({ path: 'screenshots/shortcuts-sheet.png' });
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page).toHaveURL(/\/my-profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByLabel('Name').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await expect(page).toHaveURL(/\/my-profile$/);
    await page.locator('main h1').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
  });

  // Last: it ends the block's session.
  test('logs out', async () => {
    const page = manager();
    await openPalette(page);
    await choose(page, 'logout', 'Logout');
    await expect(page).toHaveURL(/\/Identity\/Account\/Login/);
  });
});

test('keys typed straight after Ctrl+K, before the palette has loaded, land in its field', async ({ page }) => {
  await signInAs(page, MANAGER, undefined, true);
  const dashboard = page.url();
  // The first Ctrl+K of the page loads the palette's code: nothing waits for it here.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('>profile');
  await expect(field(page)).toBeFocused();
  await expect(field(page)).toHaveValue('>profile');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Profile');
  // Nothing reached the page's shortcuts meanwhile ("p" after a "g" would have gone to the profile).
  expect(page.url()).toBe(dashboard);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeFocused();
});

test('palette as admin: shadow a user, see the banner, exit shadow', async ({ page, request }) => {
  await signInAdmin(page, request, true);
  // The admin is no user to shadow: "@ada" offers nobody, and Enter logs nobody out.
  await openPalette(page);
  await page.keyboard.type('@ada');
  await expect(palette(page).getByRole('status')).toContainText(/./);
  await expect(palette(page).getByRole('option', { name: /Ada Admin/ })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await openPalette(page);
  await choose(page, 'shadow user', 'Shadow user ›');
  await expect(palette(page)).toContainText('Everything › Shadow user');
  await choose(page, 'uma', 'Uma User');
  const banner = page.getByRole('status').filter({ hasText: 'Uma User' });
  await expect(banner).toBeVisible();
  await page.screenshot({ path: 'screenshots/palette-shadow.png' });
  await openPalette(page);
  await choose(page, 'exit shadow', 'Exit shadow');
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('skip link and the first Tab: main content is one key away', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test', undefined, true);
  await expect(page.getByRole('link', { name: /^Open / }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // j / k move through the site list, Enter opens the focused site.
  await page.keyboard.press('j');
  const focused = page.locator('main [data-keyitem]:focus');
  await expect(focused).toHaveCount(1);
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/site-dashboard\?site=/);
});
