import { newId } from '../auth/secrets';
import { defineResource, duplicate } from './resource';
import {
  deleteNodeTag, findNodeTag, findNodeTagByName, insertNodeTag, listNodeTags, nodesTagged, nodeTagView, updateNodeTag, type NodeTagRow,
} from '../db/node-tags.repository';
import type { Db } from '../db/database';
import { nodeTag, nodeTagInput, nodeTagListQuery } from '../../src/api/contract/node-tags';

async function uniqueName(db: Db, companyId: string, name: string, self?: string): Promise<void> {
  const other = await findNodeTagByName(db, companyId, name);
  if (other && other.id !== self) throw duplicate('name', 'a tag with this name already exists');
}

/** Node tags (docs/product.md, Management): labels a company puts on its nodes. */
export const nodeTags = defineResource({
  path: 'node-tags',
  noun: 'Node tag',
  plural: 'Node tags',
  item: nodeTag,
  listQuery: nodeTagListQuery,
  createInput: nodeTagInput,
  updateInput: nodeTagInput,
  list: (db, scope, query) => listNodeTags(db, scope.companyId, query),
  find: (db, scope, id) => findNodeTag(db, scope.companyId, id),
  view: (db, _scope, row) => nodeTagView(db, row),
  async create(db, scope, input) {
    await uniqueName(db, scope.companyId, input.name);
    const row: NodeTagRow = { id: newId(), companyId: scope.companyId, name: input.name, colour: input.colour };
    await insertNodeTag(db, row);
    return row;
  },
  async update(db, scope, row, input) {
    await uniqueName(db, scope.companyId, input.name, row.id);
    await updateNodeTag(db, row.id, { name: input.name, colour: input.colour });
    return { ...row, ...input };
  },
  // A tag on nodes is in use: deleting it would silently change what those nodes are grouped and alerted by.
  async usage(db, _scope, row) {
    return { kind: 'nodes', ...(await nodesTagged(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteNodeTag(db, row.id),
  describe: (row) => row.name,
});
