import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';
import { seedSmallWorld } from '../world-fixture';
import type { WorldPlan } from '../../../server/seed/plan';

describe('the demo world’s alerts', () => {
  let t: TestApp;
  let plan: WorldPlan;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ plan } = await seedSmallWorld(t.deps, { fridgeDays: 20, historyDays: 20 }));
  }, 120_000);
  afterAll(() => t.close());

  it('every fridge probe has its cold-chain and no-data rules, and every company its template in six languages', async () => {
    const fridges = plan.nodes.filter((n) => n.deviceType === 'Fridge Probe');
    const rules = await t.deps.db.selectFrom('alertRules').select(['scopeFeedId', 'condition']).execute();
    expect(rules.filter((r) => r.condition === 'outside')).toHaveLength(fridges.length);
    expect(rules.filter((r) => r.condition === 'no_data')).toHaveLength(fridges.length);
    const companies = new Set(plan.nodes.map((n) => n.companyId));
    const templates = await t.deps.db.selectFrom('messageTemplates').select(['companyId', 'locale']).execute();
    expect(templates).toHaveLength(companies.size * 6);
  });

  it('the history’s excursions opened real events, handled as a team would, and nobody is mailed about the past', async () => {
    const events = await t.deps.db.selectFrom('alertEvents').selectAll().execute();
    const longEnough = plan.excursions.filter((e) => e.to - e.from >= 60 * 60_000);
    expect(events.length).toBeGreaterThanOrEqual(Math.min(1, longEnough.length));
    const resolved = events.filter((e) => e.state === 'resolved');
    for (const e of resolved) {
      const h = await t.deps.db.selectFrom('alertEventHistory').select(['action', 'comment']).where('eventId', '=', e.id).orderBy('at').execute();
      expect(h.map((x) => x.action)).toContain('acknowledge');
      expect(h.find((x) => x.action === 'acknowledge')!.comment).toBeTruthy();
    }
    const unsent = await t.deps.db.selectFrom('alertNotifications').select('id').where('sentAt', 'is', null).execute();
    expect(unsent).toEqual([]);
    if (plan.failing) {
      // The failing fridge is out of range at the end: its event is open.
      const mine = events.filter((e) => e.feedId === plan.failing!.feedId).map((e) => ({ rule: e.ruleId.slice(0, 12), ended: e.endedAt, peak: e.peak }));
      expect(mine.filter((e) => e.ended === null && e.rule.startsWith('rule-') && !e.rule.startsWith('rule-silent'))).toHaveLength(1);
    }
  });
});
