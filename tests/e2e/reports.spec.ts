import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import { apiCall, expectAccessible, managerAtNorthwind, signInAs, tabTo } from './helpers';

const MIN = 60_000;
/** A warm half hour an hour ago: in range, then 9.5, 10.2, 9.0, back to 6.0 — one excursion of 30 minutes, peak 10.2. */
const WARM_HALF_HOUR = [[60, 5], [50, 9.5], [40, 10.2], [30, 9], [20, 6], [10, 5.5]] as const;

/**
 * A fridge of our own beside the seeded ones (the simulator writes only theirs), with a warm half hour in its
 * readings: the manager sets it up through the API as any integration would.
 */
async function warmFridge(request: APIRequestContext, stamp: string) {
  const auth = await managerAtNorthwind(request);
  const seeded = (await apiCall<{ hubId: string; siteId: string }[]>(request, 'get', '/api/nodes?q=fridge&limit=1', auth))[0]!;
  const name = `Test fridge ${stamp}`;
  const node = await apiCall<{ id: string }>(request, 'post', '/api/nodes', auth, { hubId: seeded.hubId, name, serial: `TF-${stamp}`, deviceType: 'Fridge Probe' });
  const temperature = (await apiCall<{ id: string; key: string }[]>(request, 'get', '/api/signal-types?limit=100', auth)).find((x) => x.key === 'temperature')!;
  const feed = await apiCall<{ id: string }>(request, 'post', '/api/feeds', auth, { nodeId: node.id, signalTypeId: temperature.id, name: 'Temperature' });
  const key = (await apiCall<{ key: string }>(request, 'post', `/api/hubs/${seeded.hubId}/api-keys`, auth, { label: `reports ${stamp}` })).key;
  const now = Date.now();
  const readings = WARM_HALF_HOUR.map(([ago, value]) => ({ feedId: feed.id, ts: new Date(now - ago * MIN).toISOString(), value }));
  const r = await request.post('/api/ingest', { headers: { 'X-Api-Key': key }, data: { readings } });
  expect(r.ok(), await r.text()).toBe(true);
  // The month of those readings at the site (the demo world's sites keep London time).
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' }).format(now - 60 * MIN).slice(0, 7);
  return { siteId: seeded.siteId, name, month };
}

/**
 * Reports: a user of a care home adds last month's medication fridge compliance report, records a check
 * and an excursion's cause and stock outcome, updates, submits (read-only after), and downloads the PDF and CSV.
 */
test('a user keeps a month of a fridge log, submits it and downloads the PDF', async ({ page, request }) => {
  const fridge = await warmFridge(request, String(Date.now()).slice(-6));
  await signInAs(page, 'user@sitewatch.test');
  await page.getByRole('navigation').getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await page.getByLabel('Site').selectOption(fridge.siteId);
  await expectAccessible(page, 'reports');
  await page.getByRole('button', { name: 'Add Medication Fridge Compliance Report' }).click();
  const add = page.getByRole('dialog', { name: 'Add Medication Fridge Compliance Report' });
  // Last month is the default, the month a log is usually written up for; ours is this month.
  await expect(add.getByLabel('Month')).not.toHaveValue('');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('Choose a fridge.')).toBeVisible();
  await add.getByLabel('Fridge').selectOption({ label: fridge.name });
  await add.getByLabel('Month').fill(fridge.month);
  await add.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Medication Fridge Compliance Report', level: 1 })).toBeVisible();
  const days = page.getByRole('table');
  // The month so far, a row a day (the header shows while the report loads: wait for its rows).
  await expect(days.getByRole('row').nth(1)).toBeVisible();
  expect(await days.getByRole('row').count()).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, 'fridge report');
  await page.screenshot({ path: 'test-results/report.png', fullPage: true });

  const firstCheck = days.getByRole('textbox', { name: /^Checked by \(initials\)/ }).first();
  await firstCheck.fill('MM');
  await days.getByRole('textbox', { name: /^Action taken/ }).first().fill('Door seal checked');
  // The warm half hour, found from the readings.
  const excursions = page.getByRole('region', { name: 'Excursions' });
  await expect(excursions.getByText(/30 min out of range, peak 10\.2 °C/)).toBeVisible();
  await excursions.getByLabel('Cause').fill('Door left ajar after a delivery');
  await excursions.getByLabel('Stock').selectOption('quarantined');
  await page.getByRole('button', { name: 'Update Medication Fridge Compliance Report' }).click();
  await expect(page.getByText('Report updated.')).toBeVisible();

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Submit this report?' });
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Report submitted.')).toBeVisible();
  await expect(page.getByText(/^Submitted by Uma User/)).toBeVisible();
  // Read-only now: the check is text, no field, no Update.
  await expect(days.getByRole('textbox')).toHaveCount(0);
  await expect(days.getByRole('cell', { name: 'MM', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Medication Fridge Compliance Report' })).toHaveCount(0);

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/^fridge-log-\d{4}-\d{2}-.+\.pdf$/);
  expect(fs.readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const text = fs.readFileSync(await (await csv).path(), 'utf8');
  expect(text).toContain('MM');
  expect(text).toContain('Door left ajar after a delivery');

  await page.getByRole('link', { name: 'All reports' }).click();
  await expect(page.getByRole('table', { name: 'Medication fridge compliance reports' }).getByText('Submitted').first()).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, 'reports (dark)');
});

/** The same journey without a mouse: Add, the fridge and month, a check, Update, Submit and its confirmation. */
test('keyboard only: add a report, record a check, update and submit it', async ({ page, request }) => {
  const fridge = await warmFridge(request, String(Date.now()).slice(-6));
  await signInAs(page, 'user@sitewatch.test', undefined, true);
  await page.goto(`/reports?site=${fridge.siteId}`);
  const kb = page.keyboard;
  await tabTo(page, page.getByRole('button', { name: 'Add Medication Fridge Compliance Report' }));
  await kb.press('Enter');
  const add = page.getByRole('dialog', { name: 'Add Medication Fridge Compliance Report' });
  await tabTo(page, add.getByLabel('Fridge'));
  // A closed picker takes type-ahead: the fridge's name picks it.
  await kb.type(fridge.name);
  await expect(add.getByLabel('Fridge').locator('option:checked')).toHaveText(fridge.name);
  await tabTo(page, add.getByLabel('Month'));
  // A month field takes the month's two digits, then the year.
  const [year, month] = fridge.month.split('-');
  await kb.type(`${month}${year}`);
  await expect(add.getByLabel('Month')).toHaveValue(fridge.month);
  await tabTo(page, add.getByRole('button', { name: 'Add', exact: true }));
  await kb.press('Enter');
  await expect(page.getByRole('heading', { name: 'Medication Fridge Compliance Report', level: 1 })).toBeVisible();
  const check = page.getByRole('table').getByRole('textbox', { name: /^Checked by \(initials\)/ }).last();
  await expect(check).toBeVisible();
  await tabTo(page, check);
  await kb.type('UU');
  await tabTo(page, page.getByRole('button', { name: 'Update Medication Fridge Compliance Report' }), { back: true });
  await kb.press('Enter');
  await expect(page.getByText('Report updated.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Submit', exact: true }));
  await kb.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Submit this report?' });
  await tabTo(page, confirm.getByRole('button', { name: 'Submit' }));
  await kb.press('Enter');
  await expect(page.getByText('Report submitted.')).toBeVisible();
  await expect(page.getByRole('table').getByRole('cell', { name: 'UU', exact: true })).toBeVisible();
});


/**
 * What a role may do comes from the server: a viewer reads a draft report as it stands — no
 * fields, no Update, no Submit — finds no Add on the list, and no Export or Share on the site dashboard.
 */
test('a viewer reads a draft report without fields or actions, and the site dashboard offers no Export or Share', async ({ page, request }) => {
  const auth = await managerAtNorthwind(request);
  const fridge = (await apiCall<{ id: string; siteId: string }[]>(request, 'get', '/api/nodes?q=fridge&limit=1', auth))[0]!;
  // A month long past, so no run of the suite finds it submitted; a second run reuses the draft.
  const made = await request.post(`/api/site-dashboard/${fridge.siteId}/medication-fridge-reports`, { headers: auth, data: { nodeId: fridge.id, period: '2020-02' } });
  const body = (await made.json()) as { data?: { id: string }; details?: { id: string } };
  const reportId = body.data?.id ?? body.details!.id;

  await signInAs(page, 'viewer@sitewatch.test');
  await page.goto(`/reports?site=${fridge.siteId}&report=${reportId}`);
  await expect(page.getByRole('heading', { name: 'Medication Fridge Compliance Report', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update Medication Fridge Compliance Report' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();

  await page.getByRole('link', { name: 'All reports' }).click();
  await expect(page.getByRole('table', { name: 'Medication fridge compliance reports' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Medication Fridge Compliance Report' })).toHaveCount(0);

  await page.goto(`/site-dashboard?site=${fridge.siteId}`);
  await expect(page.getByRole('button', { name: 'All sites' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Exports', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  await expect(page).toHaveURL(/site-dashboard/);
});
