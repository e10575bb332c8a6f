import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import type { StreamMessage } from '../api/contract/stream';
import { failureOf, type Failure } from './failure';
import { networkStatus, type NetworkEvent } from './network-status';
import { apiModules } from '../api/lazy';

const api = apiModules.stream;

/** The first wait after a failure; each failure in a row doubles it, up to the ceiling. */
export const BACKOFF_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

export interface StreamContext {
  /** The id of the last message seen: a reconnect resumes after it (docs/product.md, Live updates: 5 minutes are kept). */
  lastEventId: string | null;
  /** Failures in a row; 0 once a stream opens. */
  attempt: number;
  failure: Failure | null;
  displayKey: string | null;
  /** Whose stream this is (a company, or a display): ids of another scope's stream mean nothing to this one. */
  scope: string | null;
  /** 0..1, spreads reconnects of many clients after a server restart; injected so tests are exact. */
  random: () => number;
}

export type StreamEvent =
  | NetworkEvent
  | { type: 'stream.opened' }
  | { type: 'stream.message'; message: StreamMessage; id: string | null }
  | { type: 'stream.ended' }
  | { type: 'stream.failed'; error: unknown }
  | { type: 'stream.retry' }
  /** Sign-in, a company switch or a shadow: (re)open for the token now in use; a new scope forgets the old ids. */
  | { type: 'stream.start'; scope: string }
  /** Signed out: close, and stay closed until the next start. */
  | { type: 'stream.stop' };

/** What subscribers hear (`actor.on('reading', …)`): the message itself, by its kind. */
export type StreamEmitted =
  | { type: 'reading'; reading: Extract<StreamMessage, { type: 'reading' }>['data'] }
  | { type: 'alert'; event: Extract<StreamMessage, { type: 'alert' }>['data'] }
  | { type: 'export'; job: Extract<StreamMessage, { type: 'export' }>['data'] }
  /** The stream (re)opened: what was missed beyond the kept window is for the page to re-read. */
  | { type: 'resumed' };

/** Exponential backoff with jitter: half the step plus up to another half. */
export const backoffDelay = (attempt: number, random: () => number) => {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * random());
};

/**
 * One live stream per signed-in app (or wall display): connect, hand each message to subscribers, and on an end or a
 * failure wait with backoff and reconnect with Last-Event-ID; while the browser is offline, wait for it to come back
 * instead. Logging out is not the stream's decision: its failures reach the session through the api bindings like
 * any call, and the owner stops the stream with the session.
 */
export const streamMachine = setup({
  types: {
    context: {} as StreamContext,
    events: {} as StreamEvent,
    emitted: {} as StreamEmitted,
    input: {} as { displayKey?: string | null; lastEventId?: string | null; random?: () => number } | undefined,
  },
  actors: {
    networkStatus,
    connect: fromCallback<StreamEvent, { lastEventId: string | null; displayKey: string | null }>(({ input, sendBack }) => {
      const abort = new AbortController();
      api()
        .then((m) =>
          m.readStream(
            { lastEventId: input.lastEventId, displayKey: input.displayKey, signal: abort.signal },
            { onOpen: () => sendBack({ type: 'stream.opened' }), onMessage: (message, id) => sendBack({ type: 'stream.message', message, id }) },
          ),
        )
        .then(
          () => sendBack({ type: 'stream.ended' }),
          (error: unknown) => {
            if (!abort.signal.aborted) sendBack({ type: 'stream.failed', error });
          },
        );
      return () => abort.abort();
    }),
  },
  actions: {
    deliver: emit(({ event }) => {
      assertEvent(event, 'stream.message');
      const m = event.message;
      if (m.type === 'reading') return { type: 'reading', reading: m.data } as const;
      if (m.type === 'alert') return { type: 'alert', event: m.data } as const;
      return { type: 'export', job: m.data } as const;
    }),
    remember: assign({
      lastEventId: ({ context, event }) => {
        assertEvent(event, 'stream.message');
        return event.id ?? context.lastEventId;
      },
    }),
    opened: assign({ attempt: 0, failure: null }),
    announceResumed: emit({ type: 'resumed' } as const),
    failed: assign({
      attempt: ({ context }) => context.attempt + 1,
      failure: ({ event }) => {
        assertEvent(event, 'stream.failed');
        return failureOf(event.error);
      },
    }),
    ended: assign({ attempt: ({ context }) => context.attempt + 1 }),
    begin: assign(({ context, event }) => {
      assertEvent(event, 'stream.start');
      return event.scope === context.scope ? { attempt: 0 } : { scope: event.scope, lastEventId: null, attempt: 0, failure: null };
    }),
  },
  delays: {
    backoff: ({ context }) => backoffDelay(context.attempt, context.random),
  },
}).createMachine({
  id: 'stream',
  context: ({ input }) => ({
    lastEventId: input?.lastEventId ?? null,
    attempt: 0,
    failure: null,
    displayKey: input?.displayKey ?? null,
    scope: null,
    random: input?.random ?? Math.random,
  }),
  // Nothing opens until the owner says whose stream it is (the session's company, or a wall display's key).
  initial: 'idle',
  on: {
    'stream.start': { target: '.running', reenter: true, actions: 'begin' },
    'stream.stop': '.idle',
  },
  states: {
    idle: {},
    running: {
      invoke: { id: 'network', src: 'networkStatus' },
      initial: 'live',
      on: { 'network.offline': '.offline' },
      states: {
        live: {
          invoke: {
            id: 'connect',
            src: 'connect',
            input: ({ context }) => ({ lastEventId: context.lastEventId, displayKey: context.displayKey }),
          },
          initial: 'connecting',
          on: {
            'stream.ended': { target: 'waiting', actions: 'ended' },
            'stream.failed': { target: 'waiting', actions: 'failed' },
          },
          states: {
            connecting: { on: { 'stream.opened': { target: 'open', actions: ['opened', 'announceResumed'] } } },
            open: { on: { 'stream.message': { actions: ['remember', 'deliver'] } } },
          },
        },
        waiting: {
          after: { backoff: 'live' },
          on: { 'stream.retry': 'live' },
        },
        offline: {
          // Back online: at once, without the backoff a failure would wait.
          on: { 'network.online': { target: 'live', actions: assign({ attempt: 0 }) }, 'network.offline': {} },
        },
      },
    },
  },
});
