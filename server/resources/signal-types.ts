import { newId } from '../auth/secrets';
import { forbidden } from '../errors';
import { defineResource, duplicate, type Scope } from './resource';
import { givenOf } from './checks';
import type { Db } from '../db/database';
import {
  deleteSignalType, feedsOfSignalType, findClashingKey, findSignalType, insertSignalType, listSignalTypes, signalTypeView, updateSignalType,
  type SignalTypeRow,
} from '../db/signal-types.repository';
import { signalType, signalTypeChange, signalTypeInput, signalTypeListQuery } from '../../src/api/contract/signal-types';

/**
 * Keys are unique per company: a company's type may repeat neither another of its own nor a built-in one (integrations
 * and the safe-range rules name built-in types by key), and a built-in type's key no key of any company.
 */
async function uniqueKey(db: Db, companyId: string | null, key: string, self?: string): Promise<void> {
  const other = await findClashingKey(db, companyId, key);
  if (!other || other.id === self) return;
  throw duplicate('key', other.companyId === null && companyId !== null ? 'a built-in signal type has this key' : 'a signal type with this key already exists');
}

/** A built-in type is every company's: only a platform admin acting as themselves changes or deletes it. */
function mayChange(scope: Scope, row: SignalTypeRow): void {
  if (row.companyId === null && scope.role !== 'admin') throw forbidden('Only platform administrators can change built-in signal types');
}

/**
 * Signal types (docs/product.md, Management): the platform's built-in types, listed in every
 * company, and the company's own. A new type belongs to the token's company, whoever creates it.
 */
export const signalTypes = defineResource({
  path: 'signal-types',
  noun: 'Signal type',
  plural: 'Signal types',
  item: signalType,
  listQuery: signalTypeListQuery,
  createInput: signalTypeInput,
  updateInput: signalTypeChange,
  list: (db, scope, query) => listSignalTypes(db, scope.companyId, query),
  find: (db, scope, id) => findSignalType(db, scope.companyId, id),
  view: (db, scope, row) => signalTypeView(db, scope.companyId, row),
  async create(db, scope, input) {
    await uniqueKey(db, scope.companyId, input.key);
    const row: SignalTypeRow = { id: newId(), companyId: scope.companyId, ...input };
    await insertSignalType(db, row);
    return row;
  },
  async update(db, scope, row, input) {
    mayChange(scope, row);
    const change = givenOf(input);
    if (change.key !== undefined) await uniqueKey(db, row.companyId, change.key, row.id);
    await updateSignalType(db, row.id, change);
    return { ...row, ...change };
  },
  // Asked before a delete, so the rights on a built-in type are checked here too: a manager learns nothing of its use.
  async usage(db, scope, row) {
    mayChange(scope, row);
    return { kind: 'feeds', ...(await feedsOfSignalType(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteSignalType(db, row.id),
  describe: (row) => `${row.name} (${row.key})`,
});
