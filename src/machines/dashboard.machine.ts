import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DashboardResponse, NodeInfo } from '../api/contract/monitoring';
import { companyWatch, type CompanyChanged, type CompanySource } from './company-watch';
import { failureOf, type Failure } from './failure';
import { liveWatch, type LiveEvent, type LiveSource } from './live-watch';
import { applyReading, untilNextQuiet } from './dashboard-live';

const api = () => import('../api/monitoring.api');

/** After a failure, the dashboard tries again this much later. */
export const DASHBOARD_RETRY_MS = 60_000;
/** A burst of readings that wake quiet nodes costs one re-read, this long after the first. */
export const DASHBOARD_SETTLE_MS = 5_000;

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
  /** The app's live stream; null where nothing is live (tests). */
  live: LiveSource | null;
}

export type DashboardEvent = { type: 'dashboard.refresh' } | { type: 'dashboard.nodes'; siteId: string } | { type: 'dashboard.closeNodes' } | CompanyChanged | LiveEvent;

export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent, input: {} as { session?: CompanySource | null; live?: LiveSource | null } | undefined },
  actors: {
    companyWatch,
    liveWatch,
    fetchDashboard: fromPromise<DashboardResponse>(async () => (await api()).dashboard()),
    fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => (await api()).dashboardNodes(input.siteId)),
  },
  guards: {
    /** The reading comes from a node the dashboard shows as offline. */
    wakes: ({ context, event }) => event.type === 'live.reading' && context.dashboard !== null && applyReading(context.dashboard, event.reading).woke,
  },
  actions: {
    applyReading: assign({
      dashboard: ({ context, event }) => {
        assertEvent(event, 'live.reading');
        return context.dashboard && applyReading(context.dashboard, event.reading).dashboard;
      },
    }),
  },
  delays: {
    retry: DASHBOARD_RETRY_MS,
    settle: DASHBOARD_SETTLE_MS,
    // No polling: the stream brings every reading, and the only change without a message — a node going quiet — is
    // re-read when the first tile's node is due to.
    quiet: ({ context }) => untilNextQuiet(context.dashboard, Date.now()),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ dashboard: null, error: null, siteId: null, nodes: [], nodesError: null, session: input?.session ?? null, live: input?.live ?? null }),
  type: 'parallel',
  invoke: [
    { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'dashboard' }) },
    { id: 'live', src: 'liveWatch', input: ({ context }) => ({ live: context.live, kinds: ['reading'] as const }) },
  ],
  states: {
    sites: {
      initial: 'loading',
      on: {
        // Another company's token: what the old one read is dropped, not shown under the new company's name.
        'company.changed': { target: '.loading', actions: assign({ dashboard: null, error: null }) },
        'live.reading': { actions: 'applyReading' },
      },
      states: {
        loading: {
          invoke: {
            id: 'dashboard',
            src: 'fetchDashboard',
            onDone: { target: 'ready', actions: assign({ dashboard: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
          },
        },
        // Live from the stream: readings patch the tiles; a gap in the stream (resumed), a node waking (its site's
        // counts) or going quiet re-read the sites. Re-entered on each reading so the quiet timer follows the tiles.
        ready: {
          after: { quiet: 'loading' },
          on: {
            'dashboard.refresh': 'loading',
            'live.resumed': 'loading',
            'live.reading': [
              { guard: 'wakes', target: 'settling', actions: 'applyReading' },
              { target: 'ready', reenter: true, actions: 'applyReading' },
            ],
          },
        },
        settling: { after: { settle: 'loading' }, on: { 'dashboard.refresh': 'loading', 'live.resumed': 'loading' } },
        failed: { after: { retry: 'loading' }, on: { 'dashboard.refresh': 'loading', 'live.resumed': 'loading' } },
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
