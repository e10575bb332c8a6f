import { expect, test } from '@playwright/test';
import { expectAccessible, signInAdmin } from './helpers';

/** Each screen of one company's data, with the call its data would come from. */
const SCREENS = [
  { path: '/alerts', title: 'Alerts', api: '/api/alert-rules' },
  { path: '/alert-events', title: 'Alert Events', api: '/api/alertevents' },
  { path: '/hubs', title: 'Hubs', api: '/api/hubs' },
  { path: '/nodes', title: 'Nodes', api: '/api/nodes' },
  { path: '/feeds', title: 'Feeds', api: '/api/feeds' },
  { path: '/signal-types', title: 'Signal Types', api: '/api/signal-types' },
  { path: '/node-tags', title: 'Node Tags', api: '/api/node-tags' },
  { path: '/messages-manager', title: 'Messages Manager', api: '/api/message-templates' },
  { path: '/sites', title: 'Sites', api: '/api/sites' },
  { path: '/', title: 'Dashboard', api: '/api/dashboard' },
  { path: '/plexus', title: 'Plexus', api: '/api/plexus' },
  { path: '/site-dashboard', title: 'Site Dashboard', api: '/api/site-dashboard' },
  { path: '/reports', title: 'Reports', api: '/api/medication-fridge-reports' },
];

/**
 * A platform admin right after sign-in acts for no company. Every screen of one company's data says
 * "Choose a company" with the company picker and asks the server nothing (it used to show a 400 as "Some values are
 * not valid" on a page without fields); picking a company there loads the screen.
 */
test('an admin without a company is asked to choose one on every company screen, and the screen loads once chosen', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signInAdmin(page, request);
  const asked: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (SCREENS.some((s) => path.startsWith(s.api))) asked.push(`${r.method()} ${path}`);
  });
  page.on('response', (r) => r.status() === 400 && refused.push(new URL(r.url()).pathname));
  const main = page.getByRole('main');
  const picker = main.getByRole('combobox', { name: 'Choose a company' });

  for (const screen of SCREENS) {
    // Through the sidebar, as the admin would go (and without reloading the app for each screen).
    await page.getByRole('navigation').getByRole('link', { name: screen.title, exact: true }).click();
    await expect(page, screen.title).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('heading', { name: screen.title, level: 1 }), screen.path).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Choose a company', level: 2 }), screen.path).toBeVisible();
    await expect(picker, screen.path).toBeVisible();
    await expect(page.getByText('Some values are not valid'), screen.path).toHaveCount(0);
  }
  expect(asked).toEqual([]);
  expect(refused).toEqual([]);

  // Picked on the page itself: the session switches, and the list of that company is read at once.
  await page.getByRole('navigation').getByRole('link', { name: 'Nodes', exact: true }).click();
  await expect(picker).toBeVisible();
  await expectAccessible(page, 'choose a company');
  await picker.selectOption({ label: 'Northwind Care Homes' });
  await expect(page.getByLabel('Company', { exact: true }).locator('option:checked')).toHaveText('Northwind Care Homes');
  await expect(picker).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Nodes' }).getByRole('row').nth(1)).toBeVisible();
  expect(asked.filter((a) => a.startsWith('GET /api/nodes'))).not.toEqual([]);
  expect(refused).toEqual([]);
});
