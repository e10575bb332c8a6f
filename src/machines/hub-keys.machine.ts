import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { createHubApiKey, listHubApiKeys, revokeHubApiKey, type HubApiKey, type HubApiKeyCreated } from '../api/hub-keys.api';
import { createHubApiKeyRequest } from '../api/contract/monitoring';
import { failureOf, type Failure } from './failure';

/** The hub whose keys the dialog shows. */
export interface KeysHub {
  id: string;
  name: string;
}

export interface HubKeysContext {
  /** The hub of the open dialog; null while it is closed. */
  hub: KeysHub | null;
  /** The hub's keys, revoked ones too, as the server lists them. */
  keys: HubApiKey[];
  listFailure: Failure | null;
  /** The new key's label as typed. */
  label: string;
  /** The last key created: the only time its secret is known, so it is kept until the dialog closes. */
  created: HubApiKeyCreated | null;
  /** The user copied the created key (the view says so). */
  copied: boolean;
  createFailure: Failure | null;
  /** The key a revoke waits to be confirmed for. */
  confirming: HubApiKey | null;
  revokeFailure: Failure | null;
  /** A key was created or revoked since the dialog opened: the hubs list's key count is stale. */
  changed: boolean;
}

export type HubKeysEvent =
  | { type: 'keys.open'; hub: KeysHub }
  | { type: 'keys.close' }
  | { type: 'keys.reload' }
  | { type: 'label.change'; value: string }
  | { type: 'key.create' }
  | { type: 'key.copied' }
  | { type: 'revoke.ask'; id: string }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

const closed = (): HubKeysContext => ({
  hub: null, keys: [], listFailure: null, label: '', created: null, copied: false, createFailure: null, confirming: null, revokeFailure: null, changed: false,
});

/**
 * A hub's API keys in a dialog: list them, create one (its secret is shown once, from the create answer), revoke a
 * live one after a confirmation. Closed until `keys.open` names a hub; closing forgets everything, the secret first.
 */
export const hubKeysMachine = setup({
  types: { context: {} as HubKeysContext, events: {} as HubKeysEvent },
  actors: {
    loadKeys: fromPromise<HubApiKey[], { hubId: string }>(({ input }) => listHubApiKeys(input.hubId)),
    createKey: fromPromise<HubApiKeyCreated, { hubId: string; label: string }>(({ input }) =>
      createHubApiKey(input.hubId, input.label.trim() ? { label: input.label.trim() } : {}),
    ),
    revokeKey: fromPromise<HubApiKey, { hubId: string; keyId: string }>(({ input }) => revokeHubApiKey(input.hubId, input.keyId)),
  },
  guards: {
    labelValid: ({ context }) => createHubApiKeyRequest.safeParse({ label: context.label }).success,
    namesLiveKey: ({ context, event }) => {
      assertEvent(event, 'revoke.ask');
      return context.keys.some((k) => k.id === event.id && k.revokedAt === null);
    },
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'keys.open');
      return { ...closed(), hub: event.hub };
    }),
    forget: assign(() => closed()),
  },
}).createMachine({
  id: 'hubKeys',
  context: closed,
  initial: 'closed',
  states: {
    closed: {
      on: { 'keys.open': { target: 'open', actions: 'open' } },
    },
    open: {
      initial: 'loading',
      on: { 'keys.close': { target: 'closed', actions: 'forget' } },
      states: {
        loading: {
          invoke: {
            src: 'loadKeys',
            input: ({ context }) => ({ hubId: context.hub!.id }),
            onDone: { target: 'ready', actions: assign({ keys: ({ event }) => event.output, listFailure: null }) },
            onError: { target: 'failed', actions: assign({ listFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        failed: {
          on: { 'keys.reload': 'loading' },
        },
        ready: {
          on: {
            'label.change': { actions: assign({ label: ({ event }) => event.value, createFailure: null }) },
            'key.create': { guard: 'labelValid', target: 'creating' },
            'key.copied': { actions: assign({ copied: true }) },
            'revoke.ask': {
              guard: 'namesLiveKey',
              target: 'confirming',
              actions: assign({ confirming: ({ context, event }) => context.keys.find((k) => k.id === event.id) ?? null, revokeFailure: null }),
            },
          },
        },
        creating: {
          invoke: {
            src: 'createKey',
            input: ({ context }) => ({ hubId: context.hub!.id, label: context.label }),
            // The answer carries what the list shows, so the key is added without another request.
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => {
                const { key: _secret, ...summary } = event.output;
                return {
                  created: event.output, copied: false, label: '', createFailure: null, changed: true,
                  keys: [...context.keys, { ...summary, revokedAt: null }],
                };
              }),
            },
            onError: { target: 'ready', actions: assign({ createFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
        confirming: {
          on: {
            'revoke.confirm': 'revoking',
            'revoke.cancel': { target: 'ready', actions: assign({ confirming: null, revokeFailure: null }) },
          },
        },
        revoking: {
          invoke: {
            src: 'revokeKey',
            input: ({ context }) => ({ hubId: context.hub!.id, keyId: context.confirming!.id }),
            onDone: {
              target: 'ready',
              actions: assign(({ context, event }) => ({
                keys: context.keys.map((k) => (k.id === event.output.id ? event.output : k)),
                // The secret shown is of no use once its key is revoked.
                created: context.created?.id === event.output.id ? null : context.created,
                confirming: null, revokeFailure: null, changed: true,
              })),
            },
            // The failure stays in the confirmation, which can be tried again or cancelled.
            onError: { target: 'confirming', actions: assign({ revokeFailure: ({ event }) => failureOf(event.error) }) },
          },
        },
      },
    },
  },
});

export type HubKeysActor = ActorRefFrom<typeof hubKeysMachine>;
