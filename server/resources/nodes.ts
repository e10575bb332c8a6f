import { newId } from '../auth/secrets';
import { defineResource } from './resource';
import { givenOf, invalidField } from './checks';
import type { Db } from '../db/database';
import { findHub, type HubRow } from '../db/hubs.repository';
import {
  deleteNode, feedsOfNode, findNode, insertNode, nodeView, setNodeTags, tagsOfCompany, updateNode, type NodeRow,
} from '../db/nodes.repository';
import { node, nodeChange, nodeInput, nodeListQuery } from '../../src/api/contract/nodes';
import { searchNodes } from './node-search';

async function hubOfCompany(db: Db, companyId: string, hubId: string): Promise<HubRow> {
  const hub = await findHub(db, companyId, hubId);
  if (!hub) throw invalidField('hubId', 'is not a hub of this company');
  return hub;
}

/** The tags, each once, when every one is a tag of the company. */
async function companyTags(db: Db, companyId: string, tagIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(tagIds)];
  const known = await tagsOfCompany(db, companyId, unique);
  if (unique.some((t) => !known.has(t))) throw invalidField('tagIds', 'holds a tag that is not a tag of this company');
  return unique;
}

/** Nodes (docs/product.md, Management): the sensors behind a hub, at the hub's site. */
export const nodes = defineResource({
  path: 'nodes',
  noun: 'Node',
  plural: 'Nodes',
  item: node,
  listQuery: nodeListQuery,
  createInput: nodeInput,
  updateInput: nodeChange,
  // From the company's copy in memory while it is current (node-search.ts), else the SQL path: the same answer.
  list: (db, scope, query) => searchNodes(db, scope.companyId, query),
  find: (db, scope, id) => findNode(db, scope.companyId, id),
  view: (db, _scope, row) => nodeView(db, row),
  async create(db, scope, input) {
    const hub = await hubOfCompany(db, scope.companyId, input.hubId);
    const tagIds = await companyTags(db, scope.companyId, input.tagIds ?? []);
    const row: NodeRow = {
      id: newId(), hubId: hub.id, siteId: hub.siteId, companyId: scope.companyId, name: input.name, serial: input.serial,
      deviceType: input.deviceType, batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: scope.now,
    };
    await insertNode(db, row);
    await setNodeTags(db, row.id, tagIds);
    return row;
  },
  async update(db, scope, row, input) {
    const { tagIds, hubId, ...fields } = givenOf(input);
    // A node's site is its hub's: another hub moves it to that hub's site, and its feeds and readings go with it.
    const hub = hubId !== undefined && hubId !== row.hubId ? await hubOfCompany(db, scope.companyId, hubId) : undefined;
    const change = { ...fields, ...(hub ? { hubId: hub.id, siteId: hub.siteId } : {}) };
    if (tagIds !== undefined) await setNodeTags(db, row.id, await companyTags(db, scope.companyId, tagIds));
    await updateNode(db, row.id, change);
    return { ...row, ...change };
  },
  // Feeds hold the node's history: they go first (or move), so deleting a node never loses readings unseen.
  async usage(db, _scope, row) {
    return { kind: 'feeds', ...(await feedsOfNode(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteNode(db, row.id),
  describe: (row) => `${row.name} (${row.serial})`,
});
