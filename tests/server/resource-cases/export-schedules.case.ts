import { exportSchedule } from '../../../src/api/contract/export-schedules';
import type { Ctx, ResourceCase } from './case';
import { companyOf, otherCompany, rand } from './device-fixtures';

/** A site of the company that has a feed, and that feed: what a schedule's query names. */
async function siteWithFeed(c: Ctx, companyId: string): Promise<{ siteId: string; feedId: string }> {
  const r = await c.t.deps.db
    .selectFrom('feeds as f')
    .innerJoin('nodes as n', 'n.id', 'f.nodeId')
    .select(['n.siteId', 'f.id as feedId'])
    .where('f.companyId', '=', companyId)
    .orderBy('f.id')
    .executeTakeFirstOrThrow();
  return { siteId: r.siteId, feedId: r.feedId };
}

/** An active member of the company; one is made when it has none (Harbour, which the demo members do not belong to). */
async function memberOf(c: Ctx, companyId: string): Promise<string> {
  const db = c.t.deps.db;
  const found = await db.selectFrom('memberships').select('userId').where('companyId', '=', companyId).where('disabled', '=', 0).orderBy('userId').executeTakeFirst();
  if (found) return found.userId;
  return loneUser(c, companyId);
}

/** A user with no membership anywhere, or (given a company) a member of that company only. */
async function loneUser(c: Ctx, companyId?: string): Promise<string> {
  const id = `sched-user-${rand()}`;
  await c.t.deps.db
    .insertInto('users')
    .values({ id, email: `${id}@example.test`, name: id, passwordHash: 'x', mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: Date.now() })
    .execute();
  if (companyId) await c.t.deps.db.insertInto('memberships').values({ userId: id, companyId, role: 'user', disabled: 0, invitedAt: null }).execute();
  return id;
}

const week = { from: '2026-03-02T00:00:00Z', to: '2026-03-09T00:00:00Z', interval: '1hour', aggregation: 2, dataViewType: 'RawData' };

const valid = async (c: Ctx, token?: string) => {
  const companyId = await companyOf(c, token);
  const { siteId, feedId } = await siteWithFeed(c, companyId);
  return { siteId, query: { ...week, feedIds: [feedId] }, every: 'week', recipients: [await memberOf(c, companyId)] };
};

export const resourceCase: ResourceCase = {
  item: exportSchedule,
  create: async (c, name, token) => ({ ...(await valid(c, token)), name }),
  update: () => ({ name: `Renamed ${rand()}`, every: 'month', kind: 'readings-minmax' }),
  bad: [
    { body: async (c) => ({ ...(await valid(c)), name: '' }), field: 'name' },
    { body: async (c) => ({ ...(await valid(c)), siteId: (await siteWithFeed(c, await otherCompany(c))).siteId }), field: 'siteId' },
    { body: async (c) => ({ ...(await valid(c)), siteId: 'no-such-site' }), field: 'siteId' },
    { body: async (c) => ({ ...(await valid(c)), every: 'day' }), field: 'every' },
    { body: async (c) => ({ ...(await valid(c)), kind: 'pdf' }), field: 'kind' },
    { body: async (c) => ({ ...(await valid(c)), recipients: [] }), field: 'recipients' },
    { body: async (c) => ({ ...(await valid(c)), recipients: [await loneUser(c)] }), field: 'recipients' },
    { body: async (c) => ({ ...(await valid(c)), recipients: [await memberOf(c, await otherCompany(c))] }), field: 'recipients' },
    { body: async (c) => ({ ...(await valid(c)), query: week }), field: 'query' },
    { body: async (c) => ({ ...(await valid(c)), query: { ...week, feedIds: [(await siteWithFeed(c, await otherCompany(c))).feedId] } }), field: 'query' },
    { body: async (c) => ({ ...(await valid(c)), query: { ...week, feedIds: ['f1'], from: week.to, to: week.from } }), field: 'query.from' },
    { body: async (c) => ({ ...(await valid(c)), nextRunAt: '2026-01-01T00:00:00Z' }), field: 'nextRunAt' },
  ],
  sortField: 'name',
};
