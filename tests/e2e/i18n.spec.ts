import { expect, test } from '@playwright/test';
import { sharedSignedInPage, signInAs } from './helpers';

const LANGUAGES = [
  { code: 'zh', name: '中文', signIn: '登录' },
  { code: 'es', name: 'Español', signIn: 'Iniciar sesión' },
  { code: 'fr', name: 'Français', signIn: 'Se connecter' },
  { code: 'it', name: 'Italiano', signIn: 'Accedere' },
  { code: 'ar', name: 'العربية', signIn: 'تسجيل الدخول' },
] as const;

test('the sign-in page in every language, chosen on the page itself', async ({ page }) => {
  await page.goto('/Identity/Account/Login');
  for (const l of LANGUAGES) {
    await page.locator('select').first().selectOption(l.code);
    await expect(page.locator('html')).toHaveAttribute('lang', l.code);
    await expect(page.locator('html')).toHaveAttribute('dir', l.code === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Sign in');
    // No English left on the page's own texts.
    const text = await page.locator('main').innerText();
    for (const english of ['Remember me', 'Forgot password', 'Create account', 'Sign in to monitor']) expect(text, `${l.code}: ${english}`).not.toContain(english);
    await page.screenshot({ path: `screenshots/sign-in-${l.code}.png` });
  }
});

test('Arabic mirrors the frame: sidebar on the right; the choice survives a reload', async ({ page }) => {
  await signInAs(page, 'manager@sitewatch.test');
  await page.locator('header select').nth(1).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const nav = page.getByRole('navigation');
  await expect(nav).toBeVisible();
  const box = await nav.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThan(width / 2);
  await page.screenshot({ path: 'screenshots/shell-arabic.png' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  // Back to English for the other tests of this browser context.
  await page.locator('header select').nth(1).selectOption('en');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

// One test per language (all five in one test sat at the 30 s timeout); the user signs in once for all of them.
test.describe('every signed-in page renders without English leftovers in its heading', () => {
  const user = sharedSignedInPage((page) => signInAs(page, 'user@sitewatch.test'));
  for (const l of LANGUAGES) {
    test(`in ${l.name}`, async () => {
      const page = user();
      await page.goto('/');
      await page.locator('header select').nth(1).selectOption(l.code);
      await expect(page.locator('html')).toHaveAttribute('lang', l.code);
      for (const path of ['/', '/my-companies', '/my-profile']) {
        await page.goto(path);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect(h1).toBeVisible();
        expect(['Dashboard', 'My Companies', 'My Profile', 'Profile']).not.toContain((await h1.innerText()).trim());
      }
    });
  }
});
