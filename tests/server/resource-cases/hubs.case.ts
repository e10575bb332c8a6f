import { hub } from '../../../src/api/contract/hubs';
import type { Ctx, ResourceCase } from './case';
import { companyOf, otherCompany, rand, siteOf } from './device-fixtures';

const own = async (c: Ctx) => siteOf(c, await companyOf(c));

export const resourceCase: ResourceCase = {
  item: hub,
  create: async (c, name, token) => ({ siteId: await siteOf(c, await companyOf(c, token)), serial: `HUB-${rand()}`, name, firmware: '1.4.2' }),
  update: () => ({ name: `Renamed ${rand()}`, serial: `HUB-${rand()}`, firmware: '2.0.0' }),
  bad: [
    { body: async (c) => ({ siteId: await own(c), serial: `HUB-${rand()}`, name: '' }), field: 'name' },
    { body: async (c) => ({ siteId: await own(c), serial: '', name: 'Ok' }), field: 'serial' },
    { body: async (c) => ({ siteId: await own(c), serial: 'x'.repeat(65), name: 'Ok' }), field: 'serial' },
    { body: async (c) => ({ siteId: await own(c), serial: `HUB-${rand()}`, name: 'Ok', firmware: 'x'.repeat(33) }), field: 'firmware' },
    { body: async (c) => ({ siteId: await siteOf(c, await otherCompany(c)), serial: `HUB-${rand()}`, name: 'Ok' }), field: 'siteId' },
    { body: () => ({ siteId: 'no-such-site', serial: `HUB-${rand()}`, name: 'Ok' }), field: 'siteId' },
    { body: async (c) => ({ siteId: await own(c), serial: `HUB-${rand()}`, name: 'Ok', online: true }), field: 'online' },
  ],
  async use(c, created) {
    const row = await c.t.deps.db.selectFrom('hubs').select(['siteId', 'companyId']).where('id', '=', created.id).executeTakeFirstOrThrow();
    await c.t.deps.db
      .insertInto('nodes')
      .values({
        id: `node-${rand()}`, hubId: created.id, siteId: row.siteId, companyId: row.companyId, name: 'Behind the hub', serial: rand(), deviceType: 'Fridge Probe',
        batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: Date.now(),
      })
      .execute();
  },
  sortField: 'name',
};
