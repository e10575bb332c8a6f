import { expect, test } from '@playwright/test';
import { signInAdmin, signInAs } from './helpers';

test('open a site from the dashboard, change the chart, drill into a sub-site, reload and keep the view', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  const sites = page.getByRole('link', { name: /^Open / });
  await expect(sites.first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/dashboard.png', fullPage: true });
  // A site with sub-sites, so the drill-down can be exercised.
  const withSubs = page.locator('li').filter({ hasText: /sub-sites/ }).first();
  await withSubs.getByRole('link', { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/site-dashboard\?site=/);
  const chart = page.getByRole('img', { name: /Readings chart/ });
  await expect(chart).toBeVisible();
  await expect(page).toHaveURL(/feeds=/);
  await page.screenshot({ path: 'screenshots/site-dashboard.png', fullPage: true });
  // The drawing itself, not its summary: near midnight both views can span the same first and last bucket.
  const drawn = () => chart.locator('canvas').screenshot();
  // Settled: two looks 300 ms apart show the same lines.
  const settled = async () => {
    const a = await drawn();
    await page.waitForTimeout(300);
    return a.equals(await drawn()) ? a : null;
  };
  let before: Buffer | null = null;
  await expect.poll(async () => (before = await settled()) !== null).toBe(true);

  await page.getByLabel('Interval').selectOption('24hours');
  await page.getByLabel('Aggregation').selectOption('6');
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/interval=24hours/);
  await expect(page).toHaveURL(/agg=6/);
  await expect(page).toHaveURL(/days=30/);
  await expect.poll(async () => (await drawn()).equals(before!)).toBe(false);
  await page.screenshot({ path: 'screenshots/site-dashboard-spread.png', fullPage: true });
  await page.getByLabel('Data view').selectOption('MinMax');
  await expect(page).toHaveURL(/view=MinMax/);

  // The min/max table scrolls (windowed rows).
  const minmax = page.getByRole('table', { name: 'Minimum and maximum' });
  await expect(minmax.getByRole('row').nth(1)).toBeVisible();
  const scroller = minmax.locator('[role=rowgroup][tabindex="0"]');
  await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(minmax.getByRole('row').last()).toBeVisible();

  const url = page.url();
  await page.reload();
  await expect(page.getByLabel('Interval')).toHaveValue('24hours');
  await expect(page.getByLabel('Aggregation')).toHaveValue('6');
  await expect(page.getByLabel('Data view')).toHaveValue('MinMax');
  expect(page.url()).toBe(url);

  const sub = page.getByRole('navigation', { name: 'Sub-sites' }).getByRole('link').first();
  const subName = await sub.innerText();
  await sub.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subName);
  await expect(page.getByRole('link', { name: /^Part of / })).toBeVisible();
});

test('the Admin Dashboard and Plexus show platform and network health', async ({ page, request }) => {
  await signInAdmin(page, request);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Admin Dashboard' });
  await expect(table.getByRole('row')).toHaveCount(7);
  await page.screenshot({ path: 'screenshots/admin-dashboard.png', fullPage: true });
  await table.getByRole('button', { name: 'Open Northwind Care Homes' }).click();
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue(/.+/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Plexus' }).click();
  await expect(page.getByRole('heading', { name: 'Plexus', level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/plexus.png', fullPage: true });
});
