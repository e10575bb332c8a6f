import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInAdmin } from './helpers';

// The Admin Dashboard answers "is anything wrong, and where?" above its per-company table, every row a link that goes
// where it says; Plexus shows the network as a site → hub → node tree with weak links flagged in words.

const glanceCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const companyInView = (page: Page) => page.getByLabel('Company', { exact: true }).locator('option:checked').innerText();

test('the admin sees the platform at a glance, and its links go where they say', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAdmin(page, request);
  await expect(page.getByRole('heading', { name: 'Platform at a glance', level: 2 })).toBeVisible();
  for (const title of ['Open critical alerts', 'Devices offline', 'Weak batteries', 'Shadow sessions', 'Sign-ins, last 24 hours']) {
    await expect(glanceCard(page, title), title).toBeVisible();
  }
  // The admin's own sign-in is among the recent ones.
  await expect(glanceCard(page, 'Sign-ins, last 24 hours')).toContainText('admin@sitewatch.test');
  await expectAccessible(page, 'admin dashboard glance');

  // A weak battery: the node's readings on its site's dashboard, in its company.
  const weak = glanceCard(page, 'Weak batteries').getByRole('link').first();
  const weakName = (await weak.getAttribute('aria-label'))!;
  const [, node, site, company] = /^Readings of (.+) at (.+), (.+)$/.exec(weakName)!;
  await expect(glanceCard(page, 'Weak batteries').getByRole('listitem').first()).toContainText('Weak battery');
  await weak.click();
  await expect(page).toHaveURL(/\/site-dashboard\?site=[^&]+&node=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(site!);
  expect(await companyInView(page)).toBe(company);

  // Plexus for that company: the same node, flagged weak in words, with the symbol, beside its battery.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Plexus' }).click();
  const tree = page.getByRole('list', { name: 'Network of sites, hubs and nodes' });
  await expect(tree).toBeVisible();
  // The node's own item, the nearest list item around its link (its hub's and site's items hold it too).
  const item = tree.getByRole('link', { name: `Readings of ${node}`, exact: true }).locator('xpath=ancestor::li[1]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Weak battery');
  await expect(item.locator('[data-status="warning"]').first()).toContainText('▲');
  // Healthy nodes are counted, not listed, until asked for.
  const before = await tree.getByRole('link', { name: /^Readings of / }).count();
  await page.getByLabel('Only devices with problems').uncheck();
  await expect.poll(() => tree.getByRole('link', { name: /^Readings of / }).count()).toBeGreaterThan(before);
  await expectAccessible(page, 'plexus tree');

  // The disclosures work from the keyboard.
  const first = tree.getByRole('button').first();
  const was = await first.getAttribute('aria-expanded');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', was === 'true' ? 'false' : 'true');
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-expanded', was!);

  // Back on the glance: a company's newest critical alert, opened in Alert Events for that company.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  const critical = glanceCard(page, 'Open critical alerts').getByRole('link').first();
  const criticalCompany = /^Newest critical alert of (.+) in Alert Events/.exec((await critical.getAttribute('aria-label'))!)![1]!;
  await critical.click();
  await expect(page).toHaveURL(/\/alert-events\?event=/);
  expect(await companyInView(page)).toBe(criticalCompany);
  // The event itself is open beside the list.
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();

  // Platform-wide places: the audit log and every user.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin Dashboard' }).click();
  await glanceCard(page, 'Shadow sessions').getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/management$/);
  await page.goBack();
  await glanceCard(page, 'Sign-ins, last 24 hours').getByRole('link', { name: 'All users' }).click();
  await expect(page).toHaveURL(/\/users$/);
});

test('the glance and the Plexus tree fit a 390 px phone, in Arabic too', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page, request);
  await expect(glanceCard(page, 'Weak batteries')).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);
  await glanceCard(page, 'Devices offline').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/plexus$/);
  const tree = page.getByRole('list', { name: 'Network of sites, hubs and nodes' });
  await expect(tree).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);
  // Each listed node keeps its status beside its name on a phone.
  const node = tree.getByRole('link', { name: /^Readings of / }).first().locator('xpath=ancestor::li[1]');
  const [name, status] = [await node.getByRole('link').boundingBox(), await node.locator('[data-status]').first().boundingBox()];
  expect(Math.abs(name!.y - status!.y)).toBeLessThan(24);

  await page.evaluate(() => localStorage.setItem('preferences', JSON.stringify({ ...JSON.parse(localStorage.getItem('preferences') ?? '{}'), locale: 'ar' })));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('list', { name: 'شبكة المواقع والمحاور والعُقد' })).toBeVisible();
  expect(await noSideScroll(page)).toBe(true);
});
