import { createHubApiKey, listHubApiKeys, revokeHubApiKey, type HubApiKey, type HubApiKeyCreated, type HubApiKeyRequest } from '../api/hub-keys.api';
import { createHubApiKeyRequest } from '../api/contract/monitoring';
import { listAndFormMachine, type ListAndFormActor } from './list-and-form.machine';

/** The hub whose keys the dialog shows: the machine's scope. */
export interface KeysHub {
  id: string;
  name: string;
}

export interface HubKeyValues {
  /** Where the key is used; may stay empty. */
  label: string;
}

/**
 * A hub's API keys (the keys dialog): the list-and-form machine on `/api/hubs/{id}/api-keys`, scoped to that hub. The
 * new key's form is inline; its secret is in the create answer (`context.created`) and nowhere else, and goes with the
 * actor when the dialog closes. A live key is revoked after a confirmation and stays listed as revoked.
 */
export const hubKeysMachine = listAndFormMachine<HubApiKey, HubKeyValues, HubApiKeyRequest, HubApiKeyRequest, HubApiKeyCreated, KeysHub>({
  id: 'hubKeys',
  api: (hub) => ({
    list: async () => {
      const keys = await listHubApiKeys(hub.id);
      return { data: keys, total: keys.length };
    },
    create: (body) => createHubApiKey(hub.id, body),
    remove: async (id) => {
      await revokeHubApiKey(hub.id, id);
      return { deleted: true };
    },
  }),
  schema: createHubApiKeyRequest,
  blank: () => ({ label: '' }),
  valuesOf: (key) => ({ label: key.label }),
  // An empty label is no label.
  toInput: (v) => (v.label.trim() ? { label: v.label.trim() } : {}),
  nameOf: (key) => key.label,
  inline: true,
  removable: (key) => key.revokedAt === null,
  notices: { created: 'hubs.keyMadeNotice', removed: 'hubs.keyRevokedNotice' },
});

export type HubKeysActor = ListAndFormActor<HubApiKey, HubKeyValues, HubApiKeyRequest, HubApiKeyRequest, HubApiKeyCreated, KeysHub>;
