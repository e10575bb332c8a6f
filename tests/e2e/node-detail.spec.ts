import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiCall, expectAccessible, managerAtNorthwind, signInAs, tabTo } from './helpers';

/**
 * A node's detail on the site dashboard, reached by keyboard from the nodes table — its feeds' latest
 * readings against their safe range, battery, signal and last seen, and its alert events (GET /api/alertevents/{nodeId}),
 * each a link to that event in Alert Events; Escape closes it and focus returns to the node's button.
 */
/** A user of Northwind Care Homes, which has the medication fridges. */
const USER = 'user@sitewatch.test';

interface Fridge {
  siteId: string;
  siteName: string;
  nodeId: string;
  nodeName: string;
  feedName: string;
  /** The alert rule whose event the test opened. */
  rule: string;
}

/**
 * A seeded medication fridge of Northwind with an event of the test's own, opened through the real path: the manager
 * adds a rule (above 8 °C, no pending period) and a hub key, and the hub posts a warm reading to `POST /api/ingest`.
 */
async function fridgeWithEvent(request: APIRequestContext, stamp: string): Promise<Fridge> {
  const auth = await managerAtNorthwind(request);
  const node = (await apiCall<{ id: string; name: string; hubId: string; siteId: string; siteName: string; deviceType: string }[]>(request, 'get', '/api/nodes?q=fridge&limit=1', auth))[0]!;
  expect(node.deviceType).toBe('Fridge Probe');
  const nodes = await apiCall<{ id: string; feeds: { id: string; name: string; signalKey: string }[] }[]>(request, 'get', `/api/site-dashboard/${node.siteId}/nodes`, auth);
  const feed = nodes.find((n) => n.id === node.id)!.feeds.find((f) => f.signalKey === 'temperature')!;
  const me = (await apiCall<{ id: string; email: string }[]>(request, 'get', '/api/users?limit=1000', auth)).find((u) => u.email === USER)!;
  const rule = `Node detail warm ${stamp}`;
  await apiCall(request, 'post', '/api/alert-rules', auth, { name: rule, enabled: true, scope: { feedId: feed.id }, condition: 'above', high: 8, forMinutes: 0, clearBy: 0.5, severity: 'major', recipients: [me.id] });
  const key = (await apiCall<{ key: string }>(request, 'post', `/api/hubs/${node.hubId}/api-keys`, auth, { label: `node detail ${stamp}` })).key;
  const ingest = await request.post('/api/ingest', { headers: { 'X-Api-Key': key }, data: { readings: [{ feedId: feed.id, ts: new Date().toISOString(), value: 12.5 }] } });
  expect(ingest.status()).toBe(200);
  // The event is the rule's as soon as ingest answers; the node's list has it.
  await expect.poll(async () => (await apiCall<{ ruleName: string }[]>(request, 'get', `/api/alertevents/${node.id}`, auth)).some((e) => e.ruleName === rule)).toBe(true);
  return { siteId: node.siteId, siteName: node.siteName, nodeId: node.id, nodeName: node.name, feedName: feed.name, rule };
}

/**
 * The keyboard's way to a node far down the windowed nodes table: Tab to its scroller, scroll it with the arrow keys
 * until the node's row is drawn, then Tab along the rows to the node's button.
 */
async function tabToNode(page: Page, name: string, words = { table: 'Nodes', details: 'Details of' }): Promise<Locator> {
  const table = page.getByRole('table', { name: words.table });
  const scroller = table.locator('[role=rowgroup][tabindex="0"]');
  const button = table.getByRole('button', { name: `${words.details} ${name}`, exact: true });
  // From the page's heading (where a route change puts focus), past the chart's controls and feeds.
  await page.getByRole('heading', { level: 1 }).focus();
  await tabTo(page, scroller, { max: 250 });
  for (let i = 0; i < 60 && !(await button.isVisible()); i++) await page.keyboard.press('ArrowDown');
  await tabTo(page, button, { max: 40 });
  return button;
}

test('a node’s detail by keyboard: its readings, battery and signal, its alert events; Escape returns focus', async ({ page, request }) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now()).slice(-6);
  const fridge = await fridgeWithEvent(request, stamp);
  await signInAs(page, USER, undefined, true);
  await page.goto(`/site-dashboard?site=${fridge.siteId}`);
  await expect(page.getByRole('heading', { name: fridge.siteName, level: 1 })).toBeVisible({ timeout: 20_000 });

  const button = await tabToNode(page, fridge.nodeName);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: fridge.nodeName });
  await expect(dialog).toBeVisible();

  // Link health and the latest reading of each feed, judged against the site's fridge range.
  for (const term of ['Device type', 'Battery', 'Signal', 'Last seen']) await expect(dialog.getByRole('term').filter({ hasText: term })).toBeVisible();
  const readings = dialog.getByRole('region', { name: 'Latest readings' });
  const feed = readings.getByRole('listitem').filter({ hasText: fridge.feedName });
  await expect(feed).toContainText(/-?[\d.,]+ °C/);
  await expect(feed.getByText(/^(In range|Out of range)$/)).toBeVisible();
  await expect(feed).toContainText('Safe range 2–8 °C');

  // The node's events, newest first: the one the warm reading opened is there, with its severity, state and peak.
  const events = dialog.getByRole('region', { name: 'Alert events' });
  const link = events.getByRole('link', { name: new RegExp(`^${fridge.rule}, started .+: open Alert Events$`) });
  await expect(link).toBeVisible();
  const item = events.getByRole('listitem').filter({ hasText: fridge.rule });
  await expect(item).toContainText('Major');
  await expect(item).toContainText(/Active|Acknowledged|Resolved/);
  // At least the warm reading's 12.5 °C: the simulator may warm the same fridge further meanwhile.
  await expect(item).toContainText(/Peak\s*1[2-9](\.\d+)? °C/);
  await expect(link).toHaveAttribute('href', /^\/alert-events\?event=[^&]+$/);
  await expectAccessible(page, 'node detail');
  await page.screenshot({ path: 'test-results/node-detail-desktop.png' });

  // Escape closes it, and the keyboard is back on the node it came from.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();

  // Enter again, Tab to the event's link and follow it: Alert Events opens on that event.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, link, { max: 20 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Alert Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: fridge.rule, level: 2 })).toBeVisible();
});

test('a node without events shows the empty state; the detail on a phone and in Arabic', async ({ page, request }) => {
  test.setTimeout(90_000);
  const fridge = await fridgeWithEvent(request, String(Date.now()).slice(-6));
  await signInAs(page, USER);
  await page.goto(`/site-dashboard?site=${fridge.siteId}`);
  await expect(page.getByRole('heading', { name: fridge.siteName, level: 1 })).toBeVisible({ timeout: 20_000 });

  // The first node of the table: its events listed, or the empty state when it has none.
  const table = page.getByRole('table', { name: 'Nodes' });
  const firstButton = table.getByRole('button', { name: /^Details of / }).first();
  const firstName = ((await firstButton.getAttribute('aria-label')) ?? '').replace(/^Details of /, '');
  await firstButton.click();
  const first = page.getByRole('dialog', { name: firstName });
  await expect(first).toBeVisible();
  const events = first.getByRole('region', { name: 'Alert events' });
  await expect(events.getByText('No alert events for this node.').or(events.getByRole('link', { name: /open Alert Events$/ }).first())).toBeVisible();
  await first.getByRole('button', { name: 'Close' }).click();
  await expect(first).toHaveCount(0);
  await expect(firstButton).toBeFocused();

  // A phone: the table keeps the name column, and the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const button = await tabToNode(page, fridge.nodeName);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: fridge.nodeName });
  await expect(dialog.getByRole('link', { name: new RegExp(`^${fridge.rule}`) })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/node-detail-390.png' });
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();

  // Arabic, right to left, on the desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.locator('header select').nth(1).selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await tabToNode(page, fridge.nodeName, { table: 'العُقد', details: 'تفاصيل' });
  await page.keyboard.press('Enter');
  const arabic = page.getByRole('dialog', { name: fridge.nodeName });
  await expect(arabic.getByRole('region', { name: 'أحداث التنبيه' }).getByRole('link', { name: new RegExp(`^${fridge.rule}`) })).toBeVisible();
  await expect(arabic.getByRole('region', { name: 'أحدث القراءات' })).toBeVisible();
  await page.screenshot({ path: 'test-results/node-detail-ar.png' });
  await page.keyboard.press('Escape');
  await page.locator('header select').nth(1).selectOption('en');
});
