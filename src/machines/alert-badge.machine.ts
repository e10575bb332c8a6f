import { assign, fromPromise, setup } from 'xstate';
import { failureOf, type Failure } from './failure';
import { apiModules } from '../api/lazy';

const api = apiModules.alertEvents;

/** Events that move within this window are counted once: a burst of alerts costs one read. */
export const BADGE_SETTLE_MS = 300;
/** After a failed read, the badge tries again this much later (the stream also asks whenever an event moves). */
export const BADGE_RETRY_MS = 30_000;

export interface AlertBadgeContext {
  /** Events waiting for someone (state active); null before the first answer or without a session. */
  count: number | null;
  failure: Failure | null;
  /** An event moved while the count was being read: that answer may already be old, so read again. */
  stale: boolean;
}

export type AlertBadgeEvent =
  /** A session with a company began or changed: count its events. */
  | { type: 'badge.load' }
  /** Signed out, or no company: nothing to count. */
  | { type: 'badge.clear' }
  /** The stream announced an event, or resumed after a gap: the count may have moved. */
  | { type: 'badge.changed' };

/**
 * The top bar's count of open alert events. It re-reads the count from the server rather than adding up the stream's
 * messages, because only the server knows each event's state before the message (a repeat breach of an already active
 * event, an event acknowledged in another tab) — and a read after a burst settles costs one small query.
 */
export const alertBadgeMachine = setup({
  types: { context: {} as AlertBadgeContext, events: {} as AlertBadgeEvent },
  actors: { fetchCount: fromPromise<number>(async ({ signal }) => (await api()).activeAlertCount(signal)) },
  delays: { settle: BADGE_SETTLE_MS, retry: BADGE_RETRY_MS },
}).createMachine({
  id: 'alertBadge',
  context: { count: null, failure: null, stale: false },
  initial: 'idle',
  on: {
    'badge.load': { target: '.loading', reenter: true, actions: assign({ stale: false }) },
    'badge.clear': { target: '.idle', actions: assign({ count: null, failure: null, stale: false }) },
  },
  states: {
    idle: {},
    loading: {
      on: { 'badge.changed': { actions: assign({ stale: true }) } },
      invoke: {
        id: 'count',
        src: 'fetchCount',
        onDone: [
          { guard: ({ context }) => context.stale, target: 'settling', actions: assign({ count: ({ event }) => event.output, failure: null, stale: false }) },
          { target: 'ready', actions: assign({ count: ({ event }) => event.output, failure: null }) },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error), stale: false }) },
      },
    },
    ready: { on: { 'badge.changed': 'settling' } },
    // Throttled, not debounced: a steady trickle of alerts still refreshes the count every settle period.
    settling: { after: { settle: 'loading' } },
    failed: { after: { retry: 'loading' }, on: { 'badge.changed': 'settling' } },
  },
});
