import { expect, test } from '@playwright/test';
import { expectAccessible, signInAdmin, signInAs } from './helpers';

test('an admin creates, renames and deletes a company, and shadows one with a single key (keyboard only)', async ({ page, request }) => {
  await signInAdmin(page, request, true);
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Companies' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const name = `Acme Clinics ${Date.now() % 100000}`;
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New company' });
  await expect(dialog.getByLabel('Company')).toBeFocused();
  await page.keyboard.type(name);
  await dialog.getByLabel('Customer type').selectOption('EPS');
  await dialog.getByLabel('Time zone').selectOption('Europe/Paris');
  await dialog.getByLabel('Company').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${name}” created.` })).toBeVisible();
  // The switcher hears of the new company at once.
  await expect(page.getByLabel('Company', { exact: true }).locator('option', { hasText: name })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('Europe/Paris');
  await page.getByRole('searchbox', { name: 'Filter' }).press('ArrowDown');
  await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit company' });
  await edit.getByLabel('Company').fill(`${name} Ltd`);
  await edit.getByLabel('Company').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${name} Ltd” saved.` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(`${name} Ltd`);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).press('ArrowDown');
  await expect(table.getByRole('button', { name: `Edit ${name} Ltd` })).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('alertdialog', { name: `Delete “${name} Ltd”?` })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${name} Ltd” deleted.` })).toBeVisible();
  await expectAccessible(page, 'companies');

  // A company with sites and people is refused, naming them.
  await page.getByRole('searchbox', { name: 'Filter' }).fill('Harbour Pharmacy');
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).press('ArrowDown');
  await expect(table.getByRole('button', { name: 'Edit Harbour Pharmacy Group' })).toBeFocused();
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog').getByRole('alert')).toContainText(/Still has \d+ site\(s\)/);
  await page.keyboard.press('Escape');

  // One key from shadowing, on the row the keyboard is on.
  await page.getByRole('searchbox', { name: 'Filter' }).press('ArrowDown');
  await expect(table.getByRole('button', { name: 'Edit Harbour Pharmacy Group' })).toBeFocused();
  await page.keyboard.press('s');
  await expect(page.getByText(/You are acting as the company Harbour Pharmacy Group/)).toBeVisible();
  await page.screenshot({ path: 'test-results/companies-shadow.png', fullPage: true });
});

test('My Companies by keyboard only: / filters, j and k move, Enter switches, and the top bar follows', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test', undefined, true);
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page.getByRole('heading', { name: 'My Companies', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'My companies' });
  // The manager's two companies, and no one else's.
  await expect(page.getByText('1–2 of 2')).toBeVisible();
  const select = page.getByLabel('Company', { exact: true });
  const current = (await select.locator('option:checked').textContent())!.trim();
  const names = async () => (await table.getByRole('row').allInnerTexts()).slice(1).map((r) => r.split('\n')[0]!.trim());
  const other = (await names()).find((n) => n !== current)!;
  expect(other).toBeTruthy();
  await expect(table.getByRole('row').filter({ hasText: current })).toContainText('Current');
  await expect(table.getByRole('row').filter({ hasText: other })).not.toContainText('Current');

  await page.keyboard.press('/');
  const filter = page.getByRole('searchbox', { name: 'Filter' });
  await expect(filter).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const first = table.getByRole('button', { name: /^(Switch to .*|.* \(the current company\))$/ }).first();
  await expect(first).toBeFocused();
  await page.keyboard.press('j');
  await expect(table.getByRole('row').nth(2).getByRole('button').first()).toBeFocused();
  await page.keyboard.press('k');
  await expect(first).toBeFocused();
  // Sorting is the server's: descending by name puts the other end first.
  const ascending = await names();
  expect(ascending).toEqual([...ascending].sort());
  await table.getByRole('button', { name: 'Sort by Company' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(names).toEqual([...ascending].reverse());

  await page.keyboard.press('/');
  await page.keyboard.type(other.split(' ')[0]!);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('button', { name: `Switch to ${other}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(select.locator('option:checked')).toHaveText(other);
  await expect(table.getByRole('button', { name: `${other} (the current company)` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: other })).toContainText('Current');
  await expectAccessible(page, 'my companies');
  await page.screenshot({ path: 'test-results/my-companies.png', fullPage: true });
});

test('white-label settings by keyboard only: an admin creates, edits and deletes the settings of a host name', async ({ page, request }) => {
  await signInAdmin(page, request, true);
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page.getByRole('heading', { name: 'Management', level: 1 })).toBeVisible();
  const section = page.getByRole('region', { name: 'White-label settings' });
  const table = section.getByRole('table', { name: 'White-label settings' });
  const filter = section.getByRole('searchbox', { name: 'Filter' });
  const host = `kb-${Date.now() % 100000}.example.com`;

  // / reaches the first list of the page: the settings; Shift+Tab from its filter is the New button.
  await page.keyboard.press('/');
  await expect(filter).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(section.getByRole('button', { name: 'New white-label settings' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New white-label settings' });
  await expect(dialog.getByLabel('Domain')).toBeFocused();
  await page.keyboard.type('not a host!');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Enter a host name such as dashboard.example.com: letters, digits, dots and hyphens, with an optional :port.')).toBeVisible();
  await expect(dialog.getByLabel('Domain')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(host);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Website title')).toBeFocused();
  await page.keyboard.type('Keyboard Watch');
  await page.keyboard.press('Tab');
  await page.keyboard.type('data:image/svg+xml,<svg/>');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Leave it empty, or enter an http(s) address or a path on this site starting with /.')).toBeVisible();
  await expectAccessible(page, 'white-label form');
  await page.screenshot({ path: 'test-results/white-label-form.png' });
  await expect(dialog.getByLabel('Favicon URL')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('/favicon.svg');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status').filter({ hasText: `“${host}” created.` })).toBeVisible();

  // The same host name twice is refused on its field.
  await page.keyboard.press('/');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.type(host.toUpperCase());
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('This host name has settings already.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press('/');
  await page.keyboard.type(host);
  await expect(section.getByText('1–1 of 1')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('button', { name: `Edit ${host}` })).toBeFocused();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: `White-label settings of ${host}` });
  await expect(edit.getByLabel('Domain')).toHaveValue(host);
  await edit.getByLabel('Website title').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Keyboard Watch 2');
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status').filter({ hasText: `“${host}” saved.` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: host })).toContainText('Keyboard Watch 2');

  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('button', { name: `Edit ${host}` })).toBeFocused();
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('alertdialog', { name: `Delete “${host}”?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status').filter({ hasText: `“${host}” deleted.` })).toBeVisible();
  await expect(section.getByText(`Nothing matches “${host}”.`)).toBeVisible();
  await expectAccessible(page, 'management');
  await page.screenshot({ path: 'test-results/white-label-settings.png', fullPage: true });
});
