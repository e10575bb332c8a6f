import { nodesApi } from '../api/nodes.api';
import { hubsApi } from '../api/hubs.api';
import { nodeTagsApi } from '../api/node-tags.api';
import { sites } from '../api/monitoring.api';
import { LIST_LIMIT_MAX } from '../api/contract/list';
import { nodeChange, nodeInput, type DeviceType, type NodeChange, type NodeInput, type NodeItem } from '../api/contract/nodes';
import { listAndFormMachine } from './list-and-form.machine';

export interface NodeValues {
  name: string;
  serial: string;
  /** Empty until one is picked; the contract refuses it then. */
  deviceType: DeviceType | '';
  hubId: string;
  tagIds: string[];
}

const bodyOf = (v: NodeValues): NodeInput => ({
  name: v.name,
  serial: v.serial,
  deviceType: v.deviceType as DeviceType,
  hubId: v.hubId,
  tagIds: v.tagIds,
});

/**
 * Nodes: the list-and-form machine on `/api/nodes`. Moving a node to another hub is a change of its hubId (the server
 * moves it to that hub's site). Pickers show at most 1,000 choices: each lookup is its resource's own list call with
 * the largest page the list query allows.
 */
export const nodesMachine = listAndFormMachine<NodeItem, NodeValues, NodeInput, NodeChange>({
  id: 'nodes',
  perCompany: 'nodes',
  api: nodesApi,
  schema: nodeInput,
  blank: () => ({ name: '', serial: '', deviceType: '', hubId: '', tagIds: [] }),
  valuesOf: (n) => ({ name: n.name, serial: n.serial, deviceType: n.deviceType as DeviceType, hubId: n.hubId, tagIds: n.tags.map((t) => t.id) }),
  toInput: bodyOf,
  update: { schema: nodeChange, toInput: bodyOf },
  nameOf: (n) => n.name,
  defaultSort: 'name',
  filters: ['siteId', 'hubId', 'tagId'],
  lookups: {
    sites: async () => (await sites()).map((s) => ({ value: s.id, label: s.name })),
    hubs: async () => (await hubsApi.list({ limit: LIST_LIMIT_MAX, sort: 'name' })).data.map((h) => ({ value: h.id, label: `${h.name} (${h.siteName})` })),
    tags: async () => (await nodeTagsApi.list({ limit: LIST_LIMIT_MAX, sort: 'name' })).data.map((t) => ({ value: t.id, label: t.name })),
  },
});
