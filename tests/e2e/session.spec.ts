import { expect, test } from '@playwright/test';
import { codeFromOutbox, signInForm } from './helpers';

test('a visitor is sent to sign-in; the admin signs in through MFA with the mailed code, sees home and logs out', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/Identity\/Account\/Login\?returnUrl=%2F$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test');
  await expect(page).toHaveURL(/multi-factor-verify/);
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  const code = await codeFromOutbox(request, 'admin@sitewatch.test', started);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as Ada Admin (admin@sitewatch.test)')).toBeVisible();
  await expect(page.getByText('Role: Administrator')).toBeVisible();
  await page.screenshot({ path: 'screenshots/home-admin.png' });

  // A reload keeps the session (restored from the encrypted root).
  await page.reload();
  await expect(page.getByText('Signed in as Ada Admin (admin@sitewatch.test)')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Identity\/Account\/Login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/Identity\/Account\/Login/);
});

test('a wrong password shows its error', async ({ page }) => {
  await page.goto('/Identity/Account/Login');
  await signInForm(page, 'user@sitewatch.test', 'Wrong-password1');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/Identity\/Account\/Login/);
});

test('a wrong code shows its error, and the right one still works', async ({ page, request }) => {
  await page.goto('/Identity/Account/Login');
  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test');
  await expect(page).toHaveURL(/multi-factor-verify/);
  const code = await codeFromOutbox(request, 'admin@sitewatch.test', started);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not correct');
  await page.screenshot({ path: 'screenshots/mfa-wrong-code.png' });
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a user without MFA returns to the page they asked for', async ({ page }) => {
  await page.goto('/');
  await signInForm(page, 'user@sitewatch.test');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Role: User')).toBeVisible();
  await expect(page.getByText(/^Company: /)).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Looks like you got lost' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'BACK HOME' })).toBeVisible();
});

test('Resend waits out its countdown, then mails a new code that works', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/Identity/Account/Login');
  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test');
  await expect(page).toHaveURL(/multi-factor-verify/);
  const first = await codeFromOutbox(request, 'admin@sitewatch.test', started);
  const resend = page.getByRole('button', { name: /Resend code/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Resend code in \d+ s/);
  await expect(resend).toBeEnabled({ timeout: 35_000 });
  const resentAt = Date.now() - 500;
  await resend.click();
  await expect(page.getByRole('status')).toContainText('A new code is on its way.');
  let second = first;
  await expect.poll(async () => (second = await codeFromOutbox(request, 'admin@sitewatch.test', resentAt))).toBeTruthy();
  await page.getByLabel('Code').fill(second);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
