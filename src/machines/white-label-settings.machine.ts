import { assign, fromPromise, sendTo, setup, type AnyActorRef } from 'xstate';
import { hostName, whiteLabelSettingsInput, type WhiteLabelSettingsInput } from '../api/contract/white-label';
import { deleteWhiteLabel, saveWhiteLabel, whiteLabelRows } from '../api/white-label.api';

export interface WhiteLabelRow extends WhiteLabelSettingsInput {
  domain: string;
  updatedAt?: number | string;
}

export interface FormErrors {
  [field: string]: string;
}

export interface WhiteLabelSettingsContext {
  rows: WhiteLabelRow[];
  /** The row in the form; domain is empty for a new one. */
  draft: WhiteLabelRow | null;
  /** Field errors of the last save attempt, checked with the shared contract before any call. */
  fieldErrors: FormErrors;
  error: string | null;
  /** The domain just saved or deleted, for a confirmation. */
  done: { domain: string; action: 'saved' | 'deleted' } | null;
  /** The domain a save or delete is under way for. */
  target: string | null;
  /** This browser's host: changing its settings reloads the white-label actor. */
  currentDomain: string;
  whiteLabel: AnyActorRef | null;
}

export type WhiteLabelSettingsEvent =
  | { type: 'settings.edit'; domain?: string }
  | { type: 'settings.cancel' }
  | { type: 'settings.save'; values: WhiteLabelRow }
  | { type: 'settings.delete'; domain: string }
  | { type: 'settings.reload' };

const blank = (domain = ''): WhiteLabelRow => ({ domain, faviconUrl: '', loginLogoUrl: '', siteLogoUrl: '', websiteTitle: '' });
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Checks a draft with the contract the server uses, so bad input is named per field without a round trip. */
export function validate(values: WhiteLabelRow): FormErrors {
  const errors: FormErrors = {};
  const d = hostName.safeParse(values.domain);
  if (!d.success) errors.domain = d.error.issues[0]?.message ?? 'Invalid domain';
  const { domain: _d, updatedAt: _u, ...rest } = values;
  const r = whiteLabelSettingsInput.safeParse(rest);
  if (!r.success) for (const i of r.error.issues) errors[String(i.path[0])] ??= i.message;
  return errors;
}

export const whiteLabelSettingsMachine = setup({
  types: {
    context: {} as WhiteLabelSettingsContext,
    events: {} as WhiteLabelSettingsEvent,
    input: {} as { currentDomain: string; whiteLabel?: AnyActorRef },
  },
  actors: {
    fetchRows: fromPromise<WhiteLabelRow[]>(() => whiteLabelRows()),
    saveRow: fromPromise<unknown, WhiteLabelRow>(({ input }) => {
      const { domain, updatedAt: _u, ...body } = input;
      return saveWhiteLabel(domain, body);
    }),
    deleteRow: fromPromise<unknown, { domain: string }>(({ input }) => deleteWhiteLabel(input.domain)),
  },
  guards: {
    valid: ({ event }) => event.type === 'settings.save' && Object.keys(validate(event.values)).length === 0,
    touchesThisHost: ({ context }) => context.done?.domain === context.currentDomain.toLowerCase(),
  },
  actions: {
    reloadBranding: sendTo(({ context }) => context.whiteLabel!, { type: 'whiteLabel.reload' }),
  },
}).createMachine({
  id: 'whiteLabelSettings',
  context: ({ input }) => ({
    rows: [], draft: null, fieldErrors: {}, error: null, done: null, target: null, currentDomain: input.currentDomain, whiteLabel: input.whiteLabel ?? null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'rows',
        src: 'fetchRows',
        onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    failed: { on: { 'settings.reload': 'loading' } },
    ready: {
      on: {
        'settings.edit': {
          actions: assign(({ context, event }) => ({
            draft: context.rows.find((r) => r.domain === event.domain) ?? blank(event.domain ?? ''),
            fieldErrors: {},
            error: null,
            done: null,
          })),
        },
        'settings.cancel': { actions: assign({ draft: null, fieldErrors: {} }) },
        'settings.save': [
          { guard: 'valid', target: 'saving', actions: assign({ draft: ({ event }) => event.values, fieldErrors: {}, error: null }) },
          { actions: assign({ draft: ({ event }) => event.values, fieldErrors: ({ event }) => validate(event.values) }) },
        ],
        'settings.delete': { target: 'deleting', actions: assign({ error: null, done: null, target: ({ event }) => event.domain.toLowerCase() }) },
        'settings.reload': 'loading',
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveRow',
        input: ({ context }) => ({ ...context.draft!, domain: context.draft!.domain.trim().toLowerCase() }),
        onDone: { target: 'afterWrite', actions: assign({ done: ({ context }) => ({ domain: context.draft!.domain.trim().toLowerCase(), action: 'saved' as const }), draft: null }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    deleting: {
      invoke: {
        id: 'delete',
        src: 'deleteRow',
        input: ({ context }) => ({ domain: context.target ?? '' }),
        onDone: {
          target: 'afterWrite',
          actions: assign({ done: ({ context }) => ({ domain: context.target ?? '', action: 'deleted' as const }), draft: null }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => message(event.error) }) },
      },
    },
    afterWrite: {
      always: [
        { guard: 'touchesThisHost', target: 'loading', actions: 'reloadBranding' },
        { target: 'loading' },
      ],
    },
  },
});
