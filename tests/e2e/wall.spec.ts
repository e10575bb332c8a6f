import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, managerAtNorthwind } from './helpers';

/**
 * A wall display (`/wall?key=…`) as the screen on a wall shows it, without a session: the playlist's first site with
 * what is wrong there and how fresh it is, the keyboard stepping and pausing it, and a clear page for a key that opens
 * nothing or for no key at all.
 */
test('a wall shows its playlist without a session, steps with the arrows and pauses with Space', async ({ page, request }) => {
  const auth = await managerAtNorthwind(request);
  const sites = await apiCall<{ id: string; name: string }[]>(request, 'get', '/api/sites?limit=2&sort=name', auth);
  const made = await apiCall<{ id: string; key: string }>(request, 'post', '/api/displays', auth, { name: `Wall ${Date.now()}`, siteIds: sites.map((s) => s.id), everySeconds: 600, theme: 'dark' });

  await page.goto(`/wall?key=${encodeURIComponent(made.key)}`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(sites[0]!.name);
  // The display's theme, whatever this browser's own choice.
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'dark');
  await expect(page.getByText('Site 1 of 2')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Live · read/ })).toBeVisible();
  await expect(page.getByText(/No open alerts|open alerts/).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Latest readings' }).or(page.getByText('No readings yet')).first()).toBeVisible();
  await expectAccessible(page, 'the wall display');
  // Nothing of a signed-in page: no session was asked for.
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  await page.keyboard.press('ArrowRight');
  await expect(title).toHaveText(sites[1]!.name);
  await expect(page.getByText('Site 2 of 2')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(title).toHaveText(sites[0]!.name);
  await page.keyboard.press('Space');
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Wall controls' }).getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('Paused', { exact: true })).toHaveCount(0);
});

test('a key that opens nothing says the display was removed; no key says how to open one', async ({ page }) => {
  await page.goto('/wall?key=swd_not-a-key-of-any-display');
  await expect(page.getByRole('heading', { level: 1, name: 'This display was removed' })).toBeVisible();
  await page.goto('/wall');
  await expect(page.getByRole('heading', { level: 1, name: 'This wall display has no key' })).toBeVisible();
});
