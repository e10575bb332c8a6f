import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, signInAdmin, signInAs, signInForm, identity } from './helpers';

const NEW_PASSWORD = 'Welcome2024';

/** The set-password link of the newest invitation to `email`, read from the development outbox as a person reads mail. */
async function inviteLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = ((await r.json()) as { data: { subject: string; text: string }[] }).data;
      const mail = mails.find((m) => /invited/i.test(m.subject));
      link = mail ? (/(https?:\/\/\S+\/resetpassword\?token=[^\s"<]+)/.exec(mail.text)?.[1] ?? null) : null;
      return link;
    })
    .not.toBeNull();
  return link!;
}

test('a manager invites a user (keyboard only), who reads the mail, sets a password and signs in', async ({ page, request }) => {
  const email = `invitee-${Date.now()}@example.test`;
  await signInAs(page, 'manager@sitewatch.test', undefined, true);
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await expect(dialog.getByLabel('Email')).toBeFocused();
  // A new member's form says what it does: it invites them (an edit saves).
  await expect(dialog.getByRole('button', { name: 'Invite', exact: true })).toBeVisible();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ivy Invitee');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '“Ivy Invitee” created.' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter' }).fill('Ivy Invitee');
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1);
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('User');
  await expectAccessible(page, 'users');
  await page.screenshot({ path: 'test-results/users.png', fullPage: true });

  // The invitee: the mail, the link, a password, and in.
  const link = await inviteLink(request, email);
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await page.goto('/Identity/Account/Login');
  await signInForm(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a manager gives a disabled member access again and takes it away; their own row is not editable', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test');
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'Northwind Care Homes' });
  await expect(identity(page)).toHaveAccessibleDescription(/Company: Northwind Care Homes/);
  await page.getByRole('link', { name: 'Users' }).click();
  const table = page.getByRole('table', { name: 'Users' });
  await page.getByRole('searchbox', { name: 'Filter' }).fill('Grace Holloway');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Disabled');
  await table.getByRole('button', { name: 'Edit Grace Holloway' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change access' });
  await dialog.getByLabel('Access to this company disabled').uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Active');
  await table.getByRole('button', { name: 'Edit Grace Holloway' }).click();
  await dialog.getByLabel('Access to this company disabled').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('Disabled');
  await page.getByRole('searchbox', { name: 'Filter' }).fill('Max Manager');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('button', { name: 'Edit Max Manager' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: 'Delete Max Manager' })).toHaveCount(0);
});

test('an admin shadowing a company writes, and the audit log shows it with both identities', async ({ page, request }) => {
  await signInAdmin(page, request);
  await page.goto('/companies');
  const shadow = page.getByRole('button', { name: /^Shadow Harbour Pharmacy Group/ });
  await shadow.click();
  await expect(page.getByText(/You are acting as the company Harbour Pharmacy Group/)).toBeVisible();
  await page.goto('/node-tags');
  await page.getByRole('button', { name: 'New node tag' }).click();
  const tag = `Shadow write ${Date.now() % 100000}`;
  await page.getByRole('dialog').getByLabel('Name').fill(tag);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${tag}” created.` })).toBeVisible();
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.goto('/management');
  const log = page.getByRole('table', { name: 'Audit log' });
  await page.getByRole('combobox', { name: 'Shadow sessions' }).selectOption({ label: 'Only shadow sessions' });
  await page.getByRole('region', { name: 'Audit log' }).getByRole('searchbox', { name: 'Filter' }).fill(tag);
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('node-tags.create');
  await expect(log.getByRole('row').nth(1)).toContainText('Shadowing a company');
  await expect(log.getByRole('row').nth(1)).toContainText('Harbour Pharmacy Group');
  await expectAccessible(page, 'management with audit log');
  await page.screenshot({ path: 'test-results/audit.png', fullPage: true });
});
