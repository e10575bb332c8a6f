import { feedsApi } from '../api/feeds.api';
import { nodesApi } from '../api/nodes.api';
import { sitesApi } from '../api/sites.api';
import { signalTypesApi } from '../api/signal-types.api';
import { feedChange, feedInput, type Feed, type FeedChange, type FeedInput } from '../api/contract/feeds';
import { listAndFormMachine } from './list-and-form.machine';
import { optionalNumber } from './sites.machine';
import { siteChoices } from './site-tree';

export interface FeedValues {
  nodeId: string;
  signalTypeId: string;
  name: string;
  low: string;
  high: string;
}

const bodyOf = (v: FeedValues): FeedInput => ({
  nodeId: v.nodeId,
  signalTypeId: v.signalTypeId,
  name: v.name,
  low: optionalNumber(v.low),
  high: optionalNumber(v.high),
});

const numberText = (n: number | null) => (n === null ? '' : String(n));

/** Feeds: the list-and-form machine on `/api/feeds`; nodes and signal types for the form, sites for the filter. */
export const feedsMachine = listAndFormMachine<Feed, FeedValues, FeedInput, FeedChange>({
  id: 'feeds',
  perCompany: 'feeds',
  api: feedsApi,
  schema: feedInput,
  blank: () => ({ nodeId: '', signalTypeId: '', name: '', low: '', high: '' }),
  valuesOf: (f) => ({ nodeId: f.nodeId, signalTypeId: f.signalTypeId, name: f.name, low: numberText(f.low), high: numberText(f.high) }),
  toInput: bodyOf,
  // Every field is on the form, so a change sends them all; an emptied end goes as null, which clears it.
  update: { schema: feedChange, toInput: bodyOf },
  nameOf: (f) => f.name,
  fieldKeys: {
    // Only text that is not a number reaches zod as a non-number (NaN); an empty end is null, which is allowed.
    low: { invalid_type: 'form.number' },
    high: { custom: 'feeds.highAboveLow', invalid_type: 'form.number' },
  },
  defaultSort: 'name',
  filters: ['siteId', 'nodeId', 'signalTypeId'],
  lookups: {
    // At most 1,000 choices each: the list calls' largest page. A node is named with its site, as people find it.
    nodes: async () => (await nodesApi.list({ limit: 1000, sort: 'name' })).data.map((n) => ({ value: n.id, label: `${n.name} (${n.siteName})` })),
    signalTypes: async () =>
      (await signalTypesApi.list({ limit: 1000, sort: 'name' })).data.map((s) => ({ value: s.id, label: s.unit ? `${s.name} (${s.unit})` : s.name })),
    sites: async () => siteChoices((await sitesApi.list({ limit: 1000, sort: 'name' })).data),
  },
});
