import { nodeTag } from '../../../src/api/contract/node-tags';
import { demoIds } from '../helpers';
import type { ResourceCase } from './case';

export const resourceCase: ResourceCase = {
  item: nodeTag,
  create: (_c, name) => ({ name, colour: '#3366CC' }),
  update: () => ({ name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, colour: '#aa0000' }),
  bad: [
    { body: () => ({ name: '', colour: '#112233' }), field: 'name' },
    { body: () => ({ name: 'x'.repeat(101), colour: '#112233' }), field: 'name' },
    { body: () => ({ name: 'Ok', colour: 'red' }), field: 'colour' },
    { body: () => ({ name: 'Ok', colour: '#112233', extra: 1 }), field: 'extra' },
    { body: () => ({ name: 42, colour: '#112233' }), field: 'name' },
  ],
  async use(c, created) {
    const node = await c.t.deps.db.selectFrom('nodes').select('id').where('companyId', '=', (await demoIds(c.t.deps)).northwind).executeTakeFirstOrThrow();
    await c.t.deps.db.insertInto('nodeTagLinks').values({ nodeId: node.id, tagId: created.id }).execute();
  },
  sortField: 'name',
};
