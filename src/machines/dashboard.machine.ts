import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import type { DashboardResponse, NodeInfo } from '../api/contract/monitoring';
import type { SessionRole } from '../api/contract/common';
import { companyWatch, roleWatch, type CompanyChanged, type CompanySource, type RoleChanged } from './company-watch';
import { failureOf, type Failure } from './failure';
import { liveWatch, type LiveEvent, type LiveSource } from './live-watch';
import { applyReading, untilNextQuiet } from './dashboard-live';
import { apiModules } from '../api/lazy';

const api = apiModules.monitoring;

/** After a failure, the dashboard tries again this much later. */
export const DASHBOARD_RETRY_MS = 60_000;
/** A burst of readings that wake quiet nodes costs one re-read, this long after the first. */
export const DASHBOARD_SETTLE_MS = 5_000;
/** An admin's read of another company hears no stream (the stream is the token company's): it re-reads this often. */
export const DASHBOARD_POLL_MS = 60_000;

export interface DashboardContext {
  dashboard: DashboardResponse | null;
  /** Why the sites could not be read (a code and its i18n key); the last answer stays shown beside it. */
  error: Failure | null;
  /** The site whose nodes are shown, and its nodes (docs/product.md, Screens and routes: nodes requested, then success or error). */
  siteId: string | null;
  nodes: NodeInfo[];
  nodesError: Failure | null;
  /** The session whose company switches the dashboard follows; null where nobody switches (tests). */
  session: CompanySource | null;
  /** The app's live stream; null where nothing is live (tests). */
  live: LiveSource | null;
  /** An admin's read-only look at this company (docs/product.md, Screens and routes), read by id; null reads the token's company. */
  companyId: string | null;
  /** The role the session acts with now: only an admin acting as themselves reads a company by id. */
  role: SessionRole | null;
}

export type DashboardEvent =
  | { type: 'dashboard.refresh' }
  | { type: 'dashboard.nodes'; siteId: string }
  | { type: 'dashboard.closeNodes' }
  | CompanyChanged
  | RoleChanged
  | LiveEvent;

export interface DashboardInput {
  session?: CompanySource | null;
  live?: LiveSource | null;
  /** Another company's dashboard, for an admin: its id. */
  companyId?: string | null;
  /** The session's role when the page opens; the machine follows it from then on. */
  role?: SessionRole | null;
}

/** Anyone but a platform admin asking for a company by id would meet a 403 (a sign-out on a read): it is not asked. */
const ADMIN_ONLY: Failure = { status: 403, code: 'forbidden', key: 'dashboard.company.adminOnly' };
const refuses = (companyId: string | null, role: SessionRole | null) => companyId !== null && role !== 'admin';

export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent, input: {} as DashboardInput | undefined },
  actors: {
    companyWatch,
    roleWatch,
    liveWatch,
    fetchDashboard: fromPromise<DashboardResponse>(async () => (await api()).dashboard()),
    fetchCompanyDashboard: fromPromise<DashboardResponse, { companyId: string }>(async ({ input }) => (await api()).companyDashboard(input.companyId)),
    fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => (await api()).dashboardNodes(input.siteId)),
  },
  guards: {
    /** The page reads one company by id, not the token's. */
    byId: ({ context }) => context.companyId !== null,
    /** The role now may not read a company by id. */
    refused: ({ context }) => refuses(context.companyId, context.role),
    /** `refused` for a role change: guards run before `setRole`, so the new role is the event's. */
    refusesNewRole: ({ context, event }) => {
      assertEvent(event, 'role.changed');
      return refuses(context.companyId, event.role);
    },
    /** The page was refused and the role now may read the company. */
    admitted: ({ context, event }) => {
      assertEvent(event, 'role.changed');
      return context.companyId !== null && !refuses(context.companyId, event.role);
    },
    /** A company that does not exist stays so: no retry. */
    missing: ({ context }) => context.error?.status === 404,
    /** The reading comes from a node the dashboard shows as offline. */
    wakes: ({ context, event }) => {
      assertEvent(event, 'live.reading');
      return context.dashboard !== null && applyReading(context.dashboard, event.reading).woke;
    },
  },
  actions: {
    setRole: assign({
      role: ({ event }) => {
        assertEvent(event, 'role.changed');
        return event.role;
      },
    }),
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
    // re-read when the first tile's node is due to. Another company's dashboard has no stream: it polls as well.
    quiet: ({ context }) => Math.min(untilNextQuiet(context.dashboard, Date.now()), context.companyId !== null ? DASHBOARD_POLL_MS : Infinity),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    dashboard: null,
    error: null,
    siteId: null,
    nodes: [],
    nodesError: null,
    session: input?.session ?? null,
    live: input?.live ?? null,
    companyId: input?.companyId ?? null,
    role: input?.role ?? null,
  }),
  type: 'parallel',
  invoke: [
    { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'dashboard' }) },
    { id: 'role', src: 'roleWatch', input: ({ context }) => ({ session: context.session }) },
    // The stream is the token company's: another company's dashboard hears nothing from it.
    { id: 'live', src: 'liveWatch', input: ({ context }) => ({ live: context.companyId === null ? context.live : null, kinds: ['reading'] as const }) },
  ],
  states: {
    sites: {
      initial: 'loading',
      on: {
        // Another company's token: what the old one read is dropped, not shown under the new company's name. A company
        // read by id does not depend on the token's company.
        'company.changed': { guard: not('byId'), target: '.loading', actions: assign({ dashboard: null, error: null }) },
        // A shadow started elsewhere leaves an admin's look at a company: nothing read stays, nothing is asked again.
        'role.changed': [{ guard: 'refusesNewRole', target: '.refused', actions: 'setRole' }, { actions: 'setRole' }],
        'live.reading': { actions: 'applyReading' },
      },
      states: {
        // Every read decides afresh which call it is, and whether the role may make it.
        loading: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'refused', target: '#dashboard.sites.refused' }, { guard: 'byId', target: 'company' }, { target: 'own' }] },
            own: {
              invoke: {
                id: 'dashboard',
                src: 'fetchDashboard',
                onDone: { target: '#dashboard.sites.ready', actions: assign({ dashboard: ({ event }) => event.output, error: null }) },
                onError: { target: '#dashboard.sites.failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
              },
            },
            company: {
              invoke: {
                id: 'companyDashboard',
                src: 'fetchCompanyDashboard',
                input: ({ context }) => ({ companyId: context.companyId ?? '' }),
                onDone: { target: '#dashboard.sites.ready', actions: assign({ dashboard: ({ event }) => event.output, error: null }) },
                onError: { target: '#dashboard.sites.failed', actions: assign({ error: ({ event }) => failureOf(event.error) }) },
              },
            },
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
        failed: { after: { retry: { guard: not('missing'), target: 'loading' } }, on: { 'dashboard.refresh': 'loading', 'live.resumed': 'loading' } },
        refused: {
          entry: assign({ dashboard: null, error: ADMIN_ONLY }),
          on: { 'role.changed': { guard: 'admitted', target: 'loading', actions: 'setRole' } },
        },
      },
    },
    nodes: {
      initial: 'idle',
      on: {
        'dashboard.nodes': { guard: not('refused'), target: '.requesting', actions: assign({ siteId: ({ event }) => event.siteId, nodes: [], nodesError: null }) },
        'dashboard.closeNodes': { target: '.idle', actions: assign({ siteId: null, nodes: [] }) },
        'company.changed': { guard: not('byId'), target: '.idle', actions: assign({ siteId: null, nodes: [], nodesError: null }) },
        'role.changed': { guard: 'refusesNewRole', target: '.idle', actions: assign({ siteId: null, nodes: [], nodesError: null }) },
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
