import { site } from '../../../src/api/contract/sites';
import { call } from '../helpers';
import type { ResourceCase } from './case';

export const resourceCase: ResourceCase = {
  item: site,
  create: (_c, name) => ({ name, address: '1 Cold Lane', coordinates: `51°30'26"N 0°7'39"W`, timezone: 'Europe/London' }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, address: '2 Warm Street', coordinates: '48.8566, 2.3522', timezone: 'Europe/Paris' }),
  bad: [
    { body: () => ({ name: '', timezone: 'Europe/London' }), field: 'name' },
    { body: () => ({ name: 'x'.repeat(201), timezone: 'Europe/London' }), field: 'name' },
    { body: () => ({ name: 'Ok', timezone: 'Mars/Olympus_Mons' }), field: 'timezone' },
    { body: () => ({ name: 'Ok', timezone: 'Europe/London', coordinates: 'behind the bike sheds' }), field: 'coordinates' },
    { body: () => ({ name: 'Ok', timezone: 'Europe/London', coordinates: `91°0'0"N 0°0'0"E` }), field: 'coordinates' },
    { body: () => ({ name: 'Ok', timezone: 'Europe/London', parentSiteId: 'no-such-site' }), field: 'parentSiteId' },
    { body: () => ({ name: 'Ok', timezone: 'Europe/London', low: 9, high: 3 }), field: 'high' },
    { body: () => ({ name: 'Ok', timezone: 'Europe/London', extra: 1 }), field: 'extra' },
    { body: () => ({ name: 42, timezone: 'Europe/London' }), field: 'name' },
  ],
  // A sub-site uses its parent (a hub would too; the sites-resource tests cover that kind).
  async use(c, created) {
    const r = await call(c.t.app, 'POST', '/api/sites', { name: c.unique('Sub-site'), timezone: 'Europe/London', parentSiteId: created.id }, c.tok.manager);
    if (r.status !== 201) throw new Error(`sub-site: ${r.status} ${JSON.stringify(r.body)}`);
  },
  sortField: 'name',
};
