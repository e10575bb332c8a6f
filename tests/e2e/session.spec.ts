import { expect, test, type Page } from '@playwright/test';
import { accessTokenOf, codeFromOutbox, endSessionElsewhere, signInAdmin, signInAs, signInForm, identity } from './helpers';

test('a visitor is sent to sign-in; the admin signs in through MFA with the mailed code, sees home and logs out', async ({ page, request }) => {
  await page.goto('/');
  // Home is where sign-in goes anyway, so it is not carried along (an admin's home is the Admin Dashboard).
  await expect(page).toHaveURL(/\/Identity\/Account\/Login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test');
  await expect(page).toHaveURL(/multi-factor-verify/);
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  const code = await codeFromOutbox(request, 'admin@sitewatch.test', started);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  // A platform admin acts for no company: the Admin Dashboard is their home, not "Choose a company".
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.screenshot({ path: 'screenshots/home-admin.png' });

  // A reload keeps the session (restored from the encrypted root).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(identity(page)).toHaveAccessibleDescription(/^Signed in as Ada Admin \(admin@sitewatch\.test\) · .* · Role: Administrator$/);

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
  await expect(identity(page)).toHaveAccessibleDescription(/ · Company: .+ · Role: User$/);
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

/** The first site of the signed-in page's company, read with the page's own token. */
async function firstSite(page: Page): Promise<{ id: string; name: string }> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const r = await page.request.get('/api/sites', { headers: { authorization: `Bearer ${token}` } });
  return ((await r.json()) as { data: { id: string; name: string; parentSiteId: string | null }[] }).data.find((x) => x.parentSiteId === null)!;
}

test('a signed-out visit keeps the whole location (path, query, hash) through sign-in', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  const site = await firstSite(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/Identity\/Account\/Login$/);
  const where = `/site-dashboard?site=${encodeURIComponent(site.id)}&interval=24hours#readings`;
  await page.goto(where);
  await expect(page).toHaveURL(`/Identity/Account/Login?returnUrl=${encodeURIComponent(where)}`);
  await signInForm(page, 'user@sitewatch.test');
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  // Back on the same site, view and hash (the page then adds the feeds it chose to the query).
  const back = new URL(page.url());
  expect(back.pathname).toBe('/site-dashboard');
  expect([back.searchParams.get('site'), back.searchParams.get('interval'), back.hash]).toEqual([site.id, '24hours', '#readings']);
  await expect(page.getByLabel('Interval')).toHaveValue('24hours');
});

test('an expired session in the open app goes to sign-in, not maintenance, and comes back to the same location', async ({ page }) => {
  // A refresh the server refuses (the session was ended elsewhere, then the token ran out) must
  // lead to sign-in. The page's clock jumps past the token's life; the server's refusal is real.
  await page.clock.install();
  await signInAs(page, 'user@sitewatch.test');
  const site = await firstSite(page);
  await page.goto(`/site-dashboard?site=${encodeURIComponent(site.id)}&interval=24hours`);
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  await endSessionElsewhere(page, await accessTokenOf(page));
  await page.clock.fastForward('16:00');
  // The next call needs a refresh first, and the refresh is refused. The interval's change makes one, unless a call of
  // the page's own timers (moved on by the same 16 minutes) got there first: then the page left at 24 hours.
  const changed = await page.getByLabel('Interval').selectOption('6hours', { timeout: 5_000 }).then(() => true, () => false);
  const interval = changed ? '6hours' : '24hours';
  await expect(page).toHaveURL(/\/Identity\/Account\/Login\?returnUrl=/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const left = new URL(new URL(page.url()).searchParams.get('returnUrl')!, page.url());
  expect([left.pathname, left.searchParams.get('site'), left.searchParams.get('interval')]).toEqual(['/site-dashboard', site.id, interval]);
  await page.screenshot({ path: 'screenshots/session-expired.png' });
  await signInForm(page, 'user@sitewatch.test');
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  // The same query, however its commas are written (the page writes the feed list's commas as they are).
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(Object.fromEntries(left.searchParams));
  await expect(page.getByLabel('Interval')).toHaveValue(interval);
});

test('a page the role may not see is the not-found page, without the dashboard frame', async ({ page }) => {
  await signInAs(page, 'user@sitewatch.test');
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { name: 'Looks like you got lost', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/not-found-signed-in.png' });
});

test('the shared dashboard path without a valid token says the link does not work, and shows nothing else', async ({ page }) => {
  for (const path of ['/site-dashboard-export/site/anything', '/site-dashboard-export/site/anything?token=not-a-real-token-at-all-000000']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This link no longer works', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  }
});

test('a page call refused with the shadow token while the exit is out does not end the session: the exit decides', async ({ page, request }) => {
  await signInAdmin(page, request);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Companies', exact: true }).click();
  await page.getByRole('button', { name: 'Shadow Northwind Care Homes' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'You are acting as the company Northwind Care Homes' });
  await expect(banner).toBeVisible();
  // The server revokes the shadow's family before it answers the exit; the answer is held here until a page's own call,
  // sent with the shadow token in that gap, has been refused. (CI met this order by chance, with the demo world's alerts.)
  let exitAnswered!: () => void;
  const release = new Promise<void>((r) => (exitAnswered = r));
  let exitHandled!: () => void;
  const handled = new Promise<void>((r) => (exitHandled = r));
  await page.route('**/api/exit-shadow', async (route) => {
    const response = await route.fetch();
    exitHandled();
    await release;
    await route.fulfill({ response });
  });
  // Listened for before the exit is sent: a background call (the alert count, the stream) can be the one refused, in
  // the moment between the server's revoking and this test's seeing the exit's answer, and later calls then wait for
  // the exit instead of being sent.
  const refused = page.waitForResponse((r) => r.url().includes('/api/') && !r.url().endsWith('/api/exit-shadow') && r.status() === 401);
  await banner.getByRole('button', { name: 'Exit' }).click();
  await handled;
  await nav.getByRole('link', { name: 'My Companies' }).click();
  await refused;
  exitAnswered();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});
