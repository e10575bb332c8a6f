import { node } from '../../../src/api/contract/nodes';
import type { Ctx, ResourceCase } from './case';
import { builtInType, companyOf, hubOf, otherCompany, rand, tagOf } from './device-fixtures';

const valid = async (c: Ctx) => ({ hubId: await hubOf(c, await companyOf(c)), name: 'Ok', serial: `N-${rand()}`, deviceType: 'Fridge Probe' });

export const resourceCase: ResourceCase = {
  item: node,
  async create(c, name, token) {
    const companyId = await companyOf(c, token);
    return { hubId: await hubOf(c, companyId), name, serial: `N-${rand()}`, deviceType: 'Temperature & Humidity', tagIds: [await tagOf(c, companyId)] };
  },
  update: () => ({ name: `Renamed ${rand()}`, serial: `N-${rand()}`, deviceType: 'Emergency Light' }),
  bad: [
    { body: async (c) => ({ ...(await valid(c)), name: '' }), field: 'name' },
    { body: async (c) => ({ ...(await valid(c)), serial: 'x'.repeat(65) }), field: 'serial' },
    { body: async (c) => ({ ...(await valid(c)), deviceType: 'Toaster' }), field: 'deviceType' },
    { body: async (c) => ({ ...(await valid(c)), hubId: await hubOf(c, await otherCompany(c)) }), field: 'hubId' },
    { body: async (c) => ({ ...(await valid(c)), tagIds: [await tagOf(c, await otherCompany(c))] }), field: 'tagIds' },
    { body: async (c) => ({ ...(await valid(c)), tagIds: ['no-such-tag'] }), field: 'tagIds' },
    { body: async (c) => ({ ...(await valid(c)), tagIds: 'one' }), field: 'tagIds' },
    { body: async (c) => ({ ...(await valid(c)), siteId: 'chosen-by-the-hub' }), field: 'siteId' },
  ],
  async use(c, created) {
    const companyId = await companyOf(c);
    await c.t.deps.db
      .insertInto('feeds')
      .values({ id: `feed-${rand()}`, nodeId: created.id, companyId, signalTypeId: await builtInType(c), name: 'Temperature', rangeMin: null, rangeMax: null })
      .execute();
  },
  sortField: 'name',
};
