import { nodeTagsApi } from '../api/node-tags.api';
import { nodeTagInput, type NodeTag, type NodeTagInput } from '../api/contract/node-tags';
import { listAndFormMachine } from './list-and-form.machine';

export interface NodeTagValues {
  name: string;
  colour: string;
}

/** Node Tags: the list-and-form machine on `/api/node-tags`. */
export const nodeTagsMachine = listAndFormMachine<NodeTag, NodeTagValues, NodeTagInput>({
  id: 'nodeTags',
  perCompany: 'node-tags',
  api: nodeTagsApi,
  schema: nodeTagInput,
  blank: () => ({ name: '', colour: '#1f5fbf' }),
  valuesOf: (tag) => ({ name: tag.name, colour: tag.colour }),
  toInput: (v) => ({ name: v.name, colour: v.colour }),
  nameOf: (tag) => tag.name,
  fieldKeys: { colour: { invalid_format: 'form.colour' } },
  defaultSort: 'name',
});
