import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parseCoordinates } from '../../src/api/contract/coordinates';
import { DEFAULT_WORLD } from '../../server/seed/catalogue';
import { countReadings, feedHistory, feedReadings } from '../../server/seed/history';
import { fridgeReports, lastMonths } from '../../server/seed/reports';
import { fridgeReport, type FridgeReport } from '../../src/api/contract/reports';
import { alertEvent } from '../../src/api/contract/alerts';
import { listAnswer } from '../../src/api/contract/list';
import { userIdsOf } from '../../server/db/alerts.repository';
import { planWorld, type WorldCompany, type WorldPlan } from '../../server/seed/plan';
import { DEVICE_TYPES, DOOR_LEFT_OPEN_DAYS, STEP_MS, emergencyTests, feedModel } from '../../server/seed/patterns';
import { localDayStart } from '../../server/monitoring/time';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 10, 12, 7);

/** The six demo companies, as the seed names them (ids made up: nothing is written). */
const COMPANIES: WorldCompany[] = [
  { id: 'c-beacon', name: 'Beacon Estates', customerType: 'Mackwell', timezone: 'Europe/Dublin' },
  { id: 'c-eps', name: 'EPS Facilities', customerType: 'EPS', timezone: 'Europe/Paris' },
  { id: 'c-harbour', name: 'Harbour Pharmacy Group', customerType: 'UKE', timezone: 'Europe/London' },
  { id: 'c-mackwell', name: 'Mackwell Lighting Services', customerType: 'Mackwell', timezone: 'Europe/London' },
  { id: 'c-northwind', name: 'Northwind Care Homes', customerType: 'UKE', timezone: 'Europe/London' },
  { id: 'c-riverside', name: 'Riverside Clinics', customerType: 'EPS', timezone: 'Europe/Madrid' },
];

describe('the default world (planned, not written)', () => {
  const plan = planWorld(COMPANIES, { now: NOW });

  it('has the sizes of the demo world: ≥ 40 sites with sub-sites, ≥ 100 hubs, ≥ 1,000 nodes, every company', () => {
    expect(plan.sites.length).toBeGreaterThanOrEqual(40);
    expect(plan.sites.filter((s) => s.parentSiteId !== null).length).toBeGreaterThanOrEqual(6);
    expect(plan.hubs.length).toBeGreaterThanOrEqual(100);
    expect(plan.nodes.length).toBeGreaterThanOrEqual(1000);
    for (const c of COMPANIES) expect(plan.sites.filter((s) => s.companyId === c.id).length).toBeGreaterThanOrEqual(5);
    for (const t of DEVICE_TYPES) expect(plan.nodes.filter((n) => n.deviceType === t).length).toBeGreaterThanOrEqual(50);
    // Sub-sites belong to a top-level site of the same company.
    for (const s of plan.sites.filter((x) => x.parentSiteId)) {
      const parent = plan.sites.find((p) => p.id === s.parentSiteId)!;
      expect(parent.companyId).toBe(s.companyId);
      expect(parent.parentSiteId).toBeNull();
    }
  });

  it('gives every site DMS coordinates, the position the helper reads from them, and the company time zone', () => {
    for (const s of plan.sites) {
      expect(s.coordinates).toMatch(/^\d+,\d+,\d+\.\d [NS]; \d+,\d+,\d+\.\d [EW]$/);
      expect({ latitude: s.latitude, longitude: s.longitude }).toEqual(parseCoordinates(s.coordinates));
      expect(s.timezone).toBe(COMPANIES.find((c) => c.id === s.companyId)!.timezone);
      expect(s.address.length).toBeGreaterThan(10);
    }
    // Names are unique within a company.
    for (const c of COMPANIES) {
      const names = plan.sites.filter((s) => s.companyId === c.id).map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('holds 90 days of history for every device, raw readings for 90 days on fridges and 7 whole local days on the rest', () => {
    expect(DEFAULT_WORLD).toMatchObject({ fridgeDays: 90, days: 7, historyDays: 90 });
    const fridge = plan.nodes.find((n) => n.deviceType === 'Fridge Probe' && n.quietSince === null && n.id !== plan.failing?.nodeId)!;
    expect(plan.end - fridge.feeds[0]!.from).toBe(90 * DAY);
    expect(fridge.feeds[0]!.rawFrom).toBe(fridge.feeds[0]!.from);
    for (const type of ['Emergency Light', 'Pulse Logger', 'Temperature & Humidity']) {
      const node = plan.nodes.find((n) => n.deviceType === type && n.quietSince === null)!;
      for (const f of node.feeds) {
        expect(plan.end - f.from).toBe(90 * DAY);
        expect(f.rawFrom).toBe(localDayStart(plan.end - 7 * DAY, node.timezone));
      }
    }
    expect(plan.end % STEP_MS).toBe(0);
    const readings = countReadings(plan);
    expect(readings).toBeGreaterThan(1_500_000);
    expect(readings).toBeLessThan(3_000_000);
  });

  it('has quiet devices, a quiet hub, a node never seen, a failing fridge, excursions and one meter reset', () => {
    expect(plan.hubs.filter((h) => h.quietSince !== null)).toHaveLength(1);
    expect(plan.nodes.filter((n) => n.quietSince !== null).length).toBeGreaterThanOrEqual(10);
    expect(plan.nodes.filter((n) => n.quietSince !== null && n.feeds.every((f) => f.from >= n.quietSince!))).toHaveLength(1);
    expect(plan.failing).not.toBeNull();
    expect(plan.excursions.length).toBeGreaterThanOrEqual(10);
    expect(new Set(plan.excursions.map((e) => e.cause)).size).toBe(3);
    expect(plan.resets).toHaveLength(1);
    // Batteries and signal strengths vary, with a few weak ones.
    const batteries = plan.nodes.map((n) => n.batteryPct).filter((b): b is number => b !== null);
    expect(batteries.some((b) => b < 20)).toBe(true);
    expect(plan.nodes.some((n) => n.batteryPct === null)).toBe(true);
    expect(plan.nodes.some((n) => n.signalDbm! < -100)).toBe(true);
  });

  it('is deterministic: the same seed and options give the same world, another seed another', () => {
    const again = planWorld(COMPANIES, { now: NOW });
    expect(again.sites).toEqual(plan.sites);
    expect(again.nodes).toEqual(plan.nodes);
    expect(again.excursions).toEqual(plan.excursions);
    const node = plan.nodes.find((n) => n.deviceType === 'Pulse Logger')!;
    const a = [...feedReadings(plan, node, node.feeds[0]!)].slice(0, 50);
    const b = [...feedReadings(again, again.nodes.find((n) => n.id === node.id)!, node.feeds[0]!)].slice(0, 50);
    expect(b).toEqual(a);
    expect(planWorld(COMPANIES, { now: NOW, seed: 7 }).nodes[0]!.id).not.toBe(plan.nodes[0]!.id);
  });

  it('keeps fridge logs: earlier months submitted with checks and excursion records, the last month partly drafts, some not started', () => {
    const signer = { id: 'u-signer', name: 'Max Manager' };
    const fridges = plan.nodes.filter((n) => n.deviceType === 'Fridge Probe');
    const lastMonth = lastMonths(plan);
    const rows = fridges.flatMap((node) => {
      const feed = node.feeds.find((f) => f.signalKey === 'temperature')!;
      return fridgeReports(plan, plan.sites.find((s) => s.id === node.siteId)!, node, feed, feedHistory(plan, node, feed), lastMonth.get(node.id)!, signer);
    });
    // NOW is in March: 90 days of raw history cover January and February whole.
    expect(new Set(rows.map((r) => r.period))).toEqual(new Set(['2026-01', '2026-02']));
    const last = rows.filter((r) => r.period === '2026-02');
    expect(fridges.filter((n) => !last.some((r) => r.nodeId === n.id)).length).toBeGreaterThanOrEqual(1);
    expect(last.filter((r) => r.status === 'draft').length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.status === 'submitted').length).toBeGreaterThan(fridges.length);
    for (const r of rows.filter((x) => x.status === 'submitted')) {
      const report = fridgeReport.parse(JSON.parse(r.snapshot!));
      expect(report).toMatchObject({ status: 'submitted', submittedBy: 'Max Manager', nodeId: r.nodeId, period: r.period });
      expect(report.days.filter((d) => d.checkedBy).length).toBeGreaterThan(report.days.length / 2);
      for (const x of report.excursions) expect(x.cause).toBeTruthy();
      expect(Number(r.submittedAt)).toBeLessThanOrEqual(NOW);
    }
    // Every planned excursion of a logged month has its cause on the submitted log.
    const recorded = rows.filter((r) => r.status === 'submitted').flatMap((r) => (JSON.parse(r.snapshot!) as FridgeReport).excursions);
    expect(recorded.some((x) => /power cut|thermostat|door left open/i.test(x.cause ?? ''))).toBe(true);
    // The same seed gives the same logs.
    const node = fridges.find((n) => lastMonth.get(n.id) === 'draft')!;
    const feed = node.feeds.find((f) => f.signalKey === 'temperature')!;
    const again = planWorld(COMPANIES, { now: NOW });
    const againNode = again.nodes.find((n) => n.id === node.id)!;
    expect(lastMonths(again)).toEqual(lastMonth);
    expect(fridgeReports(again, again.sites.find((s) => s.id === node.siteId)!, againNode, feed, feedHistory(again, againNode, feed), 'draft', signer)).toEqual(rows.filter((r) => r.nodeId === node.id));
  });

  it('gives hubs and nodes random-looking serials: unique, never consecutive, never a constant step apart', () => {
    for (const [prefix, serials] of [['SWH', plan.hubs.map((h) => h.serial)], ['node', plan.nodes.map((n) => n.serial)]] as const) {
      expect(new Set(serials).size, prefix).toBe(serials.length);
      const numbers = serials.map((s) => Number(/(\d+)$/.exec(s)![1]));
      // In the order they were made: one step between each and the next would be a counter in disguise.
      const steps = new Set(numbers.slice(1).map((x, i) => x - numbers[i]!));
      expect(steps.size, prefix).toBeGreaterThan(numbers.length / 2);
      // Nor any two consecutive numbers, in any order.
      const sorted = [...numbers].sort((a, b) => a - b);
      expect(sorted.slice(1).every((x, i) => x - sorted[i]! > 1), prefix).toBe(true);
    }
    expect(plan.hubs.every((h) => /^SWH-\d{7}$/.test(h.serial))).toBe(true);
    expect(plan.nodes.every((n) => /^(FP|TH|EL|PL)-\d{8}$/.test(n.serial))).toBe(true);
    // The same seed, the same serials.
    expect(planWorld(COMPANIES, { now: NOW }).hubs.map((h) => h.serial)).toEqual(plan.hubs.map((h) => h.serial));
  });

  it('scales with --sites', () => {
    const big = planWorld(COMPANIES, { now: NOW, sites: 200, days: 1, fridgeDays: 1 });
    expect(big.sites).toHaveLength(200);
    expect(big.nodes.length).toBeGreaterThan(4000);
    expect(new Set(big.hubs.map((h) => h.serial)).size).toBe(big.hubs.length);
  });
});

describe('device patterns', () => {
  const model = (deviceType: string, signalKey: string, serial: string) =>
    feedModel({ deviceType, signalKey, serial, timezone: 'Europe/London', customerType: 'UKE' })!;
  const steps = (from: number, days: number) => Array.from({ length: (days * DAY) / STEP_MS }, (_, i) => from + i * STEP_MS);

  it('keeps a healthy fridge in 2–8 °C, with daytime door spikes and a nightly defrost', () => {
    let inside = 0;
    let total = 0;
    for (let i = 0; i < 20; i++) {
      const m = model('Fridge Probe', 'temperature', `FP-T${i}`);
      if (m.kind !== 'instant') throw new Error('instant expected');
      const values = steps(NOW - 30 * DAY, 30).map((ts) => m.at(ts));
      inside += values.filter((v) => v >= 2 && v <= 8).length;
      total += values.length;
      const sorted = [...values].sort((a, b) => a - b);
      const median = sorted[sorted.length >> 1]!;
      // Spikes and defrosts rise well above the setpoint.
      expect(values.filter((v) => v > median + 1.3).length).toBeGreaterThan(30);
    }
    expect(inside / total).toBeGreaterThan(0.99);
  });

  it('runs a monthly emergency-light test: lamp on for 45 minutes, battery down then recharged', () => {
    // A light whose January and February tests pass (EL-T1 fails January's: see the next test).
    const serial = 'EL-T2';
    const lamp = model('Emergency Light', 'lamp', serial);
    const battery = model('Emergency Light', 'battery', serial);
    if (lamp.kind !== 'instant' || battery.kind !== 'instant') throw new Error('instant expected');
    // January and February 2026 exactly: two months, two tests.
    const times = steps(Date.UTC(2026, 0, 1), 59);
    const on = times.filter((ts) => lamp.at(ts) === 1);
    expect(on).toHaveLength(2 * 3);
    // Two tests a month apart, each three consecutive steps.
    expect(on[3]! - on[0]!).toBeGreaterThan(27 * DAY);
    const lowest = Math.min(...times.map((ts) => battery.at(ts)));
    expect(lowest).toBeLessThan(90);
    expect(battery.at(on[2]! + 10 * HOUR)).toBe(100);
    expect(times.every((ts) => [0, 1].includes(lamp.at(ts)))).toBe(true);
  });

  it('fails about one emergency-light test in twelve: lamp out within a quarter of an hour, battery flat, then recharged', () => {
    const year = steps(Date.UTC(2025, 0, 1), 365);
    let tests = 0;
    let failed = 0;
    for (let i = 0; i < 40; i++) {
      const lamp = model('Emergency Light', 'lamp', `EL-T${i}`);
      const battery = model('Emergency Light', 'battery', `EL-T${i}`);
      if (lamp.kind !== 'instant' || battery.kind !== 'instant') throw new Error('instant expected');
      for (const start of emergencyTests(`EL-T${i}`, 'Europe/London', year[0]!, year[year.length - 1]!)) {
        tests++;
        if (lamp.at(start + 15 * 60_000) === 1) continue;
        failed++;
        expect(lamp.at(start)).toBe(1);
        expect(battery.at(start + 30 * 60_000)).toBeLessThan(10);
        // Below the lighting rule's 20 % for over an hour, then back to what it holds within 8 hours of the test.
        expect(battery.at(start + 90 * 60_000)).toBeLessThan(20);
        expect(battery.at(start + 9 * HOUR)).toBeGreaterThan(25);
      }
    }
    expect(tests).toBe(40 * 12);
    expect(failed / tests).toBeGreaterThan(1 / 20);
    expect(failed / tests).toBeLessThan(1 / 7);
  });

  it('leaves a fridge door open now and then: above 8 °C for over half an hour, about once in two months per fridge', () => {
    let incidents = 0;
    const days = 120;
    for (let i = 0; i < 30; i++) {
      const m = model('Fridge Probe', 'temperature', `FP-T${i}`);
      if (m.kind !== 'instant') throw new Error('instant expected');
      let run = 0;
      for (const ts of steps(NOW - days * DAY, days)) {
        run = m.at(ts) > 8 ? run + 1 : 0;
        // Three readings above 8 °C in a row span the cold-chain rule's 30 minutes.
        if (run === 3) incidents++;
      }
    }
    expect(incidents / 30).toBeGreaterThan(days / DOOR_LEFT_OPEN_DAYS / 2);
    expect(incidents / 30).toBeLessThan((days / DOOR_LEFT_OPEN_DAYS) * 2);
  });

  it('integrates pulse counters from rates that are never negative', () => {
    for (const key of ['energy', 'water']) {
      const m = model('Pulse Logger', key, `PL-T-${key}`);
      if (m.kind !== 'counter') throw new Error('counter expected');
      const rates = steps(NOW - 7 * DAY, 7).map((ts) => m.ratePerHour(ts));
      expect(rates.every((r) => r >= 0)).toBe(true);
      expect(rates.some((r) => r > 0)).toBe(true);
      expect(m.start).toBeGreaterThan(0);
    }
  });
});

describe.each([['small world written to the database']])('%s', () => {
  let t: TestApp;
  let plan: WorldPlan;
  const byFeed = new Map<string, { ts: number; value: number }[]>();

  beforeAll(async () => {
    t = await buildTestApp();
    const seeded = await seedSmallWorld(t.deps, { now: NOW });
    plan = seeded.plan;
    const rows = await t.deps.db.selectFrom('readings').select(['feedId', 'ts', 'value']).orderBy('feedId').orderBy('ts').execute();
    for (const r of rows) {
      let list = byFeed.get(r.feedId);
      if (!list) byFeed.set(r.feedId, (list = []));
      list.push({ ts: Number(r.ts), value: r.value });
    }
  });
  afterAll(() => t.close());

  const feedsOf = (deviceType: string) => plan.nodes.filter((n) => n.deviceType === deviceType).flatMap((n) => n.feeds);

  it('stores exactly the planned readings, through storeReadings (rollups and latest values kept)', async () => {
    const total = [...byFeed.values()].reduce((s, l) => s + l.length, 0);
    expect(total).toBe(countReadings(plan));
    const latest = await t.deps.db.selectFrom('feedLatest').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(latest.n)).toBe(byFeed.size);
    const rollups = await t.deps.db.selectFrom('readingRollups').select(sql<number>`count(*)`.as('n')).where('grain', '=', '1d').executeTakeFirstOrThrow();
    expect(Number(rollups.n)).toBeGreaterThan(byFeed.size);
  });

  it('keeps fridges mostly in 2–8 °C, with every planned excursion and open incident out of range', () => {
    // Two days of a small world are mostly planned incidents' time: judge the pattern outside them.
    const open = new Set(plan.open.map((o) => o.feedId));
    const fridgeFeeds = feedsOf('Fridge Probe').filter((f) => f.id !== plan.failing!.feedId && !open.has(f.id));
    const planned = (feedId: string, ts: number) => plan.excursions.some((e) => e.feedId === feedId && ts >= e.from && ts < e.to);
    const values = fridgeFeeds.flatMap((f) => (byFeed.get(f.id) ?? []).filter((r) => !planned(f.id, r.ts))).map((r) => r.value);
    expect(values.length).toBeGreaterThan(1000);
    expect(values.filter((v) => v >= 2 && v <= 8).length / values.length).toBeGreaterThan(0.95);
    expect(plan.excursions.length).toBeGreaterThanOrEqual(3);
    for (const e of plan.excursions) {
      const inside = (byFeed.get(e.feedId) ?? []).filter((r) => r.ts >= e.from && r.ts < e.to);
      expect(inside.length).toBeGreaterThanOrEqual(4);
      expect(inside.some((r) => r.value < 2 || r.value > 8)).toBe(true);
    }
    for (const o of plan.open.filter((x) => feedsOf('Fridge Probe').some((f) => f.id === x.feedId))) {
      expect(byFeed.get(o.feedId)!.at(-1)!.value).toBeGreaterThan(8);
    }
  });

  it('has the failing fridge out of range now, and in range before it began to fail', async () => {
    const f = plan.failing!;
    const latest = await t.deps.db.selectFrom('feedLatest').selectAll().where('feedId', '=', f.feedId).executeTakeFirstOrThrow();
    expect(Number(latest.ts)).toBe(plan.end);
    expect(latest.value).toBeGreaterThan(9);
    const before = (byFeed.get(f.feedId) ?? []).filter((r) => r.ts < f.from);
    expect(before.filter((r) => r.value <= 8).length / before.length).toBeGreaterThan(0.9);
  });

  it('never lets a counter go down, except at the documented meter replacement', () => {
    const resets = new Map(plan.resets.map((r) => [r.feedId, r.at]));
    let checked = 0;
    for (const feed of [...feedsOf('Pulse Logger')]) {
      const rows = byFeed.get(feed.id) ?? [];
      for (let i = 1; i < rows.length; i++) {
        checked++;
        if (rows[i]!.value < rows[i - 1]!.value) expect(rows[i]!.ts).toBe(resets.get(feed.id));
      }
    }
    expect(checked).toBeGreaterThan(1000);
    const [reset] = plan.resets;
    const rows = byFeed.get(reset!.feedId)!;
    const at = rows.findIndex((r) => r.ts === reset!.at);
    expect(rows[at]!.value).toBeLessThan(rows[at - 1]!.value);
  });

  it('keeps lamps at 0/1 and batteries within 0–100', () => {
    for (const f of feedsOf('Emergency Light')) {
      for (const r of byFeed.get(f.id) ?? []) {
        if (f.signalKey === 'lamp') expect([0, 1]).toContain(r.value);
        else expect(r.value >= 0 && r.value <= 100).toBe(true);
      }
    }
  });

  it('leaves last month unreported at each company\'s first site with fridges, and every seeded report whole', async () => {
    const reports = await t.deps.db.selectFrom('medicationFridgeReports').selectAll().execute();
    const fridges = plan.nodes.filter((n) => n.deviceType === 'Fridge Probe');
    const unreported = fridges.filter((n) => !reports.some((r) => r.nodeId === n.id && r.period === '2026-02'));
    // Every company with fridges has one, so a demo user of any of them can add last month's report.
    for (const companyId of new Set(fridges.map((n) => n.companyId))) expect(unreported.some((n) => n.companyId === companyId), companyId).toBe(true);
    for (const r of reports.filter((x) => x.status === 'submitted')) expect(fridgeReport.parse(JSON.parse(r.snapshot!)).status).toBe('submitted');
  });

  it('leaves quiet devices quiet: last seen before they went quiet, hubs included; the new node never seen', async () => {
    const nodes = new Map((await t.deps.db.selectFrom('nodes').select(['id', 'lastSeenAt']).execute()).map((n) => [n.id, n.lastSeenAt]));
    const hubs = new Map((await t.deps.db.selectFrom('hubs').select(['id', 'lastSeenAt']).execute()).map((h) => [h.id, h.lastSeenAt]));
    const quietHub = plan.hubs.find((h) => h.quietSince !== null)!;
    expect(Number(hubs.get(quietHub.id))).toBeLessThan(quietHub.quietSince!);
    for (const n of plan.nodes) {
      const seen = nodes.get(n.id);
      const quiet = n.hubId === quietHub.id ? quietHub.quietSince : n.quietSince;
      if (quiet === null) expect(Number(seen)).toBe(plan.end);
      else if (n.feeds.every((f) => f.from >= quiet)) expect(seen).toBeNull();
      else expect(Number(seen)).toBeLessThan(quiet);
    }
    for (const h of plan.hubs.filter((x) => x.quietSince === null)) expect(Number(hubs.get(h.id))).toBe(plan.end);
  });
});

describe('fridge logs of a written world with several fridge sites', () => {
  let t: TestApp;
  let plan: WorldPlan;
  beforeAll(async () => {
    t = await buildTestApp();
    // Forty days of fridge readings before NOW (10 March) cover February whole.
    ({ plan } = await seedSmallWorld(t.deps, { now: NOW, sites: 24, fridgeDays: 40 }));
  });
  afterAll(() => t.close());

  it('holds submitted reports and drafts for last month, and a fridge without one that a user can add', async () => {
    const reports = await t.deps.db.selectFrom('medicationFridgeReports').selectAll().execute();
    const submitted = reports.filter((r) => r.status === 'submitted');
    expect(submitted.length).toBeGreaterThanOrEqual(2);
    expect(reports.filter((r) => r.status === 'draft').length).toBeGreaterThanOrEqual(1);
    expect(new Set(reports.map((r) => r.period))).toEqual(new Set(['2026-02']));
    for (const r of submitted) {
      const report = fridgeReport.parse(JSON.parse(r.snapshot!));
      expect(report.days).toHaveLength(28);
      expect(report.days.every((d) => d.min !== null)).toBe(true);
      expect(report.days.some((d) => d.checkedBy)).toBe(true);
      expect(report.submittedBy).toBeTruthy();
    }
    const ids = await demoIds(t.deps);
    const user = (await signIn(t.app, DEMO.user)).accessToken as string;
    const fridges = plan.nodes.filter((n) => n.deviceType === 'Fridge Probe' && n.companyId === ids.northwind);
    const open = fridges.find((n) => !reports.some((r) => r.nodeId === n.id))!;
    const done = fridges.find((n) => submitted.some((r) => r.nodeId === n.id))!;
    expect(open).toBeDefined();
    expect(done).toBeDefined();
    const add = (n: { id: string; siteId: string }) => call(t.app, 'POST', `/api/site-dashboard/${n.siteId}/medication-fridge-reports`, { nodeId: n.id, period: '2026-02' }, user);
    expect((await add(open)).status).toBe(201);
    expect((await add(done)).body.code).toBe('exists');
    // A seeded submitted report reads back as it was submitted, signed by the company's manager.
    const mine = submitted.find((r) => r.nodeId === done.id)!;
    const read = await call(t.app, 'GET', `/api/medication-fridge-reports/${mine.id}`, undefined, user);
    expect(fridgeReport.parse(read.body.data)).toMatchObject({ status: 'submitted', submittedBy: 'Max Manager', nodeId: done.id });
  });
});

describe('the alert history of a written world (90 days, every company)', () => {
  let t: TestApp;
  let plan: WorldPlan;
  type Row = Awaited<ReturnType<typeof readEvents>>[number];
  let events: Row[] = [];
  const history = new Map<string, { action: string; userId: string | null; at: number; comment: string | null }[]>();
  let members = new Map<string, Set<string>>();
  const readEvents = () =>
    t.deps.db
      .selectFrom('alertEvents as e')
      .innerJoin('alertRules as r', 'r.id', 'e.ruleId')
      .selectAll('e')
      .select(['r.companyId as ruleCompanyId', 'r.scopeFeedId', 'r.scopeNodeId', 'r.scopeSiteId', 'r.scopeSignalTypeId', 'r.severity as ruleSeverity',
        'r.escalateTo', 'r.escalateAfterMinutes', 'r.mutedUntil'])
      .execute();

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps, { now: NOW, days: 2, fridgeDays: 90, historyDays: 90 }));
    events = await readEvents();
    for (const h of await t.deps.db.selectFrom('alertEventHistory').selectAll().orderBy('at').execute()) {
      history.set(h.eventId, [...(history.get(h.eventId) ?? []), { action: h.action, userId: h.userId, at: Number(h.at), comment: h.comment }]);
    }
    const rows = await t.deps.db.selectFrom('memberships').select(['companyId', 'userId']).where('disabled', '=', 0).where('invitedAt', 'is', null).execute();
    members = new Map();
    for (const r of rows) members.set(r.companyId, new Set([...(members.get(r.companyId) ?? []), r.userId]));
  }, 120_000);
  afterAll(() => t.close());

  const companies = () => [...new Set(plan.sites.map((s) => s.companyId))];
  const of = (companyId: string) => events.filter((e) => e.companyId === companyId);
  const actions = (e: Row) => (history.get(e.id) ?? []).map((h) => h.action);

  it('gives every company events of the last 7 days, one critical that nobody has answered, one acknowledged past its escalation, one muted', () => {
    expect(companies()).toHaveLength(6);
    for (const c of companies()) {
      const mine = of(c);
      expect(mine.filter((e) => Number(e.startedAt) >= NOW - 7 * DAY).length, c).toBeGreaterThanOrEqual(3);
      const waiting = mine.filter((e) => e.state === 'active' && e.severity === 'critical' && e.acknowledgedBy === null && e.endedAt === null && !e.muted);
      expect(waiting.length, c).toBeGreaterThanOrEqual(1);
      const escalated = mine.filter((e) => {
        if (e.state !== 'acknowledged' || e.endedAt !== null || !e.escalateAfterMinutes || userIdsOf(e.escalateTo).length === 0) return false;
        const due = Number(e.openedAt) + Number(e.escalateAfterMinutes) * 60_000;
        const steps = (history.get(e.id) ?? []).filter((h) => h.action === 'escalated');
        // Escalated before anyone answered: the step is in the history, at its time, and counted on the event.
        return Number(e.acknowledgedAt) > due && steps.length === Number(e.escalationSteps) && steps.length >= 1 && steps[0]!.at === due;
      });
      expect(escalated.length, c).toBeGreaterThanOrEqual(1);
      const muted = mine.filter((e) => e.muted && e.state !== 'resolved' && e.endedAt === null);
      expect(muted.length, c).toBeGreaterThanOrEqual(1);
      for (const e of muted) expect(Number(e.mutedUntil), c).toBeGreaterThan(NOW);
    }
  });

  it('keeps resolved events over at least 60 of the last 90 days, each acknowledged with a comment, assigned and resolved by members', () => {
    for (const c of companies()) {
      const resolved = of(c).filter((e) => e.state === 'resolved');
      const starts = resolved.map((e) => Number(e.startedAt));
      expect(Math.min(...starts), c).toBeGreaterThanOrEqual(NOW - 90 * DAY);
      expect(Math.max(...starts) - Math.min(...starts), c).toBeGreaterThanOrEqual(60 * DAY);
      for (const e of resolved) {
        const h = history.get(e.id)!;
        expect(members.get(c)!.has(e.acknowledgedBy!), e.id).toBe(true);
        expect(members.get(c)!.has(e.assigneeId!), e.id).toBe(true);
        const said = h.filter((x) => x.comment);
        expect(said.length, e.id).toBeGreaterThanOrEqual(1);
        for (const x of said) expect(members.get(c)!.has(x.userId!), e.id).toBe(true);
        // In the order it happened: opened, ended, and only then resolved; acknowledged when the event says.
        expect(h[0]!.action, e.id).toBe('opened');
        expect(h[h.length - 1]!.action, e.id).toBe('resolve');
        expect(h.find((x) => x.action === 'ended')!.at).toBe(Number(e.endedAt));
        expect(h.find((x) => x.action === 'acknowledge')).toMatchObject({ userId: e.acknowledgedBy, at: Number(e.acknowledgedAt) });
        expect(h.filter((x) => x.action === 'escalated')).toHaveLength(Number(e.escalationSteps));
        expect(h.every((x) => x.at <= NOW)).toBe(true);
      }
    }
  });

  it('opens events only from real rules of the company, scoped to the event, and never two open for one rule and feed', async () => {
    const feeds = new Map((await t.deps.db.selectFrom('feeds').innerJoin('nodes', 'nodes.id', 'feeds.nodeId').select(['feeds.id', 'feeds.nodeId', 'nodes.siteId', 'feeds.signalTypeId']).execute()).map((f) => [f.id, f]));
    for (const e of events) {
      const f = feeds.get(e.feedId!)!;
      expect(e.ruleCompanyId).toBe(e.companyId);
      expect(e.severity).toBe(e.ruleSeverity);
      expect({ nodeId: e.nodeId, siteId: e.siteId }).toEqual({ nodeId: f.nodeId, siteId: f.siteId });
      const scoped = e.scopeFeedId === e.feedId || e.scopeNodeId === e.nodeId || (e.scopeSiteId === e.siteId && e.scopeSignalTypeId === f.signalTypeId);
      expect(scoped, e.ruleId).toBe(true);
      expect(actions(e).includes('ended'), e.id).toBe(e.endedAt !== null);
    }
    for (const open of [events.filter((e) => e.endedAt === null), events.filter((e) => e.state !== 'resolved')]) {
      const keys = open.map((e) => `${e.ruleId}|${e.feedId}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('mails nobody about the past: every notification counts as sent, and a muted event has none', async () => {
    const unsent = await t.deps.db.selectFrom('alertNotifications').select('id').where('sentAt', 'is', null).execute();
    expect(unsent).toEqual([]);
    const muted = events.filter((e) => e.muted).map((e) => e.id);
    expect(await t.deps.db.selectFrom('alertNotifications').select('id').where('eventId', 'in', muted).execute()).toEqual([]);
  });

  it('shows every company events on the Alert Events screen’s default week, in the contract’s shape, comments named', async () => {
    const admin = (await signInAdmin(t.app)).accessToken as string;
    const from = new Date(NOW - 7 * DAY).toISOString();
    for (const companyId of companies()) {
      const as = (await call(t.app, 'POST', '/api/shadow-company', { companyId }, admin)).body.data.accessToken as string;
      const r = await call(t.app, 'GET', `/api/alertevents?from=${encodeURIComponent(from)}`, undefined, as);
      expect(r.status).toBe(200);
      const listed = listAnswer(alertEvent).parse(r.body);
      expect(listed.total, companyId).toBeGreaterThanOrEqual(3);
      expect(listed.data.some((e) => e.comments.length > 0 && e.comments.every((x) => x.name !== '')), companyId).toBe(true);
    }
  });
});
