import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234';

/** A bearer header for a test's own setup calls (the ones no screen of the test makes). */
export type Auth = { Authorization: string };

/** One JSON call of the API as `auth`: its `data`, or the test fails naming the call, its status and its body. */
export async function apiCall<T>(request: APIRequestContext, method: 'get' | 'post' | 'put' | 'delete', path: string, auth: Auth, data?: unknown): Promise<T> {
  const r = await request[method](path, { headers: auth, data });
  expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
  return ((await r.json()) as { data: T }).data;
}

/**
 * The demo manager acting for Northwind Care Homes (the company with the medication fridges), signed in through the
 * API as an integration would: for the setup a test makes before it opens its pages.
 */
export async function managerAtNorthwind(request: APIRequestContext): Promise<Auth> {
  const login = await request.post('/api/login', { data: { email: 'manager@sitewatch.test', password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const first = { Authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
  const companies = await apiCall<{ id: string; name: string }[]>(request, 'get', '/api/companies?limit=100', first);
  const northwind = companies.find((c) => c.name === 'Northwind Care Homes')!;
  const switched = await apiCall<{ accessToken: string }>(request, 'post', '/api/switch-company', first, { companyId: northwind.id });
  return { Authorization: `Bearer ${switched.accessToken}` };
}

/** Reads the newest sign-in code for `email` from the development outbox, as a person would read mail. */
export async function codeFromOutbox(request: APIRequestContext, email: string, notBefore = 0): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = ((await r.json()) as { data: { text: string; at: string }[] }).data;
      const fresh = mails.find((m) => Date.parse(m.at) >= notBefore && /\b\d{6}\b/.test(m.text));
      code = fresh ? /\b(\d{6})\b/.exec(fresh.text)![1]! : null;
      return code;
    })
    .not.toBeNull();
  return code!;
}

/** Fills the sign-in form and submits it: with a click, or with Enter from the password field (keyboard only). */
let signIns = 0;

/**
 * Every sign-in of the suite comes from this one machine, and the server allows 100 attempts per client address in 15
 * minutes (docs/product.md, Sessions): on a quick machine the suite signs in more often than that. The test server trusts one proxy hop
 * (playwright.config.ts), so each page that signs in through the form says it comes from an address of its own in the
 * loopback range, as clients behind a proxy do; the limit itself is tested in the server suite.
 */
async function ownAddress(page: Page): Promise<void> {
  signIns += 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `127.1.${Math.floor(signIns / 250) % 250}.${(signIns % 250) + 1}` });
}

export async function signInForm(page: Page, email: string, password = DEMO_PASSWORD, keyboard = false) {
  await ownAddress(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (keyboard) await page.getByLabel('Password', { exact: true }).press('Enter');
  else await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in an account without MFA and waits for the dashboard. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD, keyboard = false) {
  await page.goto('/Identity/Account/Login');
  await signInForm(page, email, password, keyboard);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Signs the admin in through MFA with the mailed code; a platform admin lands on the Admin Dashboard. */
export async function signInAdmin(page: Page, request: APIRequestContext, keyboard = false) {
  await page.goto('/Identity/Account/Login');
  const started = Date.now() - 1000;
  await signInForm(page, 'admin@sitewatch.test', DEMO_PASSWORD, keyboard);
  await expect(page).toHaveURL(/multi-factor-verify/);
  const code = await codeFromOutbox(request, 'admin@sitewatch.test', started);
  await page.getByLabel('Code').fill(code);
  if (keyboard) await page.getByLabel('Code').press('Enter');
  else await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/**
 * One signed-in page for the tests of the enclosing describe block, signed in once before the first of them: a sign-in
 * (the admin's mailed code above all) costs more than most single checks. Each test still opens the page it checks.
 * A failed test ends its worker, and the block's next test signs in afresh in the next one.
 */
export function sharedSignedInPage(signIn: (page: Page) => Promise<void>): () => Page {
  let page: Page | null = null;
  test.beforeAll(async ({ browser }) => {
    // A context of its own: axe's builder refuses a page made by browser.newPage().
    page = await (await browser.newContext()).newPage();
    await signIn(page);
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => page!;
}

/** Every page of the shell: 0 serious or critical axe violations (WCAG 2.1 A/AA rules). */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
}

/** The page's access token, as the app keeps it. */
export const accessTokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

/**
 * Ends the session of `token` from elsewhere (another device's logout, "sign out everywhere"): the app learns of it only
 * from its next call.
 */
export async function endSessionElsewhere(page: Page, token: string | null): Promise<void> {
  expect(token, 'an access token to end the session with').toBeTruthy();
  expect((await page.request.post('/api/logout', { data: {}, headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user walks a page; fails past `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 }: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()} in ${max} presses`);
}

/**
 * Who the top bar says is signed in: the profile link's description ("Signed in as … · Company: … · Role: …"), which is
 * also its tooltip.
 */
export const identity = (page: Page): Locator => page.getByRole('banner').getByRole('link', { name: 'My Profile' });

/** A regular expression that matches `text` literally. */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
