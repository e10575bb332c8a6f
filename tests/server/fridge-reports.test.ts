import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldPlan } from '../../server/seed/plan';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEMO, buildTestApp, call, demoIds, signIn, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';
import { excursionsOf, fridgeLog } from '../../server/reports/fridge-log';
import { fridgeReport } from '../../src/api/contract/reports';

const ZONE = 'Europe/London';
const PERIOD = '2026-03';

/** The local date of an instant, by the platform's own time-zone data (independent of the server's zone code). */
const localDay = (ts: number, zone = ZONE) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);

/**
 * A month of fridge readings every 20 minutes across the clocks going forward (29 March in London): 4.5–5.5 °C, a warm
 * spell on the 10th (14:00–15:00 local, up to 9.6 °C) and a cold one on the 29th (02:20–03:40 wall time, down to 1.2 °C).
 */
function month(): { ts: number; value: number }[] {
  const out: { ts: number; value: number }[] = [];
  const from = Date.parse('2026-02-28T23:00:00Z');
  const to = Date.parse('2026-04-01T01:00:00Z');
  for (let ts = from, i = 0; ts < to; ts += 20 * 60_000, i++) {
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ts);
    let value = 5 + 0.5 * Math.sin(i / 7);
    if (/^10, 14:/.test(local)) value = 8.5 + (i % 3) * 0.55;
    if (/^29, 0[3]:/.test(local)) value = 1.2 + (i % 2) * 0.3;
    out.push({ ts, value: Math.round(value * 100) / 100 });
  }
  return out;
}

describe('the fridge log, computed', () => {
  const readings = month();
  const log = fridgeLog({ period: PERIOD, zone: ZONE, low: 2, high: 8, am: '09:00', pm: '16:00', readings, days: { '2026-03-01': { checkedBy: 'AB', action: null } }, excursions: {}, now: Date.parse('2026-06-01T00:00:00Z') });

  it('has every day of the month, with min and max from that local day’s readings, also across the change of clocks', () => {
    expect(log.days.map((d) => d.date)).toEqual(Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`));
    const byDay = new Map<string, number[]>();
    for (const r of readings) byDay.set(localDay(r.ts), [...(byDay.get(localDay(r.ts)) ?? []), r.value]);
    for (const d of log.days) {
      const values = byDay.get(d.date)!;
      expect([d.min, d.max]).toEqual([Math.min(...values), Math.max(...values)]);
      expect(d.inRange).toBe(Math.min(...values) >= 2 && Math.max(...values) <= 8);
    }
    // The 29th is 23 hours long: 69 readings, not 72.
    expect(byDay.get('2026-03-29')).toHaveLength(69);
    expect(log.days.filter((d) => d.inRange === false).map((d) => d.date)).toEqual(['2026-03-10', '2026-03-29']);
  });

  it('reads each check from the reading nearest its local time, in summer time too', () => {
    const at = (date: string, hhmm: string) => {
      // 09:00 local: UTC 09:00 before the 29th, 08:00 from it.
      const offset = date >= '2026-03-29' ? 1 : 0;
      const target = Date.parse(`${date}T${hhmm}:00Z`) - offset * 3_600_000;
      return readings.reduce((best, r) => (Math.abs(r.ts - target) < Math.abs(best.ts - target) ? r : best)).value;
    };
    for (const d of log.days) {
      expect(d.amCurrent).toBe(at(d.date, '09:00'));
      expect(d.pmCurrent).toBe(at(d.date, '16:00'));
    }
  });

  it('flags days without a check, and the third in a row as a gap', () => {
    expect(log.days[0]).toMatchObject({ checkedBy: 'AB', missingCheck: false, gap: false });
    expect(log.days.slice(1, 4).map((d) => [d.missingCheck, d.gap])).toEqual([[true, false], [true, false], [true, true]]);
    expect(log.daysWithoutCheck).toBe(30);
  });

  it('finds the excursions from the readings: start, end at the first reading back in range, minutes and peak', () => {
    expect(log.excursions).toHaveLength(2);
    const [warm, cold] = log.excursions;
    const outside = readings.filter((r) => r.value > 8 || r.value < 2);
    const warmRun = outside.filter((r) => localDay(r.ts) === '2026-03-10');
    expect(warm!.start).toBe(new Date(warmRun[0]!.ts).toISOString());
    const back = readings.find((r) => r.ts > warmRun.at(-1)!.ts)!;
    expect(warm!.end).toBe(new Date(back.ts).toISOString());
    expect(warm!.minutes).toBe(Math.round((back.ts - warmRun[0]!.ts) / 60_000));
    expect(warm!.peak).toBe(Math.max(...warmRun.map((r) => r.value)));
    expect(cold!.peak).toBe(Math.min(...outside.filter((r) => localDay(r.ts) === '2026-03-29').map((r) => r.value)));
  });

  it('leaves a run still outside at the last reading open', () => {
    const x = excursionsOf([{ ts: 0, value: 5 }, { ts: 60_000, value: 9 }, { ts: 120_000, value: 10 }], { low: 2, high: 8, excursions: {} });
    expect(x).toEqual([{ start: new Date(60_000).toISOString(), end: null, minutes: 1, peak: 10, cause: null, action: null, stockOutcome: null }]);
  });
});

describe('medication fridge reports over the API', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let user: string;
  let viewer: string;
  let fridge: { id: string; siteId: string; feedId: string };

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps));
    const ids = await demoIds(t.deps);
    const node = plan.nodes.find((n) => n.companyId === ids.northwind && n.deviceType === 'Fridge Probe')!;
    const feedId = (await t.deps.db.selectFrom('feeds as f').innerJoin('signalTypes as st', 'st.id', 'f.signalTypeId').select('f.id').where('f.nodeId', '=', node.id).where('st.key', '=', 'temperature').executeTakeFirstOrThrow()).id;
    fridge = { id: node.id, siteId: node.siteId, feedId };
    await t.deps.db.updateTable('sites').set({ timezone: ZONE }).where('id', '=', node.siteId).execute();
    const rows = month().map((r) => ({ feedId, ts: r.ts, value: r.value }));
    for (let i = 0; i < rows.length; i += 500) await t.deps.db.insertInto('readings').values(rows.slice(i, i + 500)).execute();
    user = (await signIn(t.app, DEMO.user)).accessToken;
    viewer = (await signIn(t.app, DEMO.viewer)).accessToken;
  });
  afterAll(() => t.close());

  it('adds one report per fridge and month, keeps entries while draft, and locks it once submitted', async () => {
    const base = `/api/site-dashboard/${fridge.siteId}/medication-fridge-reports`;
    expect((await call(t.app, 'POST', base, { nodeId: fridge.id, period: PERIOD }, viewer)).status).toBe(403);
    const created = await call(t.app, 'POST', base, { nodeId: fridge.id, period: PERIOD }, user);
    expect(created.status).toBe(201);
    const report = fridgeReport.parse(created.body.data);
    expect(report).toMatchObject({ status: 'draft', period: PERIOD, nodeId: fridge.id, low: 2, high: 8, timezone: ZONE });
    expect(report.days).toHaveLength(31);
    expect(report.excursions).toHaveLength(2);
    const again = await call(t.app, 'POST', base, { nodeId: fridge.id, period: PERIOD }, user);
    expect([again.status, again.body.code]).toEqual([409, 'exists']);
    expect((await call(t.app, 'POST', base, { nodeId: fridge.id, period: '2999-01' }, user)).status).toBe(400);
    // Found by the fuzz: a month before the time engine's zones (1970) was stored, then every read of it failed.
    const ancient = await call(t.app, 'POST', base, { nodeId: fridge.id, period: '0326-09' }, user);
    expect([ancient.status, (ancient.body as { details?: { path: string }[] }).details?.[0]?.path]).toEqual([400, 'period']);
    const listed = await call(t.app, 'GET', base, undefined, viewer);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: report.id, nodeId: fridge.id, period: PERIOD, status: 'draft', submittedBy: null })]);

    // The GET shape comes back with entries; computed fields sent along are ignored.
    const days = report.days.map((d) => ({ ...d, checkedBy: 'JS', min: 99 }));
    const excursions = report.excursions.map((x) => ({ ...x, cause: 'Door left open after delivery', action: 'Closed the door; moved stock', stockOutcome: 'quarantined' as const }));
    expect((await call(t.app, 'PUT', `/api/medication-fridge-reports/${report.id}`, { days }, viewer)).status).toBe(403);
    const put = await call(t.app, 'PUT', `/api/medication-fridge-reports/${report.id}`, { days, excursions }, user);
    expect(put.status).toBe(200);
    const updated = fridgeReport.parse(put.body.data);
    expect(updated.days.every((d) => d.checkedBy === 'JS' && d.min !== 99 && !d.missingCheck)).toBe(true);
    expect(updated.daysWithoutCheck).toBe(0);
    expect(updated.excursions[0]).toMatchObject({ cause: 'Door left open after delivery', stockOutcome: 'quarantined' });

    const submitted = await call(t.app, 'POST', `/api/medication-fridge-reports/${report.id}/submit`, undefined, user);
    expect(submitted.status).toBe(200);
    const me = await t.deps.db.selectFrom('users').select('name').where('email', '=', DEMO.user).executeTakeFirstOrThrow();
    expect(submitted.body.data).toMatchObject({ status: 'submitted', submittedBy: me.name, submittedAt: expect.any(String) });
    const locked = await call(t.app, 'PUT', `/api/medication-fridge-reports/${report.id}`, { days }, user);
    expect([locked.status, locked.body.code]).toEqual([409, 'submitted']);
    expect((await call(t.app, 'POST', `/api/medication-fridge-reports/${report.id}/submit`, undefined, user)).body.code).toBe('submitted');

    // The submitted report keeps its own rows: gone raw readings change nothing.
    await t.deps.db.deleteFrom('readings').where('feedId', '=', fridge.feedId).execute();
    const kept = fridgeReport.parse((await call(t.app, 'GET', `/api/medication-fridge-reports/${report.id}`, undefined, viewer)).body.data);
    expect(kept.days).toEqual(updated.days);
    expect(kept.excursions).toEqual(updated.excursions);

    // Audited: create, update, submit.
    const actions = (await t.deps.db.selectFrom('auditLog').select('action').where('action', 'like', 'reports.%').execute()).map((r) => r.action);
    expect(actions).toEqual(['reports.create', 'reports.update', 'reports.submit']);

    // CSV: a day row per day, an excursion row per excursion.
    const csv = await t.app.inject({ method: 'GET', url: `/api/medication-fridge-reports/${report.id}/csv`, headers: { authorization: `Bearer ${viewer}` } });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('record,date,min,max,am_current,pm_current,in_range,checked_by,action,start,end,minutes,peak,cause,stock_outcome');
    expect(lines.filter((l) => l.startsWith('day,'))).toHaveLength(31);
    expect(lines.filter((l) => l.startsWith('excursion,'))).toHaveLength(2);

    // PDF: parses, and its text holds the site, the fridge and every day.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/medication-fridge-reports/${report.id}/pdf`, headers: { authorization: `Bearer ${viewer}` } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(kept.siteName);
    expect(text).toContain(kept.nodeName);
    for (const d of kept.days) expect(text).toContain(d.date);
    expect(text).toContain('Door left open after delivery');
  });

  it('another company’s report and site are the same 404 as unknown ones', async () => {
    const ids = await demoIds(t.deps);
    const other = plan.nodes.find((n) => n.companyId === ids.harbour && n.deviceType === 'Fridge Probe')!;
    const id = 'harbour-report';
    await t.deps.db
      .insertInto('medicationFridgeReports')
      .values({
        id, companyId: ids.harbour, siteId: other.siteId, nodeId: other.id, period: PERIOD, status: 'draft', dayEntries: '{}', excursionEntries: '{}',
        snapshot: null, createdBy: ids.manager, createdAt: 0, updatedAt: 0, submittedBy: null, submittedAt: null,
      })
      .execute();
    for (const [method, url] of [['GET', `/api/medication-fridge-reports/${id}`], ['GET', `/api/medication-fridge-reports/${id}/pdf`], ['POST', `/api/medication-fridge-reports/${id}/submit`]] as const) {
      expect((await call(t.app, method, url, undefined, user)).status).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/site-dashboard/${other.siteId}/medication-fridge-reports`, undefined, user)).status).toBe(404);
    // A fridge of another site is a field error, not a report.
    const wrong = await call(t.app, 'POST', `/api/site-dashboard/${fridge.siteId}/medication-fridge-reports`, { nodeId: other.id, period: PERIOD }, user);
    expect([wrong.status, wrong.body.message]).toEqual([400, 'nodeId: is not a node of this site']);
  });
});

async function pdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), standardFontDataUrl: fonts, isEvalSupported: false }).promise;
  let text = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join('\n') + '\n';
  }
  return text;
}
