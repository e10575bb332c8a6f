import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, expectAccessible, managerAtNorthwind, signInAs } from './helpers';

/**
 * The alerts journey: a reading posted to `POST /api/ingest` opens an event that appears in an already open browser
 * without reload; the user acknowledges it with a comment using only the keyboard; the mail in the dev outbox has a
 * link that acknowledges once and answers clearly the second time; the top bar's badge counts down.
 */
/** A user of Northwind Care Homes: watches the events and acts on them (the manager sets the rules up). */
const USER = 'user@sitewatch.test';

interface Setup {
  auth: { Authorization: string };
  key: string;
  feeds: { id: string; name: string }[];
  nodeName: string;
}

/** Two feeds of our own on a seeded node (the simulator writes only the world's feeds), a hub key, and two rules. */
async function setUp(request: APIRequestContext, stamp: string): Promise<Setup> {
  const auth = await managerAtNorthwind(request);
  const node = (await apiCall<{ id: string; name: string; hubId: string }[]>(request, 'get', '/api/nodes?q=fridge&limit=1', auth))[0]!;
  const types = await apiCall<{ id: string; key: string }[]>(request, 'get', '/api/signal-types?limit=100', auth);
  const temperature = types.find((x) => x.key === 'temperature')!;
  const feeds = [];
  for (const name of [`Door shelf ${stamp}`, `Back wall ${stamp}`]) {
    feeds.push(await apiCall<{ id: string; name: string }>(request, 'post', '/api/feeds', auth, { nodeId: node.id, signalTypeId: temperature.id, name }));
  }
  const key = (await apiCall<{ key: string }>(request, 'post', `/api/hubs/${node.hubId}/api-keys`, auth, { label: `journey ${stamp}` })).key;
  const me = (await apiCall<{ id: string; email: string }[]>(request, 'get', '/api/users?limit=1000', auth)).find((u) => u.email === USER)!;
  for (const feed of feeds) {
    await apiCall(request, 'post', '/api/alert-rules', auth, {
      name: `Warm ${feed.name}`, enabled: true, scope: { feedId: feed.id }, condition: 'above', high: 8, forMinutes: 0, clearBy: 0.5,
      severity: 'critical', recipients: [me.id],
    });
  }
  return { auth, key, feeds, nodeName: node.name };
}

const ingest = (request: APIRequestContext, key: string, feedId: string, value: number) =>
  request.post('/api/ingest', { headers: { 'X-Api-Key': key }, data: { readings: [{ feedId, ts: new Date().toISOString(), value }] } });

const badge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Alert events:/ });
const openCount = async (page: Page) => {
  const name = (await badge(page).getAttribute('aria-label')) ?? '';
  return /none open/.test(name) ? 0 : Number(/(\d[\d,]*) open/.exec(name)![1]!.replace(/,/g, ''));
};

test('a warm reading opens an event live; keyboard and mail link acknowledge it; the badge counts down', async ({ page, request }) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now()).slice(-6);
  const s = await setUp(request, stamp);
  await signInAs(page, USER);
  await page.goto('/alert-events');
  await expect(page.getByRole('heading', { name: 'Alert Events', level: 1 })).toBeVisible();
  await expect(badge(page)).toBeVisible();
  const before = await openCount(page);

  // Both feeds read warm: two events open, and the badge (already open, no reload) counts them.
  for (const feed of s.feeds) expect((await ingest(request, s.key, feed.id, 12.5)).status()).toBe(200);
  await expect.poll(() => openCount(page), { timeout: 10_000 }).toBe(before + 2);
  await page.screenshot({ path: 'test-results/journey-badge.png' });

  // Both appear in the open list without a reload, newest first.
  const table = page.getByRole('table', { name: 'Alert events' });
  for (const feed of s.feeds) await expect(table.getByRole('button', { name: new RegExp(`^Open Warm ${feed.name}`) })).toBeVisible({ timeout: 10_000 });
  await expectAccessible(page, 'alert events, live');

  // Keyboard only: j to the event's row, Enter opens it, c goes to the comment box, then a (on the row) acknowledges with it.
  const first = table.getByRole('button', { name: new RegExp(`^Open Warm ${s.feeds[0]!.name}`) });
  await page.getByRole('heading', { name: 'Alert Events', level: 1 }).click();
  // The keyboard's row stayed on the event it was on while the new ones arrived above it: k/j walk to the new one.
  const target = Number(await first.getAttribute('data-row-index'));
  const focusedRow = () => page.evaluate(() => Number(document.activeElement?.closest('[data-row-index]')?.getAttribute('data-row-index') ?? -1));
  for (let i = 0; i < 6 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
    const at = await page.evaluate(() => Number((document.activeElement?.closest('[data-row-index]') ?? document.querySelector('[data-row-index][tabindex="0"]'))?.getAttribute('data-row-index') ?? -1));
    const from = await focusedRow();
    await page.keyboard.press(at > target ? 'k' : 'j');
    // The row takes focus on the next frame, once the table has it in view.
    await expect.poll(focusedRow).not.toBe(from);
  }
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: `Warm ${s.feeds[0]!.name}` });
  await expect(detail).toBeVisible();
  await first.focus();
  await page.keyboard.press('c');
  const box = detail.getByLabel('Comment');
  await expect(box).toBeFocused();
  await page.keyboard.type('Door left ajar after the delivery; closed it.');
  await first.focus();
  await page.keyboard.press('a');
  await expect(detail.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
  await expect(detail.getByRole('listitem').filter({ hasText: 'Door left ajar after the delivery; closed it.' })).toBeVisible();
  await expect.poll(() => openCount(page), { timeout: 10_000 }).toBe(before + 1);
  await page.screenshot({ path: 'test-results/journey-acknowledged.png', fullPage: true });

  // The second event is acknowledged from the mail: the page does nothing, the button does it once.
  let link = '';
  await expect
    .poll(async () => {
      const mails = ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(USER)}`)).json()) as { data: { subject: string; text: string }[] }).data;
      const mail = mails.find((m) => m.text.includes(s.feeds[1]!.name) || m.subject.includes(s.feeds[1]!.name));
      link = mail ? /(https?:\/\/\S+\/api\/alert-links\/[\w-]+)/.exec(mail.text)?.[1] ?? '' : '';
      return link;
    }, { timeout: 15_000 })
    .not.toBe('');
  const mailPage = await page.context().newPage();
  await mailPage.goto(link);
  await expect(mailPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(mailPage.getByText(s.feeds[1]!.name)).toBeVisible();
  await mailPage.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(mailPage.getByText('Acknowledged. Thank you.')).toBeVisible();
  await expect.poll(() => openCount(page), { timeout: 10_000 }).toBe(before);
  // A second use is answered clearly, and changes nothing.
  const again = await request.post(link.replace(/^https?:\/\/[^/]+/, ''), { form: {} });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain('This link has already been used; nothing was changed.');
  await mailPage.close();
  await expectAccessible(page, 'after the journey');
});
