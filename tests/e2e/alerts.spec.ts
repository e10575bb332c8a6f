import { expect, test } from '@playwright/test';
import { expectAccessible, signInAs } from './helpers';

/**
 * Alerts: the seeded rules are listed with their test and state; a manager writes a rule with the keyboard
 * only — the form opens on `n`, refuses a high limit under the low one in words, saves — and finds it by its name.
 */
test('a manager lists the seeded rules and writes a new one with the keyboard only', async ({ page }) => {
  const name = `Vaccine fridge watch ${Date.now().toString().slice(-6)}`;
  await signInAs(page, 'manager@sitewatch.test');
  // The care homes keep the fridges, and the seed's rules watch them.
  const company = page.getByLabel('Company', { exact: true });
  await company.selectOption({ label: 'Northwind Care Homes' });
  await expect(company.locator('option:checked')).toHaveText('Northwind Care Homes');
  await page.getByRole('navigation').getByRole('link', { name: 'Alerts', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Alert rules' });
  // The seed watches every fridge: outside 2–8 for a pending period.
  await expect(table.getByText(/^outside 2–8 for \d+ min$/).first()).toBeVisible();
  await expectAccessible(page, 'alerts');

  await page.locator('body').press('n');
  const form = page.getByRole('dialog', { name: 'New alert rule' });
  await expect(form).toBeVisible();
  const kb = page.keyboard;
  /** Tab on, and the field that should now have focus has it. */
  const tabTo = async (label: string, back = false) => {
    await kb.press(back ? 'Shift+Tab' : 'Tab');
    await expect(form.getByLabel(label, { exact: true })).toBeFocused();
  };
  const retype = async (text: string) => {
    await kb.press('ControlOrMeta+a');
    await kb.type(text);
  };
  await expect(form.getByLabel('Name')).toBeFocused();
  await kb.type(name);
  await tabTo('Enabled');
  await tabTo('Watches');
  await tabTo('Node');
  // A closed picker takes the arrow keys: the first node.
  await kb.press('ArrowDown');
  await expect(form.getByLabel('Node')).not.toHaveValue('');
  await tabTo('Condition');
  await tabTo('Low limit');
  await retype('9');
  await tabTo('High limit');
  // Out of the pair: the high limit is judged where the problem is.
  await tabTo('Pending period (minutes)');
  await expect(form.getByText('Must be above the low limit.')).toBeVisible();
  await tabTo('High limit', true);
  await tabTo('Low limit', true);
  await retype('2');
  await tabTo('High limit');
  await tabTo('Pending period (minutes)');
  await expect(form.getByText('Must be above the low limit.')).toHaveCount(0);
  await retype('15');
  await tabTo('Clear by (hysteresis)');
  await tabTo('Severity');
  await kb.type('Crit');
  await expect(form.getByLabel('Severity')).toHaveValue('critical');
  await tabTo('Message template');
  // The first member hears of it.
  await kb.press('Tab');
  const first = form.getByRole('group', { name: 'Recipients' }).getByRole('checkbox').first();
  await expect(first).toBeFocused();
  await kb.press('Space');
  await expect(first).toBeChecked();
  await expectAccessible(page, 'alert rule form');
  await page.screenshot({ path: 'test-results/alerts-form.png', fullPage: true });
  await tabTo('Message template', true);
  await tabTo('Severity', true);
  await tabTo('Clear by (hysteresis)', true);
  await kb.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `“${name}” created.` })).toBeVisible();

  await page.locator('body').press('/');
  await expect(page.getByLabel('Filter')).toBeFocused();
  await kb.type(name);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('outside 2–8 for 15 min')).toBeVisible();
  await expect(row.getByText('Critical')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'alerts (dark)');
});

test('a user without management rights is not offered Alerts', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Alerts', exact: true })).toHaveCount(0);
});
