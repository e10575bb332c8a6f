import { assign, fromPromise, setup } from 'xstate';
import type { Plexus } from '../api/contract/monitoring';
import { companyWatch, type CompanyChanged, type CompanySource } from './company-watch';
import { failureOf, type Failure } from './failure';

const api = () => import('../api/monitoring.api');

/** Plexus: each site's hubs and the nodes behind them, for the company in view. */
export const plexusMachine = setup({
  types: {
    context: {} as { plexus: Plexus; error: Failure | null; companyId: string | null; session: CompanySource | null },
    events: {} as { type: 'plexus.refresh' } | CompanyChanged,
    input: {} as { companyId: string | null; session?: CompanySource | null },
  },
  actors: {
    companyWatch,
    fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async ({ input }) => (await api()).plexus(input.companyId ?? undefined)),
  },
}).createMachine({
  id: 'plexus',
  context: ({ input }) => ({ plexus: [], error: null, companyId: input.companyId, session: input.session ?? null }),
  invoke: { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'plexus' }) },
  // The network of the company now in view; the previous company's is dropped at once.
  on: { 'company.changed': { target: '.loading', actions: assign({ companyId: ({ event }) => event.companyId, plexus: [], error: null }) } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'plexus',
        src: 'fetchPlexus',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: { target: 'ready', actions: assign({ plexus: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: { after: { 60_000: 'loading' }, on: { 'plexus.refresh': 'loading' } },
    failed: { on: { 'plexus.refresh': 'loading' } },
  },
});
