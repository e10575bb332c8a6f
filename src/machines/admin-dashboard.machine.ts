import { assign, fromPromise, setup } from 'xstate';
import type { AdminOverview } from '../api/contract/monitoring';
import { failureOf, type Failure } from './failure';

const api = () => import('../api/monitoring.api');

/** Admins: platform health per company, re-read every minute. */
export const adminDashboardMachine = setup({
  types: { context: {} as { overview: AdminOverview; error: Failure | null }, events: {} as { type: 'admin.refresh' } },
  actors: { fetchOverview: fromPromise<AdminOverview>(async () => (await api()).adminOverview()) },
}).createMachine({
  id: 'adminDashboard',
  context: { overview: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'overview',
        src: 'fetchOverview',
        onDone: { target: 'ready', actions: assign({ overview: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
      },
    },
    ready: { after: { 60_000: 'loading' }, on: { 'admin.refresh': 'loading' } },
    failed: { on: { 'admin.refresh': 'loading' } },
  },
});
