import { expect, test } from '@playwright/test';
import { codeFromOutbox, expectAccessible, signInAdmin, signInForm } from './helpers';

const PUBLIC: [string, string][] = [
  ['/Identity/Account/Login', 'Sign in'],
  ['/signup', ''],
  ['/forgotpassword', ''],
  ['/resetpassword?token=nope', ''],
  ['/404', 'Looks like you got lost'],
  ['/500', 'Internal Server Error'],
  ['/maintenance', ''],
  ['/site-dashboard-export/site/1', ''],
];

test('public pages are accessible', async ({ page }) => {
  for (const [path, heading] of PUBLIC) {
    await page.goto(path);
    await expect(heading ? page.getByRole('heading', { name: heading, level: 1 }) : page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('the code page is accessible', async ({ page, request }) => {
  await page.goto('/Identity/Account/Login');
  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test');
  await expect(page.getByLabel('Code')).toBeVisible();
  await codeFromOutbox(request, 'admin@sitewatch.test', started);
  await expectAccessible(page, 'mfa');
});

test('signed-in pages and dialogs are accessible, in light and dark, left-to-right and right-to-left', async ({ page, request }) => {
  await signInAdmin(page, request);
  const pages = ['/', '/companies', '/my-companies', '/my-profile', '/management'];
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') {
      await page.getByRole('button', { name: 'Theme' }).click();
      await page.getByRole('dialog', { name: 'Theme switcher' }).getByLabel('Dark mode').check();
      await expectAccessible(page, 'theme dialog (dark)');
      await page.keyboard.press('Escape');
    }
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectAccessible(page, `${path} (${mode})`);
    }
  }
  await page.getByRole('button', { name: 'Theme' }).click();
  await expectAccessible(page, 'theme dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Help' }).click();
  await expectAccessible(page, 'help dialog');
  await page.keyboard.press('Escape');
});

test('the signed-out code path leaves no inaccessible notice', async ({ page }) => {
  await page.goto('/Identity/Account/Login');
  await signInForm(page, 'user@sitewatch.test', 'Wrong-password1');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, 'sign-in error');
  void codeFromOutbox;
});
