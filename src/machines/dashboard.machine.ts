import { assign, fromPromise, setup } from 'xstate';
import type { DashboardResponse, NodeInfo } from '../api/contract/monitoring';
import { companyWatch, type CompanyChanged, type CompanySource } from './company-watch';
import { failureOf, type Failure } from './failure';

const api = () => import('../api/monitoring.api');

/** How often the dashboard re-reads the company's sites while it is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

export interface DashboardContext {
  dashboard: DashboardResponse | null;
  /** Why the sites could not be read (a code and its i18n key); the last answer stays shown beside it. */
  error: Failure | null;
  /** The site whose nodes are shown, and its nodes (SPEC §4: nodes requested, then success or error). */
  siteId: string | null;
  nodes: NodeInfo[];
  nodesError: Failure | null;
  /** The session whose company switches the dashboard follows; null where nobody switches (tests). */
  session: CompanySource | null;
}

export type DashboardEvent = { type: 'dashboard.refresh' } | { type: 'dashboard.nodes'; siteId: string } | { type: 'dashboard.closeNodes' } | CompanyChanged;

export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent, input: {} as { session?: CompanySource | null } | undefined },
  actors: {
    companyWatch,
    fetchDashboard: fromPromise<DashboardResponse>(async () => (await api()).dashboard()),
    fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => (await api()).dashboardNodes(input.siteId)),
  },
  delays: { refresh: DASHBOARD_REFRESH_MS },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ dashboard: null, error: null, siteId: null, nodes: [], nodesError: null, session: input?.session ?? null }),
  type: 'parallel',
  invoke: { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'dashboard' }) },
  states: {
    sites: {
      initial: 'loading',
      // Another company's token: what the old one read is dropped, not shown under the new company's name.
      on: { 'company.changed': { target: '.loading', actions: assign({ dashboard: null, error: null }) } },
      states: {
        loading: {
          invoke: {
            id: 'dashboard',
            src: 'fetchDashboard',
            onDone: { target: 'ready', actions: assign({ dashboard: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
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
        'company.changed': { target: '.idle', actions: assign({ siteId: null, nodes: [], nodesError: null }) },
      },
      states: {
        idle: {},
        requesting: {
          invoke: {
            id: 'nodes',
            src: 'fetchNodes',
            input: ({ context }) => ({ siteId: context.siteId ?? '' }),
            onDone: { target: 'success', actions: assign({ nodes: ({ event }) => event.output }) },
            onError: { target: 'error', actions: assign({ nodesError: ({ event }) => failureOf(event.error) }) },
          },
        },
        success: {},
        error: {},
      },
    },
  },
});
