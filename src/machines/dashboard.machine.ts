import { assign, fromPromise, setup } from 'xstate';
import type { DashboardResponse, NodeInfo } from '../api/contract/monitoring';

const api = () => import('../api/monitoring.api');

/** How often the dashboard re-reads the company's sites while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

export interface DashboardContext {
  dashboard: DashboardResponse | null;
  error: string | null;
  /** The site whose nodes are shown, and its nodes (SPEC §4: nodes requested, then success or error). */
  siteId: string | null;
  nodes: NodeInfo[];
  nodesError: string | null;
}

export type DashboardEvent = { type: 'dashboard.refresh' } | { type: 'dashboard.nodes'; siteId: string } | { type: 'dashboard.closeNodes' };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent },
  actors: {
    fetchDashboard: fromPromise<DashboardResponse>(async () => (await api()).dashboard()),
    fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => (await api()).dashboardNodes(input.siteId)),
  },
  delays: { refresh: DASHBOARD_REFRESH_MS },
}).createMachine({
  id: 'dashboard',
  context: { dashboard: null, error: null, siteId: null, nodes: [], nodesError: null },
  type: 'parallel',
  states: {
    sites: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'dashboard',
            src: 'fetchDashboard',
            onDone: { target: 'ready', actions: assign({ dashboard: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => message(event.error) }) },
          },
        },
        // Live enough for a wall display: the sites are re-read every minute, and on demand.
        ready: { after: { refresh: 'loading' }, on: { 'dashboard.refresh': 'loading' } },
        failed: { after: { refresh: 'loading' }, on: { 'dashboard.refresh': 'loading' } },
      },
    },
    nodes: {
      initial: 'idle',
      on: {
        'dashboard.nodes': { target: '.requesting', actions: assign({ siteId: ({ event }) => event.siteId, nodes: [], nodesError: null }) },
        'dashboard.closeNodes': { target: '.idle', actions: assign({ siteId: null, nodes: [] }) },
      },
      states: {
        idle: {},
        requesting: {
          invoke: {
            id: 'nodes',
            src: 'fetchNodes',
            input: ({ context }) => ({ siteId: context.siteId ?? '' }),
            onDone: { target: 'success', actions: assign({ nodes: ({ event }) => event.output }) },
            onError: { target: 'error', actions: assign({ nodesError: ({ event }) => message(event.error) }) },
          },
        },
        success: {},
        error: {},
      },
    },
  },
});
