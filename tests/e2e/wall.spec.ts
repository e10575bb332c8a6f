import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, managerAtNorthwind, signInAs } from './helpers';

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

test('a manager makes a display, copies its address once, the wall opens it elsewhere, and deleting it revokes it', async ({ page, browser }) => {
  await signInAs(page, 'manager@sitewatch.test');
  await page.goto('/displays');
  await expect(page.getByRole('heading', { level: 1, name: 'Displays' })).toBeVisible();
  await page.getByRole('button', { name: 'New display' }).click();
  const form = page.getByRole('dialog', { name: 'New display' });
  const name = `Lobby ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  // Without a site the playlist is refused, in words under the field.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Choose at least one site.')).toBeVisible();
  const sites = form.getByRole('group', { name: 'Sites, in the order shown' }).getByRole('checkbox');
  await sites.nth(0).check();
  await sites.nth(1).check();
  await form.getByLabel('Seconds per site').fill('20');
  await form.getByRole('button', { name: 'Save' }).click();

  const created = page.getByRole('dialog', { name: `Display “${name}” created` });
  const address = await created.getByLabel('Wall address').inputValue();
  expect(address).toMatch(/\/wall\?key=/);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Never opened');

  // The screen on the wall: another browser, no session.
  const wall = await (await browser.newContext()).newPage();
  await wall.goto(address);
  await expect(wall.getByText('Site 1 of 2')).toBeVisible();
  // Its first contact is kept, so the manager sees the screen is on.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(/Seen/);

  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog', { name: `Delete “${name}”?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await wall.reload();
  await expect(wall.getByRole('heading', { level: 1, name: 'This display was removed' })).toBeVisible();
});

test('a reading ingested while the wall shows its site is on screen within 2 seconds, without a reload', async ({ page, request }) => {
  const auth = await managerAtNorthwind(request);
  const stamp = Date.now();
  const site = await apiCall<{ id: string }>(request, 'post', '/api/sites', auth, { name: `Wall site ${stamp}`, parentSiteId: null, address: '', coordinates: '', timezone: 'Europe/London', low: null, high: null });
  const hub = await apiCall<{ id: string }>(request, 'post', '/api/hubs', auth, { siteId: site.id, serial: `WH-${stamp}`, name: 'Wall hub', firmware: '' });
  const node = await apiCall<{ id: string }>(request, 'post', '/api/nodes', auth, { hubId: hub.id, name: 'Wall probe', serial: `WN-${stamp}`, deviceType: 'Fridge Probe' });
  const temperature = (await apiCall<{ id: string; key: string }[]>(request, 'get', '/api/signal-types?limit=100', auth)).find((x) => x.key === 'temperature')!;
  const feed = await apiCall<{ id: string }>(request, 'post', '/api/feeds', auth, { nodeId: node.id, signalTypeId: temperature.id, name: 'Temperature' });
  const key = (await apiCall<{ key: string }>(request, 'post', `/api/hubs/${hub.id}/api-keys`, auth, { label: 'wall test' })).key;
  const made = await apiCall<{ key: string }>(request, 'post', '/api/displays', auth, { name: `Wall ${stamp}`, siteIds: [site.id], everySeconds: 600, theme: 'dark' });

  await page.goto(`/wall?key=${encodeURIComponent(made.key)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Wall site ${stamp}`);
  const tiles = page.getByRole('list', { name: 'Latest readings' });
  await expect(tiles).toBeVisible();
  await expect(tiles).not.toContainText('4.6');
  // Live once its stream is open; the reading goes through the hubs' own ingest.
  await expect(page.getByRole('status').filter({ hasText: /^Live · read/ })).toBeVisible();
  const r = await request.post('/api/ingest', { headers: { 'X-Api-Key': key }, data: { readings: [{ feedId: feed.id, ts: new Date().toISOString(), value: 4.6 }] } });
  expect(r.ok(), await r.text()).toBe(true);
  await expect(tiles).toContainText('4.6', { timeout: 2_000 });
});

test('keyboard only: a signed-in person opens their own sites as a wall from the palette', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test', undefined, true);
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('wall mode');
  await expect(palette.getByRole('option', { selected: true })).toContainText('Wall mode: my sites full screen');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wall$/);
  await expect(page.getByText(/^Site 1 of \d+$/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Live · read/ })).toBeVisible();
  const first = await page.getByRole('heading', { level: 1 }).textContent();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Site 2 of \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(first!);
});
