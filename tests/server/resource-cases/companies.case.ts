import { company } from '../../../src/api/contract/company-admin';
import type { ResourceCase } from './case';

export const resourceCase: ResourceCase = {
  item: company,
  adminOnly: true,
  create: (_c, name) => ({ name, customerType: 'EPS', timezone: 'Europe/London' }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, customerType: 'UKE', timezone: 'America/New_York' }),
  bad: [
    { body: () => ({ name: '', customerType: 'UKE', timezone: 'Europe/London' }), field: 'name' },
    { body: () => ({ name: 'x'.repeat(201), customerType: 'UKE', timezone: 'Europe/London' }), field: 'name' },
    { body: () => ({ name: 'Ok', customerType: 'Acme', timezone: 'Europe/London' }), field: 'customerType' },
    { body: () => ({ name: 'Ok', customerType: 'UKE', timezone: 'Nowhere/Special' }), field: 'timezone' },
    { body: () => ({ name: 'Ok', customerType: 'UKE', timezone: 'Europe/London', extra: 1 }), field: 'extra' },
    { body: () => ({ name: 42, customerType: 'UKE', timezone: 'Europe/London' }), field: 'name' },
  ],
  // A site of the company uses it (members would too; the companies-resource tests cover that kind).
  async use(c, created) {
    await c.t.deps.db
      .insertInto('sites')
      .values({
        id: `${created.id}-site`, companyId: created.id, parentSiteId: null, name: 'In use', address: '', coordinates: '', latitude: null,
        longitude: null, timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: Date.now(),
      })
      .execute();
  },
  sortField: 'name',
};
