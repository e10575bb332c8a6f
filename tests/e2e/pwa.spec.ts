import { expect, test, type Page } from '@playwright/test';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Buffer) => (b.subarray(1, 4).toString('ascii') === 'PNG' ? `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}` : 'not a PNG');

/** Waits until the page has an activated worker that controls it, and returns what the page sees of it. */
async function activeWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), {
      message: 'a service worker is registered (src/main.tsx calls registerServiceWorker from src/pwa/register.ts)',
      timeout: 10_000,
    })
    .toBe(true);
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const sw = reg.active!;
    if (sw.state !== 'activated') {
      await new Promise<void>((resolve) => sw.addEventListener('statechange', () => sw.state === 'activated' && resolve()));
    }
    return { scope: reg.scope, scriptURL: sw.scriptURL, state: sw.state };
  });
  // clientsClaim: the first page is taken over without a reload.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return worker;
}

test('the web manifest is linked and valid, and every icon loads', async ({ page, request }) => {
  await page.goto('/Identity/Account/Login');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1f5fbf');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestUrl = new URL(href!, page.url());
  const res = await request.get(manifestUrl.href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('manifest+json');
  const manifest = (await res.json()) as { icons: { src: string; sizes: string; type: string; purpose?: string }[] } & Record<string, unknown>;
  expect(manifest).toMatchObject({
    name: 'Sitewatch',
    short_name: 'Sitewatch',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1f5fbf',
    background_color: '#f1f3f4',
  });
  // Chromium's installability needs a 192 and a 512 PNG; Android launchers want a maskable one.
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.type} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 image/png any', '512x512 image/png any', '512x512 image/png maskable']));

  for (const icon of manifest.icons) {
    const r = await request.get(new URL(icon.src, manifestUrl).href);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type'], icon.src).toBe(icon.type);
    expect(pngSize(await r.body()), icon.src).toBe(icon.sizes);
  }
  for (const selector of ['link[rel="icon"]', 'link[rel="apple-touch-icon"]']) {
    const iconHref = await page.locator(selector).getAttribute('href');
    const r = await request.get(new URL(iconHref!, page.url()).href);
    expect(r.status(), selector).toBe(200);
    expect(r.headers()['content-type'], selector).toMatch(/^image\//);
  }
});

test('the server serves the worker script as JavaScript, which the local-host check requires', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('javascript');
});

test('on 127.0.0.1 the worker is registered after the script check, and the shell then loads offline', async ({ page, context, baseURL }) => {
  const scriptChecks: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' && new URL(r.url()).pathname === '/sw.js') scriptChecks.push(r.url());
  });
  await page.goto('/Identity/Account/Login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  expect(await activeWorker(page)).toEqual({ scope: `${baseURL}/`, scriptURL: `${baseURL}/sw.js`, state: 'activated' });
  expect(scriptChecks, 'the content-type check of docs/product.md, Loading and offline runs on local hosts').toHaveLength(1);

  await page.addInitScript(() => {
    window.addEventListener('app-offline', () => document.documentElement.setAttribute('data-test-app-offline', ''));
  });
  await context.setOffline(true);
  try {
    const reload = await page.reload();
    expect(reload?.fromServiceWorker(), 'the document comes from the precache').toBe(true);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    // Offline, the script check cannot reach the server: the app-offline event of docs/product.md, Loading and offline.
    await expect(page.locator('html')).toHaveAttribute('data-test-app-offline', '');
    await page.screenshot({ path: 'test-results/pwa-offline.png' });

    // Any in-app path falls back to the cached shell, which routes it itself.
    const deep = await page.goto('/no/such/page');
    expect(deep?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Looks like you got lost' })).toBeVisible();

    // Server pages are never answered with the cached shell: offline they fail like any server page.
    for (const path of ['/dev/mail', '/api/health']) {
      await expect(page.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    }
  } finally {
    await context.setOffline(false);
  }

  // Online, the same paths reach the server, not the shell.
  const mail = await page.goto('/dev/mail');
  expect(mail?.fromServiceWorker()).toBe(false);
  await expect(page.getByRole('heading', { name: 'Development mail' })).toBeVisible();
  const health = await page.goto('/api/health');
  expect(health?.fromServiceWorker()).toBe(false);
  expect(await health?.json()).toMatchObject({ data: { ok: true } });
});
