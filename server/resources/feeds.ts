import { newId } from '../auth/secrets';
import { defineResource } from './resource';
import { givenOf, invalidField } from './checks';
import type { Db } from '../db/database';
import { findNode } from '../db/nodes.repository';
import { findSignalType } from '../db/signal-types.repository';
import { deleteFeed, feedView, findFeed, insertFeed, listFeeds, readingsOfFeed, updateFeed, type FeedRow } from '../db/feeds.repository';
import { feed, feedChange, feedInput, feedListQuery } from '../../src/api/contract/feeds';

async function nodeOfCompany(db: Db, companyId: string, nodeId: string): Promise<void> {
  if (!(await findNode(db, companyId, nodeId))) throw invalidField('nodeId', 'is not a node of this company');
}

/** Built-in types and the company's own; another company's type is as unknown as a made-up id. */
async function typeSeenBy(db: Db, companyId: string, signalTypeId: string): Promise<void> {
  if (!(await findSignalType(db, companyId, signalTypeId))) throw invalidField('signalTypeId', 'is not a signal type of this company');
}

/**
 * Feeds (docs/product.md, Management): one channel of a node's readings. `low`/`high`
 * are the feed's safe range (feeds.range_min/range_max), which every out-of-range judgement reads first.
 */
export const feeds = defineResource({
  path: 'feeds',
  noun: 'Feed',
  plural: 'Feeds',
  item: feed,
  listQuery: feedListQuery,
  createInput: feedInput,
  updateInput: feedChange,
  list: (db, scope, query) => listFeeds(db, scope.companyId, query),
  find: (db, scope, id) => findFeed(db, scope.companyId, id),
  view: (db, _scope, row) => feedView(db, row),
  async create(db, scope, input) {
    await nodeOfCompany(db, scope.companyId, input.nodeId);
    await typeSeenBy(db, scope.companyId, input.signalTypeId);
    const row: FeedRow = {
      id: newId(), nodeId: input.nodeId, companyId: scope.companyId, signalTypeId: input.signalTypeId, name: input.name,
      rangeMin: input.low ?? null, rangeMax: input.high ?? null,
    };
    await insertFeed(db, row);
    return row;
  },
  async update(db, scope, row, input) {
    const { low, high, ...fields } = givenOf(input);
    if (fields.nodeId !== undefined && fields.nodeId !== row.nodeId) await nodeOfCompany(db, scope.companyId, fields.nodeId);
    if (fields.signalTypeId !== undefined && fields.signalTypeId !== row.signalTypeId) await typeSeenBy(db, scope.companyId, fields.signalTypeId);
    const change = { ...fields, ...(low !== undefined ? { rangeMin: low } : {}), ...(high !== undefined ? { rangeMax: high } : {}) };
    // The schema compares the ends given together; one end given alone is compared with the stored other end.
    const after = { ...row, ...change };
    if (after.rangeMin !== null && after.rangeMax !== null && after.rangeMin >= after.rangeMax) throw invalidField('high', 'must be above low');
    await updateFeed(db, row.id, change);
    return after;
  },
  // Readings are the feed's history, not things that merely point at it: deleting the feed would destroy them with it,
  // so it is refused while there are any (rename the feed, or move it to another node, instead).
  async usage(db, _scope, row) {
    return { kind: 'readings', count: await readingsOfFeed(db, row.id), names: [] };
  },
  remove: (db, _scope, row) => deleteFeed(db, row.id),
  describe: (row) => row.name,
});
