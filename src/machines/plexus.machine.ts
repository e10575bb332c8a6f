import { assign, fromPromise, setup } from 'xstate';
import type { Plexus } from '../api/contract/monitoring';

const api = () => import('../api/monitoring.api');

/** Plexus: each site's hubs and the nodes behind them, for the company in view. */
export const plexusMachine = setup({
  types: {
    context: {} as { plexus: Plexus; error: string | null; companyId: string | null },
    events: {} as { type: 'plexus.refresh' },
    input: {} as { companyId: string | null },
  },
  actors: { fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async ({ input }) => (await api()).plexus(input.companyId ?? undefined)) },
}).createMachine({
  id: 'plexus',
  context: ({ input }) => ({ plexus: [], error: null, companyId: input.companyId }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'plexus',
        src: 'fetchPlexus',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'ready', actions: assign({ plexus: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
      },
    },
    ready: { after: { 60_000: 'loading' }, on: { 'plexus.refresh': 'loading' } },
    failed: { on: { 'plexus.refresh': 'loading' } },
  },
});
