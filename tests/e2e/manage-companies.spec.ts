import { expect, test } from '@playwright/test';
import { expectAccessible, signInAdmin } from './helpers';

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
