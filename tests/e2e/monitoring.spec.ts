import { expect, test, type Page } from '@playwright/test';
import { signInAdmin, signInAs } from './helpers';

test('open a site from the dashboard, change the chart, drill into a sub-site, reload and keep the view', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  const sites = page.getByRole('link', { name: /^Open / });
  await expect(sites.first()).toBeVisible();
  // Each reading tile draws its last 24 hours as one image that says in words what the line shows.
  const tileTrend = page.getByRole('list', { name: 'Latest readings' }).first().getByRole('listitem').first().getByRole('img');
  await expect(tileTrend).toHaveAccessibleName(/^Last 24 hours: -?[\d.,]+ \S+ to -?[\d.,]+ \S+, now -?[\d.,]+ \S+$/);
  await page.screenshot({ path: 'screenshots/dashboard.png', fullPage: true });
  // A site with sub-sites, so the drill-down can be exercised.
  const withSubs = page.locator('li').filter({ hasText: /sub-sites/ }).first();
  await withSubs.getByRole('link', { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/site-dashboard\?site=/);
  const chart = page.getByRole('img', { name: /Readings chart/ });
  await expect(chart).toBeVisible();
  await expect(page).toHaveURL(/feeds=/);
  // The site's tiles draw their trend from the readings the chart loaded.
  await expect(page.getByRole('list', { name: 'Latest readings' }).getByRole('img').first()).toHaveAccessibleName(/^(Last 24 hours|24 hours to .+): .+ to .+/);
  await page.screenshot({ path: 'screenshots/site-dashboard.png', fullPage: true });
  // The drawing itself, not its summary: near midnight both views can span the same first and last bucket.
  const drawn = () => chart.screenshot();
  // Drawn from the readings asked for: the chart's box is busy while a request for them is out.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const before = await drawn();

  await page.getByLabel('Interval').selectOption('24hours');
  await page.getByLabel('Aggregation').selectOption('6');
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/interval=24hours/);
  await expect(page).toHaveURL(/agg=6/);
  await expect(page).toHaveURL(/days=30/);
  await expect.poll(async () => (await drawn()).equals(before)).toBe(false);
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
  await expect(page.getByRole('list', { name: 'Network of sites, hubs and nodes' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/plexus.png', fullPage: true });
});

/** Pixels of the chart's canvas drawn in a series colour (grid, axes and text are grey). */
const colouredPixels = (page: Page) =>
  page.getByRole('img', { name: /Readings chart/ }).locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 0 && Math.max(d[i]!, d[i + 1]!, d[i + 2]!) - Math.min(d[i]!, d[i + 1]!, d[i + 2]!) > 80) n++;
    return n;
  });

/** A `datetime-local` value in the browser's time zone. */
const local = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

test('the latest-reading view shows tiles, and a one-bucket range draws its points', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  await page.getByRole('link', { name: /^Open / }).first().click();
  await expect(page.getByRole('img', { name: /Readings chart/ })).toBeVisible();

  await page.getByLabel('Data view').selectOption('Reading');
  const tiles = page.getByRole('list', { name: 'Latest reading of each feed' });
  await expect(tiles).toBeVisible();
  await expect(page.getByRole('img', { name: /Readings chart/ })).toHaveCount(0);
  const first = tiles.getByRole('listitem').first();
  await expect(first).toHaveAccessibleName(/\S+ \S+/);
  await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(page.getByText('Interval, aggregation and range do not apply to this view.', { exact: false })).toBeVisible();
  await page.screenshot({ path: 'screenshots/site-dashboard-reading-tiles.png', fullPage: true });

  // One day-long bucket per feed: every series is a single point, drawn as a dot.
  await page.getByLabel('Data view').selectOption('RawData');
  await page.getByLabel('Interval').selectOption('24hours');
  const end = Date.now() - 60 * 60_000;
  await page.getByLabel('From', { exact: true }).fill(local(end - 30 * 60_000));
  await page.getByLabel('To', { exact: true }).fill(local(end));
  await page.getByRole('button', { name: 'Apply range' }).click();
  await expect(page).toHaveURL(/from=/);
  await expect(page.getByRole('img', { name: /Readings chart/ })).toBeVisible();
  await expect.poll(() => colouredPixels(page)).toBeGreaterThan(20);
  await page.getByRole('img', { name: /Readings chart/ }).screenshot({ path: 'screenshots/site-dashboard-single-points.png' });
});

test('the site dashboard reopens the last site, and a company switch from the palette goes back to the picker', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await page.getByRole('link', { name: /^Open / }).first().click();
  await expect(page).toHaveURL(/\/site-dashboard\?site=/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText('Site Dashboard');
  const siteName = (await heading.innerText()).trim();
  await page.getByLabel('Interval').selectOption('6hours');
  await expect(page).toHaveURL(/interval=6hours/);

  // No site in the URL: the last site and view come back (the SiteDashboard slice of docs/product.md, Browser storage).
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Site Dashboard' }).click();
  await expect(heading).toHaveText(siteName);
  await expect(page).toHaveURL(/interval=6hours/);
  await expect(page.getByLabel('Interval')).toHaveValue('6hours');

  // Ctrl+K, a company, Enter.
  const company = page.getByLabel('Company', { exact: true });
  const other = (await company.locator('option:checked').textContent()) === 'Northwind Care Homes' ? 'Mackwell Lighting Services' : 'Northwind Care Homes';
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByLabel('Search commands, companies, sites, nodes and users')).toBeFocused();
  await page.keyboard.type(other.split(' ')[0]!.toLowerCase());
  await expect(palette.getByRole('option', { selected: true })).toContainText(other);
  await page.keyboard.press('Enter');
  await expect(company.locator('option:checked')).toHaveText(other);

  // Only the new company's data: the picker with its sites, nothing of the old site, and no ?site= in the URL.
  await expect(page.getByRole('heading', { name: 'Choose a site', level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(/site=/);
  const main = page.getByRole('main');
  await expect(main.getByRole('link').first()).toBeVisible();
  await expect(main).not.toContainText(siteName);
  await page.screenshot({ path: 'screenshots/site-dashboard-after-switch.png', fullPage: true });

  // The kept site is the other company's, so the site dashboard stays on the picker.
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await nav.getByRole('link', { name: 'Site Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a site', level: 1 })).toBeVisible();
  await expect(main).not.toContainText(siteName);
});

test('a link to a site of the manager’s other company offers the switch and then opens it; a site of nobody’s is not found', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test');
  await page.getByRole('link', { name: /^Open / }).first().click();
  await expect(page).toHaveURL(/\/site-dashboard\?site=/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText('Site Dashboard');
  const siteName = (await heading.innerText()).trim();
  const link = `/site-dashboard?site=${new URL(page.url()).searchParams.get('site')}`;
  const company = page.getByLabel('Company', { exact: true });
  const home = (await company.locator('option:checked').textContent())!.trim();
  const other = home === 'Northwind Care Homes' ? 'Mackwell Lighting Services' : 'Northwind Care Homes';
  await company.selectOption({ label: other });
  await expect(page.getByRole('heading', { name: 'Choose a site', level: 1 })).toBeVisible();

  // The link, opened while acting for the other company: whose the site is, and the switch (not "it no longer exists").
  await page.goto(link);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'In another of your companies', level: 2 })).toBeVisible();
  await expect(main).toContainText(`This site belongs to ${home}, another of your companies.`);
  await expect(main).not.toContainText('It no longer exists');
  await page.screenshot({ path: 'screenshots/site-in-other-company.png' });
  await main.getByRole('button', { name: `Switch to ${home}` }).click();
  await expect(company.locator('option:checked')).toHaveText(home);
  await expect(heading).toHaveText(siteName);

  // A site none of the person's companies has: not found, and the way back to the list of sites.
  await page.goto('/site-dashboard?site=no-such-site-0000');
  await expect(main).toContainText("This site is not one of your companies' sites.");
  await main.getByRole('button', { name: 'Choose a site' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a site', level: 1 })).toBeVisible();
});
