import { newId } from '../auth/secrets';
import { defineResource, duplicate } from './resource';
import { givenOf } from './checks';
import type { Db } from '../db/database';
import type { MessageTemplateRow } from '../db/alerts.schema';
import {
  deleteTemplate, findTemplate, findTemplateByName, insertTemplate, listTemplates, rulesUsingTemplate, templateView, updateTemplate,
} from '../db/alerts.repository';
import { messageTemplate, messageTemplateChange, messageTemplateInput, messageTemplateListQuery } from '../../src/api/contract/alerts';

async function uniqueName(db: Db, companyId: string, name: string, locale: string, self?: string): Promise<void> {
  const other = await findTemplateByName(db, companyId, name, locale);
  if (other && other.id !== self) throw duplicate('name', 'a template with this name already exists in this language');
}

/**
 * Message templates (docs/product.md, Alerts): the words of
 * alert mails, per language; a name may exist once per language, so "Warm fridge" in English and in French belong
 * together. Unknown placeholders are refused by the contract, by name.
 */
export const messageTemplates = defineResource({
  path: 'message-templates',
  noun: 'Message template',
  plural: 'Message templates',
  item: messageTemplate,
  listQuery: messageTemplateListQuery,
  createInput: messageTemplateInput,
  updateInput: messageTemplateChange,
  list: (db, scope, query) => listTemplates(db, scope.companyId, query),
  find: (db, scope, id) => findTemplate(db, scope.companyId, id),
  view: async (_db, _scope, row) => templateView(row),
  async create(db, scope, input) {
    await uniqueName(db, scope.companyId, input.name, input.locale);
    const row: MessageTemplateRow = { id: newId(), companyId: scope.companyId, ...input, createdAt: scope.now };
    await insertTemplate(db, row);
    return row;
  },
  async update(db, scope, row, input) {
    const change = givenOf(input);
    const after = { ...row, ...change };
    if (change.name !== undefined || change.locale !== undefined) await uniqueName(db, scope.companyId, after.name, after.locale, row.id);
    await updateTemplate(db, row.id, change);
    return after;
  },
  // A rule mailing with it would fall back to the default words without anyone noticing: refuse while one does.
  async usage(db, _scope, row) {
    return { kind: 'alert-rules', ...(await rulesUsingTemplate(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteTemplate(db, row.id),
  describe: (row) => `${row.name} (${row.locale})`,
});
