import { assign, setup } from 'xstate';

export interface LoadingContext {
  /** Requests under way that show the global indicator. */
  count: number;
}

export type LoadingEvent =
  | { type: 'loading.start'; ignoreLoading?: boolean }
  | { type: 'loading.stop'; ignoreLoading?: boolean };

/** The global loading counter (docs/product.md, Loading and offline): up per request, down per answer or failure, never below 0. */
export const loadingMachine = setup({
  types: { context: {} as LoadingContext, events: {} as LoadingEvent },
  guards: {
    counts: ({ event }) => !event.ignoreLoading,
    isLastOne: ({ context, event }) => !event.ignoreLoading && context.count <= 1,
  },
}).createMachine({
  id: 'loading',
  context: { count: 0 },
  initial: 'idle',
  states: {
    idle: {
      tags: [],
      on: {
        'loading.start': { guard: 'counts', target: 'busy', actions: assign({ count: 1 }) },
      },
    },
    busy: {
      tags: ['busy'],
      on: {
        'loading.start': { guard: 'counts', actions: assign({ count: ({ context }) => context.count + 1 }) },
        'loading.stop': [
          { guard: 'isLastOne', target: 'idle', actions: assign({ count: 0 }) },
          { guard: 'counts', actions: assign({ count: ({ context }) => Math.max(0, context.count - 1) }) },
        ],
      },
    },
  },
});
