import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInAs } from './helpers';

/**
 * Sites, Feeds and Signal Types on the list-and-form pattern: a site tree typed with DMS coordinates and shown in
 * decimal degrees, a refused delete of a parent, a company signal type and a feed with a safe range, and built-in
 * types that a manager can read but not change.
 */

const MANAGER = 'manager@sitewatch.test';
const run = Date.now() % 100000;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

test('keyboard only: a site with DMS coordinates, a sub-site under it, and the parent refused while it has one', async ({ page }) => {
  // A long flow with three accessibility scans.
  test.setTimeout(90_000);
  await signInAs(page, MANAGER, undefined, true);
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Sites' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'sites');
  await shot(page, 'sites');

  const parent = `Depot K${run}`;
  const child = `${parent} Bay`;
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New site' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(parent);
  await dialog.getByLabel('Coordinates').fill(`51°30'26"N 0°7'39"W`);
  await expect(dialog.getByText('Decimal degrees: 51.5072, −0.1275')).toBeVisible();
  await dialog.getByLabel('Time zone').selectOption('Europe/London');
  await expectAccessible(page, 'sites form');
  await shot(page, 'sites-form');
  await dialog.getByLabel('Name').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${parent}” created.` })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The sub-site: its parent is picked by path.
  await page.getByRole('heading', { name: 'Sites', level: 1 }).focus();
  await page.keyboard.press('n');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(child);
  await dialog.getByLabel('Parent site').selectOption({ label: parent });
  await dialog.getByLabel('Name').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${child}” created.` })).toBeVisible();

  // Both by name; the parent shows its position in decimal degrees, the sub-site its parent.
  await page.getByRole('heading', { name: 'Sites', level: 1 }).focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter' })).toBeFocused();
  await page.keyboard.type(parent);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('51.5072, −0.1275');
  await expect(table.getByRole('row').nth(1)).toContainText('Europe/London');
  await expect(table.getByRole('row').nth(2)).toContainText(parent);

  // The parent filter lists the sub-sites of one site.
  await page.getByLabel('Sub-sites of').selectOption({ label: parent });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(child);
  await page.getByLabel('Sub-sites of').selectOption('');
  await expect(table.getByRole('row')).toHaveCount(3);

  // j/k walk the rows; Delete on the parent is refused in the dialog, naming the sub-site.
  await page.getByRole('searchbox', { name: 'Filter' }).focus();
  // Down from the filter goes to the list's first row (a new filter starts the keyboard there).
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('button', { name: `Edit ${parent}`, exact: true })).toBeFocused();
  await page.keyboard.press('j');
  await expect(table.getByRole('button', { name: `Edit ${child}` })).toBeFocused();
  await page.keyboard.press('k');
  await expect(table.getByRole('button', { name: `Edit ${parent}`, exact: true })).toBeFocused();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('alertdialog', { name: `Delete “${parent}”?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('alert')).toContainText(`Still has 1 sub-site(s): ${child}`);
  await expectAccessible(page, 'sites, delete refused');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  // Enter edits: the form reads the text as entered and its decimal degrees.
  await table.getByRole('button', { name: `Edit ${parent}`, exact: true }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit site' });
  await expect(edit.getByLabel('Coordinates')).toHaveValue(`51°30'26"N 0°7'39"W`);
  await expect(edit.getByText('Decimal degrees: 51.5072, −0.1275')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // The sub-site first, then its parent, go.
  await table.getByRole('button', { name: `Edit ${child}` }).focus();
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${child}” deleted.` })).toBeVisible();
  await table.getByRole('button', { name: `Edit ${parent}`, exact: true }).focus();
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${parent}” deleted.` })).toBeVisible();
  await expect(page.getByText(`Nothing matches “${parent}”.`)).toBeVisible();
});

test('a company signal type, a feed of it with a safe range, the range edited, then both deleted; built-in types are read-only', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, MANAGER);
  await page.getByRole('link', { name: 'Signal Types' }).click();
  await expect(page.getByRole('heading', { name: 'Signal Types', level: 1 })).toBeVisible();
  const types = page.getByRole('table', { name: 'Signal types' });
  const builtIn = types.getByRole('row').filter({ hasText: 'temperature' }).first();
  await expect(builtIn).toContainText('Built-in');
  // A manager reads a built-in type but is offered neither its form nor its delete.
  await expect(builtIn.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(builtIn.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await builtIn.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page, 'signal types');
  await shot(page, 'signal-types');

  const typeName = `Flow M${run}`;
  await page.getByRole('button', { name: 'New signal type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'New signal type' });
  await typeDialog.getByLabel('Key').fill('Flow Rate');
  await typeDialog.getByLabel('Name').fill(typeName);
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(typeDialog.getByText('A lower-case letter, then lower-case letters, digits or _ (at most 64).')).toBeVisible();
  await typeDialog.getByLabel('Key').fill(`flow_m${run}`);
  await typeDialog.getByLabel('Unit').fill('L/min');
  await typeDialog.getByLabel('Kind').selectOption('counter');
  await expectAccessible(page, 'signal types form');
  await shot(page, 'signal-types-form');
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${typeName}” created.` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(typeName);
  await expect(types.getByRole('row')).toHaveCount(2);
  await expect(types.getByRole('row').nth(1)).toContainText('Counter');
  await expect(types.getByRole('row').nth(1)).toContainText('Company');
  // The key is fixed once created.
  await types.getByRole('button', { name: `Edit ${typeName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit signal type' }).getByLabel('Key')).toBeDisabled();
  await page.getByRole('dialog', { name: 'Edit signal type' }).getByRole('button', { name: 'Cancel' }).click();

  // A feed of it on an existing node, with a range.
  await page.getByRole('link', { name: 'Feeds' }).click();
  await expect(page.getByRole('heading', { name: 'Feeds', level: 1 })).toBeVisible();
  const feeds = page.getByRole('table', { name: 'Feeds' });
  await expect(feeds.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'feeds');
  await shot(page, 'feeds');
  const feedName = `Outflow M${run}`;
  await page.getByRole('button', { name: 'New feed' }).click();
  const feedDialog = page.getByRole('dialog', { name: 'New feed' });
  await expect(feedDialog.getByLabel('Node').locator('option')).not.toHaveCount(1);
  await feedDialog.getByLabel('Node').selectOption({ index: 1 });
  await feedDialog.getByLabel('Signal type').selectOption({ label: `${typeName} (L/min)` });
  await feedDialog.getByLabel('Name').fill(feedName);
  await feedDialog.getByLabel('Safe range low').fill('1');
  await feedDialog.getByLabel('Safe range high').fill('10');
  await expectAccessible(page, 'feeds form');
  await shot(page, 'feeds-form');
  await feedDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${feedName}” created.` })).toBeVisible();

  // Found by its signal type; the range edited, a range that leaves no room refused on high.
  await page.getByLabel('Signal type', { exact: true }).selectOption({ label: `${typeName} (L/min)` });
  await expect(feeds.getByRole('row')).toHaveCount(2);
  await expect(feeds.getByRole('row').nth(1)).toContainText('1 to 10');
  await expect(feeds.getByRole('row').nth(1)).toContainText('L/min');
  await feeds.getByRole('button', { name: `Edit ${feedName}` }).click();
  const feedEdit = page.getByRole('dialog', { name: 'Edit feed' });
  await feedEdit.getByLabel('Safe range low').fill('6');
  await feedEdit.getByLabel('Safe range high').fill('5');
  await feedEdit.getByRole('button', { name: 'Save' }).click();
  await expect(feedEdit.getByText('Must be above the low end.')).toBeVisible();
  await expect(feedEdit.getByLabel('Safe range high')).toHaveAttribute('aria-invalid', 'true');
  await feedEdit.getByLabel('Safe range low').fill('');
  await feedEdit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${feedName}” saved.` })).toBeVisible();
  await expect(feeds.getByRole('row').nth(1)).toContainText('none to 5');

  // No readings yet, so it goes; then its type.
  await feeds.getByRole('button', { name: `Delete ${feedName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${feedName}” deleted.` })).toBeVisible();

  await page.getByRole('link', { name: 'Signal Types' }).click();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(typeName);
  await expect(types.getByRole('row')).toHaveCount(2);
  await types.getByRole('button', { name: `Delete ${typeName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${typeName}” deleted.` })).toBeVisible();
});

test('the palette offers New site, New feed and New signal type, each opening its form', async ({ page }) => {
  await signInAs(page, MANAGER);
  for (const [path, title] of [['/sites', 'New site'], ['/feeds', 'New feed'], ['/signal-types', 'New signal type']] as const) {
    await page.goto(`${path}?new=1`);
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  }
});
