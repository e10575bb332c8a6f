import { expect, shootScreen, test, type Page } from './screens';

// A platform admin's screens: the platform ones, and the two management screens that differ from a manager's (every
// user platform-wide; the audit log of every company).

const h1 = (page: Page, name: string) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

test('admin dashboard', async ({ admin: page }) => {
  await shootScreen(page, 'admin-dashboard', async (p) => {
    await p.goto('/admin-dashboard');
    await h1(p, 'Admin Dashboard');
    await expect(p.getByRole('table', { name: 'Admin Dashboard' }).getByRole('row')).toHaveCount(7);
  });
});

test('companies', async ({ admin: page }) => {
  await shootScreen(page, 'companies', async (p) => {
    await p.goto('/companies');
    await h1(p, 'Companies');
    await expect(p.getByText(/^\d+–\d+ of \d+$/).first()).toBeVisible();
  });
});

test('users, platform-wide', async ({ admin: page }) => {
  await shootScreen(page, 'admin-users', async (p) => {
    await p.goto('/users');
    await h1(p, 'Users');
    await p.getByLabel('Show').selectOption({ label: 'Everyone on the platform' });
    await expect(p.getByRole('table', { name: 'Users' }).getByText('Ada Admin')).toBeAttached();
  });
});

test('management, every company', async ({ admin: page }) => {
  await shootScreen(page, 'admin-management', async (p) => {
    await p.goto('/management');
    await h1(p, 'Management');
  });
});

// Last: Plexus shows one company's network, and choosing one in the top bar changes what the admin's session acts for.
test('plexus', async ({ admin: page }) => {
  await page.goto('/plexus');
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Northwind Care Homes' });
  await expect(page.getByRole('list', { name: 'Network of sites, hubs and nodes' })).toBeVisible();
  await shootScreen(page, 'plexus', async (p) => {
    await p.goto('/plexus');
    await h1(p, 'Plexus');
    await expect(p.getByRole('list', { name: 'Network of sites, hubs and nodes' })).toBeVisible();
  });
});
