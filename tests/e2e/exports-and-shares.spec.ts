import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import { DEMO_PASSWORD, expectAccessible, signInAs, tabTo } from './helpers';

const MANAGER = 'manager@sitewatch.test';

/** A site of the manager's first company, with the name the page shows. */
async function firstSite(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const login = await request.post('/api/login', { data: { email: MANAGER, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const sites = (await (await request.get('/api/sites?limit=100&sort=name', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { id: string; name: string; parentSiteId: string | null }[] };
  return sites.data.find((s) => s.parentSiteId === null)!;
}

/**
 * Exports: Export CSV sends the chart's query as a job; the Exports list shows it move live from Pending to
 * Sent with its rows; the file downloads signed in, and the mail in the dev outbox links to the same CSV.
 */
test('a manager exports the chart as CSV, watches the job finish, downloads it and gets the mail', async ({ page, request }) => {
  const site = await firstSite(request);
  const since = Date.now();
  await signInAs(page, MANAGER);
  await page.goto(`/site-dashboard?site=${site.id}&interval=1hour&days=7`);
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText('Export started: you will get a mail with the link.')).toBeVisible();
  await expect(page.getByText(/^Export ready: [\d,]+ rows, mailed to you\.$/)).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Exports', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Exports of ${site.name}` });
  const table = dialog.getByRole('table', { name: 'Export jobs' });
  const row = table.getByRole('row').nth(1);
  await expect(row.getByText('Sent')).toBeVisible();
  await expect(row.getByText('Readings')).toBeVisible();
  await expectAccessible(page, 'exports list');
  await page.screenshot({ path: 'test-results/exports.png', fullPage: true });
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download the export asked for/ }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\n')[0]).toMatch(/^site,node,feed,unit,time,/);
  expect(csv).toContain(site.name);

  // The same chart, every week, to a chosen member: listed with its next run, deleted after a confirmation.
  const schedule = dialog.getByRole('form', { name: 'New scheduled export' });
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule.getByText('Choose at least one recipient.')).toBeVisible();
  await schedule.getByRole('group', { name: 'Recipients' }).getByRole('checkbox', { name: /manager@sitewatch\.test/ }).check();
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByText('Export scheduled.')).toBeVisible();
  const schedules = dialog.getByRole('table', { name: 'Scheduled exports of this site' });
  await expect(schedules.getByRole('row').filter({ hasText: 'Max Manager' })).toHaveCount(1);
  await schedules.getByRole('button', { name: /^Delete the export every Week/ }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete “Weekly readings of ${site.name}”?` });
  // Escape leaves the confirmation only: the exports dialog and its schedule stay.
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(schedules.getByRole('row').filter({ hasText: 'Max Manager' })).toHaveCount(1);
  await schedules.getByRole('button', { name: /^Delete the export every Week/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Scheduled export deleted.')).toBeVisible();
  await expect(schedules).toHaveCount(0);

  // The mail links to the same file, without sign-in.
  await expect(async () => {
    const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(MANAGER)}`)).json()) as { data: { text: string; at: string }[] } | { text: string; at: string }[];
    const list = Array.isArray(mails) ? mails : mails.data;
    const mail = list.find((m) => Date.parse(m.at) >= since - 1000 && /\/api\/export-jobs\/[^/\s]+\/file\?token=/.test(m.text));
    expect(mail).toBeTruthy();
    const link = /(https?:\/\/\S+\/api\/export-jobs\/\S+\/file\?token=\S+)/.exec(mail!.text)![1]!;
    const file = await request.get(new URL(link).pathname + new URL(link).search);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe(csv);
  }).toPass({ timeout: 10_000 });
});

/**
 * Shared dashboard: a manager makes a read-only link from the site dashboard; it opens without sign-in in
 * a fresh browser, that site only; revoked, the same page shows that the link no longer works and nothing else.
 */
test('a manager shares a site read-only, the link opens without an account, and revoking it closes it at once', async ({ page, request, browser }) => {
  const site = await firstSite(request);
  await signInAs(page, MANAGER);
  await page.goto(`/site-dashboard?site=${site.id}`);
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${site.name}` });
  await dialog.getByLabel('Valid for (days, 1–90)').fill('91');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  await expect(dialog.getByText(/90/).first()).toBeVisible();
  await dialog.getByLabel('Valid for (days, 1–90)').fill('3');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByLabel('Link', { exact: true }).inputValue();
  expect(url).toMatch(new RegExp(`/site-dashboard-export/site/${site.id}\\?token=`));
  await expect(dialog.getByRole('table', { name: 'Shared links' }).getByText('Active').first()).toBeVisible();
  await expectAccessible(page, 'share links');

  const guest = await browser.newContext();
  const shared = await guest.newPage();
  const path = new URL(url).pathname + new URL(url).search;
  await shared.goto(path);
  await expect(shared.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  await expect(shared.getByText(/^Read-only: this page shows one site/)).toBeVisible();
  await expect(shared.getByRole('navigation')).toHaveCount(0);
  await expectAccessible(shared, 'shared dashboard');
  await shared.screenshot({ path: 'test-results/shared.png', fullPage: true });

  await dialog.getByRole('button', { name: /^Revoke the link created/ }).first().click();
  await page.getByRole('alertdialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog.getByRole('table', { name: 'Shared links' }).getByText('Revoked').first()).toBeVisible();
  await shared.reload();
  await expect(shared.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(shared.getByText(site.name)).toHaveCount(0);
  await guest.close();
});

/** Keyboard only: Export CSV, then the Exports list with the finished job, without a mouse. */
test('keyboard only: export, then open the exports', async ({ page, request }) => {
  const site = await firstSite(request);
  await signInAs(page, MANAGER, undefined, true);
  await page.goto(`/site-dashboard?site=${site.id}`);
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  const kb = page.keyboard;
  await tabTo(page, page.getByRole('button', { name: 'Export CSV' }));
  await kb.press('Enter');
  await expect(page.getByText(/^Export ready: [\d,]+ rows, mailed to you\.$/)).toBeVisible({ timeout: 20_000 });
  await tabTo(page, page.getByRole('button', { name: 'Exports', exact: true }));
  await kb.press('Enter');
  const exports = page.getByRole('dialog', { name: `Exports of ${site.name}` });
  await expect(exports.getByRole('table', { name: 'Export jobs' }).getByText('Sent').first()).toBeVisible();
  await kb.press('Escape');
  await expect(exports).toHaveCount(0);
});

/** Keyboard only: a share link made and revoked, without a mouse. */
test('keyboard only: make a share link and revoke it', async ({ page, request }) => {
  const site = await firstSite(request);
  await signInAs(page, MANAGER, undefined, true);
  await page.goto(`/site-dashboard?site=${site.id}`);
  await expect(page.getByRole('heading', { name: site.name, level: 1 })).toBeVisible();
  const kb = page.keyboard;
  await tabTo(page, page.getByRole('button', { name: 'Share', exact: true }));
  await kb.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Share ${site.name}` });
  // The field takes what is typed once the links have loaded (typed before, it is dropped).
  await expect(dialog.getByRole('table', { name: 'Shared links' }).or(dialog.getByText('No links yet.'))).toBeVisible();
  await tabTo(page, dialog.getByLabel('Valid for (days, 1–90)'));
  await kb.press('ControlOrMeta+a');
  await kb.type('2');
  await kb.press('Enter');
  await expect(dialog.getByLabel('Link', { exact: true })).toHaveValue(/token=/);
  await tabTo(page, dialog.getByRole('button', { name: /^Revoke the link created/ }).first());
  await kb.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
  await tabTo(page, confirm.getByRole('button', { name: 'Revoke' }));
  await kb.press('Enter');
  await expect(dialog.getByRole('table', { name: 'Shared links' }).getByText('Revoked').first()).toBeVisible();
});
