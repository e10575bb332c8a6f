import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AlertEvent } from '../api/contract/alerts';
import { failureOf, type Failure } from './failure';
import { liveWatch, type LiveEvent, type LiveSource } from './live-watch';
import { apiModules } from '../api/lazy';

const api = apiModules.alertEvents;

export interface NodeDetailContext {
  /** The node whose events are read. */
  nodeId: string;
  /** Its alert events, newest first (the server answers the latest 200). */
  events: AlertEvent[];
  /** Why the last read failed, for the view's error state. */
  failure: Failure | null;
  /** The app's live stream, so an event that opens or changes while the detail is open shows at once; null in tests. */
  live: LiveSource | null;
}

export type NodeDetailEvent =
  /** Try again after a failed read. */
  | { type: 'events.retry' }
  | LiveEvent;

/** A live event in the node's list: replaced where it is, or put in its place by start time (newest first). */
export function upsertEvent(list: readonly AlertEvent[], e: AlertEvent): AlertEvent[] {
  if (list.some((x) => x.id === e.id)) return list.map((x) => (x.id === e.id ? e : x));
  const events = [...list];
  const before = events.findIndex((x) => Date.parse(x.startedAt) <= Date.parse(e.startedAt));
  events.splice(before < 0 ? events.length : before, 0, e);
  return events;
}

/**
 * One node's alert events for the site dashboard's node detail (`GET /api/alertevents/{nodeId}`): `loading`, then
 * `ready` or `empty`, or `failed` with a retry; live alerts of this node join the list, and a gap in the stream
 * re-reads it. The node's readings, battery and signal come from the site dashboard, which already holds them.
 */
export const nodeDetailMachine = setup({
  types: {
    context: {} as NodeDetailContext,
    events: {} as NodeDetailEvent,
    input: {} as { nodeId: string; live?: LiveSource | null },
  },
  actors: {
    liveWatch,
    fetchNodeEvents: fromPromise<AlertEvent[], { nodeId: string }>(async ({ input }) => (await api()).nodeAlertEvents(input.nodeId)),
  },
  guards: {
    noEvents: (_, params: { events: readonly AlertEvent[] }) => params.events.length === 0,
    ofThisNode: ({ context, event }) => {
      assertEvent(event, 'live.alert');
      return event.event.nodeId === context.nodeId;
    },
  },
  actions: {
    keepEvents: assign({ events: (_, params: { events: AlertEvent[] }) => params.events, failure: null }),
    keepFailure: assign({ failure: (_, params: { error: unknown }) => failureOf(params.error) }),
    applyLive: assign({
      events: ({ context, event }) => {
        assertEvent(event, 'live.alert');
        return upsertEvent(context.events, event.event);
      },
    }),
  },
}).createMachine({
  id: 'nodeDetail',
  context: ({ input }) => ({ nodeId: input.nodeId, events: [], failure: null, live: input.live ?? null }),
  invoke: { id: 'live', src: 'liveWatch', input: ({ context }) => ({ live: context.live, kinds: ['alert'] as const }) },
  initial: 'loading',
  on: { 'live.alert': { guard: 'ofThisNode', actions: 'applyLive' } },
  states: {
    loading: {
      invoke: {
        id: 'events',
        src: 'fetchNodeEvents',
        input: ({ context }) => ({ nodeId: context.nodeId }),
        onDone: [
          { guard: { type: 'noEvents', params: ({ event }) => ({ events: event.output }) }, target: 'empty', actions: { type: 'keepEvents', params: ({ event }) => ({ events: event.output }) } },
          { target: 'ready', actions: { type: 'keepEvents', params: ({ event }) => ({ events: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: { on: { 'live.resumed': 'loading' } },
    empty: {
      on: {
        'live.alert': { guard: 'ofThisNode', target: 'ready', actions: 'applyLive' },
        'live.resumed': 'loading',
      },
    },
    failed: { on: { 'events.retry': 'loading', 'live.resumed': 'loading' } },
  },
});
