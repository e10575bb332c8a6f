import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../server/jobs/simulator';
import { STEP_MS, feedModel, reported } from '../../server/seed/patterns';
import type { WorldPlan } from '../../server/seed/plan';
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
        else if (f.id !== plan.failing!.feedId) expect(l.value).toBe(reported(model, model.at(at)));
      }
    }
    for (const n of quietNodes()) for (const f of n.feeds) expect(after.get(f.id)).toEqual(before.get(f.id));
    // The failing fridge keeps failing.
    expect(after.get(plan.failing!.feedId)!.value).toBeGreaterThan(8);
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
