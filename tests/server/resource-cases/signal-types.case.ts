import { signalType } from '../../../src/api/contract/signal-types';
import type { ResourceCase } from './case';
import { companyOf, nodeOf, rand } from './device-fixtures';

const keyOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${rand()}`.slice(0, 64);

export const resourceCase: ResourceCase = {
  item: signalType,
  create: (_c, name) => ({ key: keyOf(`k ${name}`), name, unit: 'L/min', kind: 'instant' }),
  update: () => ({ name: `Renamed ${rand()}`, unit: 'm³', kind: 'counter' }),
  bad: [
    { body: () => ({ key: 'Flow Rate', name: 'Ok', unit: 'L', kind: 'instant' }), field: 'key' },
    { body: () => ({ key: '1flow', name: 'Ok', unit: 'L', kind: 'instant' }), field: 'key' },
    { body: () => ({ key: `f${'x'.repeat(64)}`, name: 'Ok', unit: 'L', kind: 'instant' }), field: 'key' },
    { body: () => ({ key: `flow_${rand()}`, name: '', unit: 'L', kind: 'instant' }), field: 'name' },
    { body: () => ({ key: `flow_${rand()}`, name: 'Ok', unit: 'x'.repeat(33), kind: 'instant' }), field: 'unit' },
    { body: () => ({ key: `flow_${rand()}`, name: 'Ok', unit: 'L', kind: 'gauge' }), field: 'kind' },
    { body: () => ({ key: `flow_${rand()}`, name: 'Ok', unit: 'L', kind: 'instant', builtIn: true }), field: 'builtIn' },
  ],
  async use(c, created) {
    const companyId = await companyOf(c);
    await c.t.deps.db
      .insertInto('feeds')
      .values({ id: `feed-${rand()}`, nodeId: await nodeOf(c, companyId), companyId, signalTypeId: created.id, name: 'Flow', rangeMin: null, rangeMax: null })
      .execute();
  },
  sortField: 'name',
};
