import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInAs } from './helpers';

/**
 * Management screens on the one list-and-form pattern, with the mouse and with the keyboard alone: create, filter,
 * edit, delete with confirm, and a refusal (409 in use) shown in the dialog.
 */

const MANAGER = 'manager@sitewatch.test';

async function openNodeTags(page: Page, keyboard: boolean) {
  await signInAs(page, MANAGER, undefined, keyboard);
  if (keyboard) {
    await page.keyboard.press('g');
    await page.keyboard.press('t');
  } else {
    await page.getByRole('link', { name: 'Node Tags' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Node Tags', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Node tags' })).toBeVisible();
}

for (const keyboard of [false, true]) {
  test(`a manager creates, finds, renames and deletes a node tag (${keyboard ? 'keyboard only' : 'mouse'})`, async ({ page }) => {
    await openNodeTags(page, keyboard);
    const name = `Ward ${keyboard ? 'K' : 'M'}${Date.now() % 100000}`;
    if (keyboard) await page.keyboard.press('n');
    else await page.getByRole('button', { name: 'New node tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'New node tag' });
    await expect(dialog).toBeVisible();
    // An empty name is refused on the client, named on the field, and nothing is lost.
    if (keyboard) await page.keyboard.press('Enter');
    else await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Required.')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    if (keyboard) await dialog.getByLabel('Name').press('Enter');
    else await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${name}” created.` })).toBeVisible();
    await expect(dialog).toBeHidden();

    // Filter (debounced), then edit the only row.
    if (keyboard) {
      await page.getByRole('heading', { name: 'Node Tags', level: 1 }).focus();
      await page.keyboard.press('/');
      await expect(page.getByRole('searchbox', { name: 'Filter' })).toBeFocused();
      await page.keyboard.type(name);
    } else {
      await page.getByRole('searchbox', { name: 'Filter' }).fill(name);
    }
    const table = page.getByRole('table', { name: 'Node tags' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    if (keyboard) {
      await page.keyboard.press('ArrowDown');
      await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
      await page.keyboard.press('Enter');
    } else {
      await table.getByRole('button', { name: `Edit ${name}` }).click();
    }
    const edit = page.getByRole('dialog', { name: 'Edit node tag' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Name').fill(`${name} renamed`);
    if (keyboard) await edit.getByLabel('Name').press('Enter');
    else await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${name} renamed” saved.` })).toBeVisible();

    // Delete asks first; Escape keeps the row, the confirm deletes it.
    await page.getByRole('searchbox', { name: 'Filter' }).fill(`${name} renamed`);
    await expect(table.getByRole('row')).toHaveCount(2);
    if (keyboard) {
      await table.getByRole('button', { name: `Edit ${name} renamed` }).focus();
      await page.keyboard.press('Delete');
    } else {
      await table.getByRole('button', { name: `Delete ${name} renamed` }).click();
    }
    const confirm = page.getByRole('alertdialog', { name: `Delete “${name} renamed”?` });
    await expect(confirm).toBeVisible();
    if (keyboard) await page.keyboard.press('Enter');
    else await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${name} renamed” deleted.` })).toBeVisible();
    await expect(page.getByText(`Nothing matches “${name} renamed”.`)).toBeVisible();
  });
}

test('deleting a tag nodes still use is refused in the dialog, naming them; j/k move through the rows', async ({ page }) => {
  await openNodeTags(page, true);
  const table = page.getByRole('table', { name: 'Node tags' });
  // Sort by node count, most used first, then stand on the first row.
  await table.getByRole('button', { name: 'Sort by Nodes' }).click();
  await table.getByRole('button', { name: 'Sort by Nodes' }).click();
  await expect(table.getByRole('columnheader', { name: 'Sort by Nodes' })).toHaveAttribute('aria-sort', 'descending');
  const first = table.getByRole('row').nth(1).getByRole('button').first();
  await first.focus();
  await page.keyboard.press('j');
  await expect(table.getByRole('row').nth(2).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('k');
  await expect(first).toBeFocused();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('alertdialog');
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('alert')).toContainText(/Still used by \d+ node\(s\)/);
  await expectAccessible(page, 'node tags, confirm refused');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await page.screenshot({ path: 'test-results/node-tags.png', fullPage: true });
});

test('users and viewers do not see the Configure entries, and the page is not found for them', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  await expect(page.getByRole('link', { name: 'Node Tags' })).toHaveCount(0);
  await page.goto('/node-tags');
  await expect(page.getByRole('heading', { name: 'Looks like you got lost' })).toBeVisible();
});

test('the node tags page is accessible in light and dark', async ({ page }) => {
  await openNodeTags(page, false);
  await expectAccessible(page, 'node tags');
  await page.getByRole('button', { name: 'New node tag' }).click();
  await expectAccessible(page, 'node tags form');
});
