import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { createShareRequest, SHARE_DAYS_MAX, SHARE_DAYS_MIN, type CreatedShare, type Share } from '../api/contract/shares';
import { failureOf, type Failure } from './failure';
import { schemaProblems, type FieldMessage } from './form';
import { apiModules } from '../api/lazy';

const api = apiModules.shares;

export const DEFAULT_SHARE_DAYS = 7;

export interface SiteSharesContext {
  siteId: string;
  shares: Share[];
  /** As typed; a whole number of days 1–90. */
  days: string;
  daysErrors: FieldMessage[] | undefined;
  /** The link just made: its URL holds the token, shown this once. */
  created: CreatedShare | null;
  failure: Failure | null;
  actionFailure: Failure | null;
  /** The link the user asked to revoke, waiting for the confirmation. */
  revoking: Share | null;
}

export type SiteSharesEvent =
  | { type: 'shares.days'; value: string }
  | { type: 'shares.create' }
  | { type: 'shares.revokeAsk'; id: string }
  | { type: 'shares.revokeCancel' }
  | { type: 'shares.revoke' }
  | { type: 'shares.retry' };

const daysProblems = (days: string) => schemaProblems<'expiresInDays'>(createShareRequest, { expiresInDays: Number(days.trim() === '' ? Number.NaN : days) }).expiresInDays;

/** A link as the list shows it: live until it expires or is revoked. */
export const shareState = (s: Share, now: number): 'active' | 'expired' | 'revoked' => (s.revokedAt ? 'revoked' : Date.parse(s.expiresAt) <= now ? 'expired' : 'active');

/**
 * The site dashboard's shared links (docs/product.md, Share links): list, create one valid 1–90 days (its URL shown
 * once, to copy), and revoke with a confirmation — revocation is immediate on the server.
 */
export const siteSharesMachine = setup({
  types: { context: {} as SiteSharesContext, events: {} as SiteSharesEvent, input: {} as { siteId: string } },
  actors: {
    fetchShares: fromPromise<Share[], { siteId: string }>(async ({ input }) => (await api()).listShares(input.siteId)),
    create: fromPromise<CreatedShare, { siteId: string; days: number }>(async ({ input }) => (await api()).createShare(input.siteId, input.days)),
    revoke: fromPromise<unknown, { siteId: string; id: string }>(async ({ input }) => (await api()).revokeShare(input.siteId, input.id)),
  },
  guards: { daysValid: ({ context }) => !daysProblems(context.days)?.length },
}).createMachine({
  id: 'siteShares',
  context: ({ input }) => ({ siteId: input.siteId, shares: [], days: String(DEFAULT_SHARE_DAYS), daysErrors: undefined, created: null, failure: null, actionFailure: null, revoking: null }),
  // The days field is typed into whatever the list is doing (loading, refreshed after a create): nothing typed is lost.
  on: {
    'shares.days': {
      actions: assign(({ event }) => {
        assertEvent(event, 'shares.days');
        return { days: event.value, daysErrors: daysProblems(event.value) };
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchShares',
        input: ({ context }) => ({ siteId: context.siteId }),
        onDone: { target: 'ready', actions: assign({ shares: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: { on: { 'shares.retry': 'loading' } },
    ready: {
      on: {
        'shares.create': [{ guard: 'daysValid', target: 'creating' }, { actions: assign({ daysErrors: ({ context }) => daysProblems(context.days) }) }],
        'shares.revokeAsk': { target: 'confirming', actions: assign(({ context, event }) => ({ revoking: context.shares.find((s) => s.id === event.id) ?? null, actionFailure: null })) },
      },
    },
    creating: {
      invoke: {
        src: 'create',
        input: ({ context }) => ({ siteId: context.siteId, days: Number(context.days) }),
        onDone: { target: 'loading', actions: assign({ created: ({ event }) => event.output, actionFailure: null }) },
        onError: { target: 'ready', actions: assign({ actionFailure: ({ event }) => failureOf(event.error) }) },
      },
    },
    confirming: {
      on: {
        'shares.revokeCancel': { target: 'ready', actions: assign({ revoking: null }) },
        'shares.revoke': 'revoking',
      },
    },
    revoking: {
      invoke: {
        src: 'revoke',
        input: ({ context }) => ({ siteId: context.siteId, id: context.revoking!.id }),
        onDone: { target: 'loading', actions: assign(({ context }) => ({ revoking: null, created: context.created && context.created.id === context.revoking?.id ? null : context.created })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ revoking: null, actionFailure: failureOf(event.error) })) },
      },
    },
  },
});

export { SHARE_DAYS_MAX, SHARE_DAYS_MIN };
