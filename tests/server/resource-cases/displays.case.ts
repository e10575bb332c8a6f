import { display } from '../../../src/api/contract/displays';
import type { Ctx, ResourceCase } from './case';
import { companyOf, otherCompany, siteOf } from './device-fixtures';

const valid = async (c: Ctx, token?: string) => ({ name: 'Lobby wall', siteIds: [await siteOf(c, await companyOf(c, token))], everySeconds: 20, theme: 'dark' });

export const resourceCase: ResourceCase = {
  item: display,
  create: async (c, name, token) => ({ ...(await valid(c, token)), name }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, everySeconds: 45, theme: 'light' }),
  bad: [
    { body: async (c) => ({ ...(await valid(c)), name: '' }), field: 'name' },
    { body: async (c) => ({ ...(await valid(c)), siteIds: [] }), field: 'siteIds' },
    { body: async (c) => ({ ...(await valid(c)), siteIds: [await siteOf(c, await otherCompany(c))] }), field: 'siteIds' },
    { body: async (c) => ({ ...(await valid(c)), siteIds: ['no-such-site'] }), field: 'siteIds' },
    { body: async (c) => ({ ...(await valid(c)), everySeconds: 4 }), field: 'everySeconds' },
    { body: async (c) => ({ ...(await valid(c)), everySeconds: 7.5 }), field: 'everySeconds' },
    { body: async (c) => ({ ...(await valid(c)), theme: 'neon' }), field: 'theme' },
    { body: async (c) => ({ ...(await valid(c)), key: 'swd_chosen' }), field: 'key' },
  ],
  sortField: 'name',
};
