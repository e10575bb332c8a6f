import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, signInAs } from './helpers';

/**
 * Hubs and Nodes on the list-and-form pattern: a hub made with the keyboard alone, its API key created, used by
 * ingest and revoked, a node created with a tag, found by the filters, moved to another hub and deleted, and a hub
 * that still has nodes refused in the dialog.
 */

const MANAGER = 'manager@sitewatch.test';

/** The manager's bearer token for the calls no screen of this test makes (feeds belong to another screen). */
async function tokenOf(request: APIRequestContext): Promise<string> {
  const r = await request.post('/api/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  expect(r.ok()).toBe(true);
  return ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
}

const ingest = (request: APIRequestContext, key: string, feedId: string) =>
  request.post('/api/ingest', { headers: { 'X-Api-Key': key }, data: { readings: [{ feedId, ts: new Date().toISOString(), value: 4.2 }] } });

/** Types into the list's filter from anywhere on the page (`/`) and waits for the one matching row. */
async function filterTo(page: Page, table: Locator, text: string) {
  await page.getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('/');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(table.getByRole('row')).toHaveCount(2);
}

/** The labels of a select's options, the placeholder left out. */
const optionLabels = (select: Locator) => select.locator('option:not([value=""])').allTextContents();

test('a manager makes a hub with the keyboard, uses and revokes its API key, and manages its nodes', async ({ page, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now() % 1_000_000;
  const hubName = `Gateway K${stamp}`;
  const keyLabel = `Cold room ${stamp}`;

  // A hub at a site, keyboard only: g h, n, the site by arrow, Tab between fields, Enter to save.
  await signInAs(page, MANAGER, undefined, true);
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page.getByRole('heading', { name: 'Hubs', level: 1 })).toBeVisible();
  const hubs = page.getByRole('table', { name: 'Hubs' });
  await expect(hubs.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/hubs.png', fullPage: true });
  await page.keyboard.press('n');
  const newHub = page.getByRole('dialog', { name: 'New hub' });
  await expect(newHub.getByLabel('Site')).toBeFocused();
  await expect.poll(async () => (await optionLabels(newHub.getByLabel('Site'))).length).toBeGreaterThan(0);
  await page.keyboard.press('ArrowDown');
  await expect(newHub.getByLabel('Site')).not.toHaveValue('');
  const siteName = await newHub.getByLabel('Site').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]!.text);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`SN-${stamp}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(hubName);
  await page.keyboard.press('Tab');
  await page.keyboard.type('2.4.1');
  await expectAccessible(page, 'hubs form');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${hubName}” created.` })).toBeVisible();

  // Its row: status never reported (a symbol and words), no nodes; Tab from the name reaches its API keys.
  await filterTo(page, hubs, hubName);
  const row = hubs.getByRole('row').nth(1);
  await expect(row).toContainText(siteName);
  await expect(row).toContainText('Never reported');
  await expect(row.locator('[data-status="offline"]')).toHaveCount(1);
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await page.keyboard.press('ArrowDown');
  await expect(hubs.getByRole('button', { name: `Edit ${hubName}` })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(hubs.getByRole('button', { name: `API keys of ${hubName}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const keysDialog = page.getByRole('dialog', { name: `API keys of “${hubName}”` });
  await expect(keysDialog.getByText('This hub has no API keys yet.')).toBeVisible();
  await expect(keysDialog.getByLabel('Label')).toBeFocused();
  await page.keyboard.type(keyLabel);
  await page.keyboard.press('Enter');
  const secret = keysDialog.getByLabel(`API key “${keyLabel}”`);
  await expect(secret).toHaveAttribute('readonly', '');
  await expect(keysDialog.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
  await expect(keysDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const key = await secret.inputValue();
  expect(key).toMatch(/^swk_/);
  await expect(keysDialog.getByRole('table', { name: 'Keys of this hub' }).getByRole('row')).toHaveCount(1);
  await expectAccessible(page, 'hub API keys dialog');
  await page.screenshot({ path: 'test-results/hub-keys.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(keysDialog).toBeHidden();
  // The list is read again on close: one live key now.
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');

  // A node behind the new hub, made in the Nodes screen, with a tag.
  await page.goto('/nodes');
  await expect(page.getByRole('heading', { name: 'Nodes', level: 1 })).toBeVisible();
  const nodes = page.getByRole('table', { name: 'Nodes' });
  await expect(nodes.getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/nodes.png', fullPage: true });
  await expectAccessible(page, 'nodes');
  const nodeName = `Probe ${stamp}`;
  await page.getByRole('button', { name: 'New node' }).click();
  const newNode = page.getByRole('dialog', { name: 'New node' });
  await newNode.getByRole('button', { name: 'Save' }).click();
  await expect(newNode.getByLabel('Device type')).toHaveAttribute('aria-invalid', 'true');
  await expect(newNode.getByLabel('Hub')).toHaveAttribute('aria-invalid', 'true');
  await newNode.getByLabel('Name').fill(nodeName);
  await newNode.getByLabel('Serial').fill(`NS-${stamp}`);
  await newNode.getByLabel('Device type').selectOption('Fridge Probe');
  const hubChoices = await optionLabels(newNode.getByLabel('Hub'));
  const ours = hubChoices.find((l) => l.startsWith(`${hubName} (`))!;
  const other = hubChoices.find((l) => !l.startsWith(`${hubName} (`))!;
  await newNode.getByLabel('Hub').selectOption({ label: ours });
  const tags = newNode.getByRole('group', { name: 'Tags' });
  const tagBox = tags.getByRole('checkbox').first();
  const tagName = (await tags.locator('label').first().textContent())!.trim();
  await tagBox.check();
  await expectAccessible(page, 'nodes form');
  await page.screenshot({ path: 'test-results/nodes-form.png', fullPage: true });
  await newNode.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${nodeName}” created.` })).toBeVisible();

  // Found by the tag filter and by the hub filter, showing its hub, site and tag.
  await page.getByRole('combobox', { name: 'Tags' }).selectOption({ label: tagName });
  await page.getByRole('searchbox', { name: 'Filter' }).fill(nodeName);
  await expect(nodes.getByRole('row')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Hub' }).selectOption({ label: ours });
  await expect(nodes.getByRole('row')).toHaveCount(2);
  const nodeRow = nodes.getByRole('row').nth(1);
  await expect(nodeRow).toContainText(hubName);
  await expect(nodeRow).toContainText(siteName);
  await expect(nodeRow).toContainText(tagName);
  await expect(nodeRow).toContainText('Fridge Probe');

  // The key reads for the hub's feeds: a feed on the node (the Feeds screen is another's), a reading, a revoke, a 401.
  const token = await tokenOf(request);
  const auth = { Authorization: `Bearer ${token}` };
  const found = await request.get(`/api/nodes?q=${encodeURIComponent(nodeName)}`, { headers: auth });
  const nodeId = ((await found.json()) as { data: { id: string }[] }).data[0]!.id;
  const types = ((await (await request.get('/api/signal-types?limit=10', { headers: auth })).json()) as { data: { id: string }[] }).data;
  const feed = await request.post('/api/feeds', { headers: auth, data: { nodeId, signalTypeId: types[0]!.id, name: `Temperature ${stamp}` } });
  expect(feed.status()).toBe(201);
  const feedId = ((await feed.json()) as { data: { id: string } }).data.id;
  const accepted = await ingest(request, key, feedId);
  expect(accepted.status(), await accepted.text()).toBe(200);
  expect(((await accepted.json()) as { data: { accepted: number } }).data.accepted).toBe(1);

  await page.goto('/hubs');
  await filterTo(page, hubs, hubName);
  await hubs.getByRole('button', { name: `API keys of ${hubName}` }).click();
  await keysDialog.getByRole('button', { name: `Revoke ${keyLabel}` }).click();
  const confirmRevoke = page.getByRole('alertdialog', { name: `Revoke “${keyLabel}”?` });
  await expect(confirmRevoke.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await expectAccessible(page, 'revoke confirm');
  // Escape cancels the revoke only; the keys dialog stays.
  await page.keyboard.press('Escape');
  await expect(confirmRevoke).toBeHidden();
  await expect(keysDialog).toBeVisible();
  await keysDialog.getByRole('button', { name: `Revoke ${keyLabel}` }).click();
  await page.keyboard.press('Enter');
  await expect(keysDialog.getByRole('table', { name: 'Keys of this hub' }).getByRole('row')).toContainText('Revoked');
  await expect(keysDialog.getByRole('button', { name: `Revoke ${keyLabel}` })).toHaveCount(0);
  expect((await ingest(request, key, feedId)).status()).toBe(401);
  await keysDialog.getByRole('button', { name: 'Close' }).click();

  // A hub that still has nodes is refused in the dialog, naming them.
  await expect(hubs.getByRole('row').nth(1)).toContainText(hubName);
  await hubs.getByRole('button', { name: `Edit ${hubName}` }).focus();
  await page.keyboard.press('Delete');
  const confirmHub = page.getByRole('alertdialog', { name: `Delete “${hubName}”?` });
  await page.keyboard.press('Enter');
  await expect(confirmHub.getByRole('alert')).toContainText(/Still used by 1 node\(s\).*Probe/);
  await expectAccessible(page, 'hub delete refused');
  await page.keyboard.press('Escape');
  await expect(confirmHub).toBeHidden();

  // Move the node to another hub (its readings keep it from being deleted), then delete it and the hub.
  await page.goto('/nodes');
  await filterTo(page, nodes, nodeName);
  await nodes.getByRole('button', { name: `Edit ${nodeName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit node' });
  await expect(edit.getByLabel('Hub')).toHaveValue(/.+/);
  await expect(edit.getByRole('checkbox', { name: tagName })).toBeChecked();
  await edit.getByLabel('Hub').selectOption({ label: other });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${nodeName}” saved.` })).toBeVisible();
  await expect(nodes.getByRole('row').nth(1)).toContainText(other.slice(0, other.lastIndexOf(' (')));
  // Deleting the node is refused while its feed has readings; the feed and its readings are test data of this run.
  await nodes.getByRole('button', { name: `Delete ${nodeName}` }).click();
  const confirmNode = page.getByRole('alertdialog', { name: `Delete “${nodeName}”?` });
  await confirmNode.getByRole('button', { name: 'Delete' }).click();
  await expect(confirmNode.getByRole('alert')).toContainText('Still used by 1 feed(s)');
  await confirmNode.getByRole('button', { name: 'Cancel' }).click();

  // A second node, without readings, on the new hub: moved nowhere, deleted, then the now empty hub goes.
  const spare = `Spare ${stamp}`;
  const made = await request.post('/api/nodes', { headers: auth, data: { name: spare, serial: `SP-${stamp}`, deviceType: 'Emergency Light', hubId: (await hubIdOf(request, auth, hubName)) } });
  expect(made.status()).toBe(201);
  await page.getByRole('searchbox', { name: 'Filter' }).fill(spare);
  await page.getByRole('combobox', { name: 'Hub' }).selectOption('');
  await page.getByRole('combobox', { name: 'Tags' }).selectOption('');
  await expect(nodes.getByRole('row')).toHaveCount(2);
  await nodes.getByRole('button', { name: `Edit ${spare}` }).focus();
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${spare}” deleted.` })).toBeVisible();

  await page.goto('/hubs');
  await filterTo(page, hubs, hubName);
  await hubs.getByRole('button', { name: `Delete ${hubName}` }).click();
  await page.getByRole('alertdialog', { name: `Delete “${hubName}”?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${hubName}” deleted.` })).toBeVisible();
});

async function hubIdOf(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<string> {
  const r = await request.get(`/api/hubs?q=${encodeURIComponent(name)}`, { headers });
  return ((await r.json()) as { data: { id: string }[] }).data[0]!.id;
}

test('the hubs site filter narrows the list, and the palette opens a new hub and a new node', async ({ page }) => {
  await signInAs(page, MANAGER);
  await page.goto('/hubs');
  const hubs = page.getByRole('table', { name: 'Hubs' });
  await expect(hubs.getByRole('row').nth(1)).toBeVisible();
  const site = page.getByRole('combobox', { name: 'Site' });
  const siteCells = hubs.getByRole('row').locator('[role="cell"]:nth-child(3)');
  const first = (await siteCells.first().textContent())!;
  expect(await optionLabels(site)).toContain(first);
  await site.selectOption({ label: first });
  await expect.poll(async () => new Set(await siteCells.allTextContents())).toEqual(new Set([first]));
  await expectAccessible(page, 'hubs filtered');
  await page.goto('/hubs?new=1');
  await expect(page.getByRole('dialog', { name: 'New hub' })).toBeVisible();
  await page.goto('/nodes?new=1');
  await expect(page.getByRole('dialog', { name: 'New node' })).toBeVisible();
});
