import { expect, test } from '@playwright/test';
import { expectAccessible, signInAs } from './helpers';

/**
 * Messages Manager: a manager writes a template with placeholders, sees the preview fill as they type, is
 * told at once about a placeholder Sitewatch does not fill, saves it in French and finds it by language.
 */
test('a manager writes a template with a live preview; an unknown placeholder is refused; French is found by language', async ({ page }) => {
  const name = `Cold chain FR ${Date.now().toString().slice(-6)}`;
  await signInAs(page, 'manager@sitewatch.test');
  await page.goto('/messages-manager');
  await expect(page.getByRole('heading', { name: 'Messages Manager', level: 1 })).toBeVisible();
  await expectAccessible(page, 'messages manager');
  await page.getByRole('button', { name: 'New message template' }).click();
  const form = page.getByRole('dialog', { name: 'New message template' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Template language').selectOption('fr');
  await form.getByLabel('Subject', { exact: true }).fill('Alerte {severity} : {site}');
  await form.getByLabel('Body').fill('{node} a mesuré {value} (limite {threshold}).');
  // The preview fills the placeholders with a warm fridge's values as the user types.
  await expect(form.getByText('Alerte Major : Riverside Pharmacy')).toBeVisible();
  await expect(form.getByText('Vaccine fridge 1 a mesuré 9.4 °C (limite 2–8 °C).')).toBeVisible();
  // A button inserts a placeholder.
  await form.getByRole('button', { name: 'Insert {link}' }).click();
  await expect(form.getByLabel('Body')).toHaveValue('{node} a mesuré {value} (limite {threshold}).{link}');
  // An unknown placeholder is refused by the field, naming the ones that work.
  await form.getByLabel('Body').fill('{node} à {temp}');
  await form.getByLabel('Body').blur();
  await expect(form.getByText(/Uses a placeholder Sitewatch does not fill/)).toBeVisible();
  await expect(form.getByText('Not filled: {temp}')).toBeVisible();
  await expectAccessible(page, 'template form with an error');
  await page.screenshot({ path: 'test-results/messages-form.png', fullPage: true });
  await form.getByLabel('Body').fill('{node} a mesuré {value}. Accuser réception : {link}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${name}” created.` })).toBeVisible();
  // Found by its language.
  await page.getByRole('combobox', { name: 'Template language' }).selectOption('fr');
  const table = page.getByRole('table', { name: 'Message templates' });
  await expect(table.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
  await expect(table.getByText('Français').first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'messages manager (dark)');
});

test('a template in Arabic is typed and previewed right to left, whatever the page’s language', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test');
  await page.goto('/messages-manager');
  await page.getByRole('button', { name: 'New message template' }).click();
  const form = page.getByRole('dialog', { name: 'New message template' });
  const subject = form.getByLabel('Subject', { exact: true });
  const body = form.getByLabel('Body');
  await form.getByLabel('Template language').selectOption('fr');
  await expect(body).toHaveAttribute('dir', 'ltr');
  await form.getByLabel('Template language').selectOption('ar');
  // A body that starts with a placeholder: the first strong letter is Latin, so only the template's language decides.
  await body.fill('{site}: {node} سجل {value}');
  await subject.fill('{severity} تنبيه');
  for (const field of [subject, body]) {
    await expect(field).toHaveAttribute('dir', 'rtl');
    await expect(field).toHaveAttribute('lang', 'ar');
    expect(await field.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  }
  const preview = form.getByText('Riverside Pharmacy: Vaccine fridge 1 سجل 9.4 °C');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  // The page's own words stay English and left to right.
  expect(await form.getByText('Preview').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
});
