import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInAs, signInAdmin } from './helpers';

// An admin opens any company's dashboard read-only, without shadowing it, from the Admin Dashboard
// and from the palette (GET /api/dashboard/company/{id}); anyone else is told it is for admins and stays signed in.

/** Every dashboard call the page makes, by path: the token company's (/api/dashboard) must never be among them. */
function dashboardCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/dashboard' || path.startsWith('/api/dashboard/company/')) calls.push(path);
  });
  return calls;
}

const note = /Viewing as an administrator, read-only\. You are not shadowing this company/;

test('an admin opens a company’s dashboard from the Admin Dashboard and from the palette, without shadowing it', async ({ page, request }) => {
  // Two sign-ins' worth of pages, a palette and three whole-page pictures on two busy cores.
  test.setTimeout(90_000);
  const calls = dashboardCalls(page);
  await signInAdmin(page, request);
  const table = page.getByRole('table', { name: 'Admin Dashboard' });
  const row = table.getByRole('row').filter({ hasText: 'Northwind Care Homes' });
  // Beside the company's own action (acting in it), the read-only look.
  await expect(row.getByRole('button', { name: 'Open Northwind Care Homes' })).toBeVisible();
  await row.getByRole('link', { name: 'Dashboard of Northwind Care Homes, read-only, without shadowing' }).click();

  await expect(page).toHaveURL(/\/dashboard\/company\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Dashboard of Northwind Care Homes', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(note);
  // The sidebar marks the screen it is: a dashboard.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  // The company's sites and figures.
  await expect(page.getByLabel('Company health now')).toContainText(/Sites\s*\d+/);
  const sites = page.getByRole('list', { name: 'Sites' });
  await expect(sites.getByRole('link', { name: /^Open / }).first()).toBeVisible();
  expect(await sites.getByRole('link', { name: /^Open / }).count()).toBeGreaterThan(1);
  // Not shadowing: no banner, no Exit, and the session still acts for no company.
  await expect(page.getByText(/You are acting as/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exit', exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userToken') ?? '{}').companyId ?? null)).toBeNull();
  await expectAccessible(page, 'company dashboard');
  await page.screenshot({ path: 'screenshots/admin-company-dashboard.png', fullPage: true });

  // The way back.
  await page.getByRole('link', { name: 'Back to the Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  // From the palette: the company's name finds "Open dashboard of …".
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('Mackwell Lighting');
  const option = palette.getByRole('option', { name: /Open dashboard of Mackwell Lighting Services/ });
  await expect(option).toBeVisible();
  await expect(palette.getByRole('option', { name: /^Mackwell Lighting Services/ })).toBeVisible();
  for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'screenshots/admin-company-dashboard-palette.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Dashboard of Mackwell Lighting Services', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(note);
  await expect(page.getByRole('list', { name: 'Sites' }).getByRole('link', { name: /^Open / }).first()).toBeVisible();
  await expect(page.getByText(/You are acting as/)).toHaveCount(0);

  // A phone, and Arabic (right to left).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'screenshots/admin-company-dashboard-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('header select').nth(1).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'لوحة معلومات Mackwell Lighting Services', level: 1 })).toBeVisible();
  await page.screenshot({ path: 'screenshots/admin-company-dashboard-ar.png', fullPage: true });
  await page.locator('header select').nth(1).selectOption('en');

  expect(calls.length).toBeGreaterThanOrEqual(2);
  expect(calls.filter((c) => c === '/api/dashboard')).toEqual([]);
});

test('a manager opening another company’s dashboard by its address is told it is for admins, asks nothing and stays signed in', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  // The address an admin would use, for a company the manager is not a member of.
  await signInAdmin(page, request);
  const href = await page.getByRole('link', { name: 'Dashboard of Riverside Clinics, read-only, without shadowing' }).getAttribute('href');
  expect(href).toMatch(/^\/dashboard\/company\/[^/]+$/);

  const manager = await (await browser.newContext()).newPage();
  const calls = dashboardCalls(manager);
  await signInAs(manager, 'manager@sitewatch.test');
  await manager.goto(href!);
  await expect(manager.getByRole('heading', { name: 'Company dashboard', level: 1 })).toBeVisible();
  await expect(manager.getByText('Only a platform administrator can open another company’s dashboard.', { exact: false })).toBeVisible();
  await manager.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(manager.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(calls.filter((c) => c.startsWith('/api/dashboard/company/'))).toEqual([]);
  await manager.context().close();
});
