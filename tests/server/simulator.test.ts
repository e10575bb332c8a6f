import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../server/jobs/simulator';
import { STEP_MS, feedModel, reported } from '../../server/seed/patterns';
import { quietOf, type PlannedFeed, type PlannedNode, type WorldPlan } from '../../server/seed/plan';
import { buildTestApp, type TestApp } from './helpers';
import { seedSmallWorld } from './world-fixture';

const MINUTE = 60_000;

describe('the simulator', () => {
  let t: TestApp;
  let plan: WorldPlan;
  let sim: Simulator;
  const now = Math.floor(Date.now() / STEP_MS) * STEP_MS;

  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps, { now }));
    sim = startSimulator(t.deps.db, { periodMs: MINUTE, now: () => now });
  });
  afterAll(async () => {
    await sim.stop();
    await t.close();
  });

  const latest = async () =>
    new Map((await t.deps.db.selectFrom('feedLatest').selectAll().execute()).map((r) => [r.feedId, { ts: Number(r.ts), value: r.value }]));
  const quietHub = () => plan.hubs.find((h) => h.quietSince !== null)!;
  const liveNodes = () => plan.nodes.filter((n) => n.quietSince === null && n.hubId !== quietHub().id);
  const quietNodes = () => plan.nodes.filter((n) => !liveNodes().includes(n));

  it('appends one reading per live feed per period, continuing each pattern; quiet devices stay quiet', async () => {
    const before = await latest();
    const at = plan.end + MINUTE;
    const stored = await sim.tick(at);
    const after = await latest();
    const liveFeeds = liveNodes().flatMap((n) => n.feeds);
    expect(stored).toBe(liveFeeds.length);
    for (const n of liveNodes()) {
      for (const f of n.feeds) {
        const l = after.get(f.id)!;
        expect(l.ts).toBe(at);
        const model = feedModel({ ...n, signalKey: f.signalKey })!;
        if (model.kind === 'counter') expect(l.value).toBeGreaterThanOrEqual(before.get(f.id)!.value);
        else if (f.id !== plan.failing!.feedId && !plan.open.some((o) => o.feedId === f.id)) expect(l.value).toBe(reported(model, model.at(at)));
      }
    }
    for (const n of quietNodes()) for (const f of n.feeds) expect(after.get(f.id)).toEqual(before.get(f.id));
    // The failing fridge keeps failing, and so do the incidents still open at the end of the history.
    expect(after.get(plan.failing!.feedId)!.value).toBeGreaterThan(8);
    for (const o of plan.open) {
      const node = plan.nodes.find((n) => n.id === o.nodeId)!;
      if (node.deviceType === 'Fridge Probe') expect(after.get(o.feedId)!.value, node.name).toBeGreaterThan(8);
      else expect(after.get(o.feedId)!.value, node.name).toBeLessThan(20);
    }
  });

  it('stores nothing twice: a round for the same instant is all duplicates', async () => {
    expect(await sim.tick(plan.end + MINUTE)).toBe(0);
  });

  it('fills a gap after a restart at 15-minute steps, and the quiet devices still stay quiet', async () => {
    const at = plan.end + 2 * 3_600_000 + 3 * MINUTE;
    const again = startSimulator(t.deps.db, { periodMs: MINUTE, now: () => at });
    try {
      const stored = await again.tick(at);
      // 8 quarter-hours after the last one, then the instant itself.
      expect(stored).toBe(liveNodes().flatMap((n) => n.feeds).length * 9);
      const after = await latest();
      for (const n of quietNodes()) for (const f of n.feeds) expect(after.get(f.id)?.ts ?? null).not.toBe(at);
    } finally {
      await again.stop();
    }
    const resets = new Set(plan.resets.map((r) => r.feedId));
    const counter = liveNodes().flatMap((n) => (n.deviceType === 'Pulse Logger' ? n.feeds : [])).find((f) => !resets.has(f.id))!;
    const rows = await t.deps.db.selectFrom('readings').select(['ts', 'value']).where('feedId', '=', counter.id).orderBy('ts').execute();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.value).toBeGreaterThanOrEqual(rows[i - 1]!.value);
  });

  it('moves the devices it feeds to online: last seen at the newest reading', async () => {
    const n = liveNodes()[0]!;
    const row = await t.deps.db.selectFrom('nodes').select('lastSeenAt').where('id', '=', n.id).executeTakeFirstOrThrow();
    expect(Number(row.lastSeenAt)).toBe(plan.end + 2 * 3_600_000 + 3 * MINUTE);
  });
});

describe('the simulator’s own incidents', () => {
  const HOUR = 3_600_000;
  const NOW = Date.UTC(2026, 2, 10, 12, 7);
  let t: TestApp;
  let plan: WorldPlan;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps, { now: NOW }));
  });
  afterAll(() => t.close());

  /**
   * The first run after the history's end in which a live device's own pattern breaches `breaches` for `readings`
   * readings in a row, and the reading that clears it (`clears`): what the simulator is bound to send.
   */
  function nextIncident(deviceType: string, signalKey: string, breaches: (v: number) => boolean, readings: number, clears: (v: number) => boolean) {
    const open = new Set(plan.open.map((o) => o.nodeId));
    const nodes = plan.nodes.filter((n) => n.deviceType === deviceType && quietOf(plan, n) === null && n.id !== plan.failing?.nodeId && !open.has(n.id));
    let best: { node: PlannedNode; feed: PlannedFeed; from: number; to: number } | null = null;
    for (const node of nodes) {
      const feed = node.feeds.find((f) => f.signalKey === signalKey)!;
      const model = feedModel({ ...node, signalKey })!;
      if (model.kind !== 'instant') continue;
      let run = 0;
      for (let ts = plan.end + STEP_MS; ts < (best?.from ?? plan.end + 40 * 86_400_000); ts += STEP_MS) {
        run = breaches(model.at(ts)) ? run + 1 : 0;
        if (run < readings) continue;
        const from = ts - (readings - 1) * STEP_MS;
        let to = ts;
        while (!clears(model.at(to))) to += STEP_MS;
        best = { node, feed, from, to };
        break;
      }
    }
    return best;
  }

  /** Runs the simulator up to an incident and through it, as a server that was up all along would. */
  async function liveThrough(incident: { from: number; to: number }) {
    // Six hours of backfill spans the incident and the hours either side, without filling the days before it.
    const sim = startSimulator(t.deps.db, { periodMs: STEP_MS, now: () => incident.to, backfillMs: 6 * HOUR });
    try {
      await sim.tick(incident.from - 2 * HOUR);
      await sim.tick(incident.to + HOUR);
    } finally {
      await sim.stop();
    }
  }

  const eventsOf = (ruleId: string, feedId: string, from: number) =>
    t.deps.db.selectFrom('alertEvents').selectAll().where('ruleId', '=', ruleId).where('feedId', '=', feedId).where('startedAt', '>=', from).execute();

  it('leaves a fridge door open now and then: above 8 °C long enough to open an event through ingest, which ends when it is shut', async () => {
    const incident = nextIncident('Fridge Probe', 'temperature', (v) => v > 8, 3, (v) => v <= 7.5);
    expect(incident, 'a door left open within 40 days').not.toBeNull();
    await liveThrough(incident!);
    const [event, ...more] = await eventsOf(`rule-${incident!.feed.id}`, incident!.feed.id, incident!.from - HOUR);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ state: 'active', severity: 'critical', startedAt: incident!.from, endedAt: incident!.to });
    expect(event!.peak).toBeGreaterThan(8);
    // Mailed as a live breach is: to the rule's recipients, queued with the readings.
    const mails = await t.deps.db.selectFrom('alertNotifications').select(['kind']).where('eventId', '=', event!.id).execute();
    expect(mails.map((m) => m.kind).sort()).toEqual(expect.arrayContaining(['ended', 'opened']));
  });

  it('lets an emergency light fail its monthly test: its battery opens an event under 20 %, ended once recharged', async () => {
    const incident = nextIncident('Emergency Light', 'battery', (v) => v < 20, 2, (v) => v >= 25);
    expect(incident, 'a failed test within 40 days').not.toBeNull();
    await liveThrough(incident!);
    const [event, ...more] = await eventsOf(`rule-lights-${incident!.node.siteId}`, incident!.feed.id, incident!.from - HOUR);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ state: 'active', startedAt: incident!.from, endedAt: incident!.to });
    expect(event!.peak).toBeLessThan(20);
  });
});
