import { feed } from '../../../src/api/contract/feeds';
import { storeReadings } from '../../../server/monitoring/ingest';
import type { Ctx, ResourceCase } from './case';
import { builtInType, companyOf, nodeOf, otherCompany, ownedType } from './device-fixtures';

const valid = async (c: Ctx) => ({ nodeId: await nodeOf(c, await companyOf(c)), signalTypeId: await builtInType(c), name: 'Ok', low: 2, high: 8 });

export const resourceCase: ResourceCase = {
  item: feed,
  create: async (c, name, token) => ({ nodeId: await nodeOf(c, await companyOf(c, token)), signalTypeId: await builtInType(c), name, low: 2, high: 8 }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, low: -1.5, high: 30 }),
  bad: [
    { body: async (c) => ({ ...(await valid(c)), name: '' }), field: 'name' },
    { body: async (c) => ({ ...(await valid(c)), low: 9, high: 3 }), field: 'high' },
    { body: async (c) => ({ ...(await valid(c)), low: 5, high: 5 }), field: 'high' },
    { body: async (c) => ({ ...(await valid(c)), low: '2' }), field: 'low' },
    { body: async (c) => ({ ...(await valid(c)), nodeId: await nodeOf(c, await otherCompany(c)) }), field: 'nodeId' },
    { body: async (c) => ({ ...(await valid(c)), signalTypeId: await ownedType(c, await otherCompany(c)) }), field: 'signalTypeId' },
    { body: async (c) => ({ ...(await valid(c)), signalTypeId: 'no-such-type' }), field: 'signalTypeId' },
  ],
  async use(c, created) {
    await storeReadings(c.t.deps.db, [{ feedId: created.id, ts: Date.now() - 60_000, value: 4.2 }]);
  },
  sortField: 'name',
};
