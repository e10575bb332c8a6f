import { signInForm } from '../helpers';
import { MODES, SIZES, expect, setMode, settled, shootScreen, shotName, test, type Page } from './screens';

// Signed-out screens: sign-in, sign-up, forgot and reset password, the code page, and the error pages.

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

test('sign-in', async ({ visitor: page }) => {
  await shootScreen(page, 'sign-in', async (p) => {
    await p.goto('/Identity/Account/Login');
    await heading(p, 'Sign in');
    await expect(p.getByRole('button', { name: 'Sign in with Auth0' })).toBeVisible();
  });
});

test('sign-up', async ({ visitor: page }) => {
  await shootScreen(page, 'sign-up', async (p) => {
    await p.goto('/signup');
    await heading(p, 'Create account');
  });
});

test('forgot password', async ({ visitor: page }) => {
  await shootScreen(page, 'forgot-password', async (p) => {
    await p.goto('/forgotpassword');
    await heading(p, 'Forgot password');
  });
});

test('reset password, from the link in the mail', async ({ visitor: page }) => {
  await page.request.post('/api/forgot-password', { data: { email: 'viewer@sitewatch.test' } });
  let link = '';
  await expect
    .poll(async () => {
      const mails = ((await (await page.request.get('/api/dev/outbox?to=viewer%40sitewatch.test')).json()) as { data: { text: string }[] }).data;
      link = /\/resetpassword\?token=\S+/.exec(mails[0]?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await shootScreen(page, 'reset-password', async (p) => {
    await p.goto(link);
    await heading(p, 'Choose a new password');
    await expect(p.getByText('Enter a new password for your account.')).toBeVisible();
  });
});

test('the sign-in code page', async ({ visitor: page }) => {
  // The code page belongs to one sign-in: each theme signs in again (the theme is read at start) and is resized in place.
  for (const mode of MODES) {
    await setMode(page, mode);
    await page.setViewportSize(SIZES[0]);
    await page.goto('/Identity/Account/Login');
    await signInForm(page, 'admin@sitewatch.test');
    await expect(page).toHaveURL(/multi-factor-verify/);
    await heading(page, 'Enter your sign-in code');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settled(page);
      await expect.soft(page).toHaveScreenshot(shotName('mfa', size.width, mode));
    }
  }
});

test('not found', async ({ visitor: page }) => {
  await shootScreen(page, 'not-found', async (p) => {
    await p.goto('/nowhere');
    await expect(p.getByText("The page you're looking for doesn't exist or has been moved.", { exact: true })).toBeVisible();
  });
});

test('server error', async ({ visitor: page }) => {
  await shootScreen(page, 'server-error', async (p) => {
    await p.goto('/500');
    await heading(p, 'Internal Server Error');
  });
});
