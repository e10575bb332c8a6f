import { alertRule } from '../../../src/api/contract/alerts';
import type { Ctx, ResourceCase } from './case';
import { builtInType, companyOf, feedOf, otherCompany, siteOf } from './device-fixtures';

const valid = async (c: Ctx, token?: string) => ({
  name: 'Fridge out of range',
  enabled: true,
  scope: { feedId: await feedOf(c, await companyOf(c, token)) },
  condition: 'outside',
  low: 2,
  high: 8,
  forMinutes: 30,
  clearBy: 0.5,
  severity: 'critical',
  recipients: [],
});

export const resourceCase: ResourceCase = {
  item: alertRule,
  create: async (c, name, token) => ({ ...(await valid(c, token)), name }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, forMinutes: 45, severity: 'major' }),
  bad: [
    { body: async (c) => ({ ...(await valid(c)), name: '' }), field: 'name' },
    { body: async (c) => ({ ...(await valid(c)), high: null }), field: 'high' },
    { body: async (c) => ({ ...(await valid(c)), clearBy: 4 }), field: 'clearBy' },
    { body: async (c) => ({ ...(await valid(c)), severity: 'huge' }), field: 'severity' },
    { body: async (c) => ({ ...(await valid(c)), forMinutes: -1 }), field: 'forMinutes' },
    { body: async (c) => ({ ...(await valid(c)), escalateTo: [] , escalateAfterMinutes: 0 }), field: 'escalateAfterMinutes' },
    { body: async (c) => ({ ...(await valid(c)), scope: { feedId: await feedOf(c, await otherCompany(c)) } }), field: 'scope' },
    { body: async (c) => ({ ...(await valid(c)), scope: { siteId: await siteOf(c, await otherCompany(c)), signalTypeId: await builtInType(c) } }), field: 'scope' },
    { body: async (c) => ({ ...(await valid(c)), recipients: ['no-such-user'] }), field: 'recipients' },
    { body: async (c) => ({ ...(await valid(c)), colour: 'red' }), field: 'colour' },
  ],
  async use(c, created) {
    const companyId = await companyOf(c);
    const feedId = await feedOf(c, companyId);
    const feed = await c.t.deps.db
      .selectFrom('feeds')
      .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
      .select(['nodes.id as nodeId', 'nodes.siteId'])
      .where('feeds.id', '=', feedId)
      .executeTakeFirstOrThrow();
    const at = Date.now() - 3_600_000;
    await c.t.deps.db
      .insertInto('alertEvents')
      .values({
        id: `event-${Math.random().toString(36).slice(2, 10)}`, companyId, ruleId: created.id, siteId: feed.siteId, nodeId: feed.nodeId, feedId,
        severity: 'critical', state: 'active', startedAt: at, openedAt: at, endedAt: null, peak: 9, detail: '', acknowledgedBy: null,
        acknowledgedAt: null, assigneeId: null, muted: 0, escalationSteps: 0,
      })
      .execute();
  },
  sortField: 'name',
};
