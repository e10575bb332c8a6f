import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { AdminOverview } from '../api/contract/monitoring';
import type { AdminGlance } from '../api/contract/admin-glance';
import { companyDashboardPath } from './commands';
import type { ActingSource } from './company-watch';
import { failureOf, type Failure } from './failure';
import { apiModules } from '../api/lazy';

const api = apiModules.monitoring;
const glanceApi = apiModules.adminGlance;

/**
 * Where a glance row leads: a path, and the company the admin must act for to see it there (null for the pages an
 * admin reads platform-wide: a company's dashboard by id, the audit log, every user).
 */
export interface GlanceTarget {
  path: string;
  companyId: string | null;
}

const enc = encodeURIComponent;
type Glance = AdminGlance;

/** The places each part of the glance points to: data, so the view renders links and the tests check them. */
export const glanceTargets = {
  /** A company's newest open critical event, opened in Alert Events. */
  criticalEvent: (c: Glance['criticalAlerts']['companies'][number]): GlanceTarget => ({ path: `/alert-events?event=${enc(c.newestEventId)}`, companyId: c.companyId }),
  /** A company's dashboard, read-only and without acting for it. */
  companyDashboard: (companyId: string): GlanceTarget => ({ path: companyDashboardPath(companyId), companyId: null }),
  /** The company's network, quiet devices first. */
  offline: (c: Glance['offlineDevices']['companies'][number]): GlanceTarget => ({ path: '/plexus', companyId: c.companyId }),
  /** The node's readings on its site's dashboard. */
  node: (n: Glance['weakBatteries']['nodes'][number]): GlanceTarget => ({ path: `/site-dashboard?site=${enc(n.siteId)}&node=${enc(n.nodeId)}`, companyId: n.companyId }),
  /** Shadow starts and exits are in the audit log. */
  audit: (): GlanceTarget => ({ path: '/management', companyId: null }),
  /** Every user with their last sign-in. */
  users: (): GlanceTarget => ({ path: '/users', companyId: null }),
};

/** What the machine needs of the session: which company it acts for, a way to switch, and word of the switch. */
export interface GlanceSession extends ActingSource {
  send(event: { type: 'company.switch'; companyId: string }): void;
}

/** How long a switch to the target's company may take before the glance gives up on following the link. */
export const SWITCH_TIMEOUT_MS = 15_000;

type Events =
  | { type: 'admin.refresh' }
  | ({ type: 'glance.open' } & GlanceTarget)
  | { type: 'company.changed'; companyId: string | null };

/**
 * Asks the session to act for the company and reports its announcements as `company.changed`. It listens before it
 * asks: a session that already holds the company's token switches at once.
 */
const switchCompany = fromCallback<EventObject, { session: GlanceSession | null; companyId: string }>(({ input, sendBack }) => {
  const sub = input.session?.on('session.changed', (e) => sendBack({ type: 'company.changed', companyId: e.companyId }));
  input.session?.send({ type: 'company.switch', companyId: input.companyId });
  return () => sub?.unsubscribe();
});

/**
 * Admins: the platform at a glance (critical alerts, offline devices, weak batteries, shadow sessions, sign-ins) and
 * the health per company, each re-read every minute. A glance link into one company's pages first makes the session
 * act for that company, then goes there, so the page opens with the right token.
 */
export const adminDashboardMachine = setup({
  types: {
    context: {} as {
      overview: AdminOverview;
      error: Failure | null;
      /** The glance, null until first read. */
      glance: Glance | null;
      glanceError: Failure | null;
      session: GlanceSession | null;
      /** The link waiting for its company. */
      opening: GlanceTarget | null;
    },
    events: {} as Events,
    input: {} as { session?: GlanceSession | null } | undefined,
    emitted: {} as { type: 'navigate'; to: string },
  },
  actors: {
    fetchOverview: fromPromise<AdminOverview>(async () => (await api()).adminOverview()),
    fetchGlance: fromPromise<Glance>(async () => (await glanceApi()).adminGlance()),
    switchCompany,
  },
  guards: {
    inPlace: ({ context, event }) =>
      event.type === 'glance.open' && (event.companyId === null || context.session?.getSnapshot().context.session?.companyId === event.companyId),
    arrived: ({ context, event }) => event.type === 'company.changed' && event.companyId === context.opening?.companyId,
  },
}).createMachine({
  id: 'adminDashboard',
  context: ({ input }) => ({ overview: [], error: null, glance: null, glanceError: null, session: input?.session ?? null, opening: null }),
  type: 'parallel',
  on: { 'admin.refresh': { target: ['.overview.loading', '.glance.loading'] } },
  states: {
    overview: {
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
        ready: { after: { 60_000: 'loading' } },
        failed: {},
      },
    },
    glance: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'glance',
            src: 'fetchGlance',
            onDone: { target: 'ready', actions: assign({ glance: ({ event }) => event.output, glanceError: null }) },
            onError: { target: 'failed', actions: assign({ glanceError: ({ event }) => failureOf(event.error) }) },
          },
        },
        ready: { after: { 60_000: 'loading' } },
        failed: {},
      },
    },
    link: {
      initial: 'idle',
      on: {
        'glance.open': [
          { guard: 'inPlace', target: '.idle', actions: [assign({ opening: null }), emit(({ event }) => ({ type: 'navigate' as const, to: event.path }))] },
          { target: '.switching', reenter: true, actions: assign({ opening: ({ event }) => ({ path: event.path, companyId: event.companyId }) }) },
        ],
      },
      states: {
        idle: {},
        switching: {
          invoke: { src: 'switchCompany', input: ({ context }) => ({ session: context.session, companyId: context.opening!.companyId! }) },
          on: {
            'company.changed': {
              guard: 'arrived',
              target: 'idle',
              actions: [emit(({ context }) => ({ type: 'navigate' as const, to: context.opening!.path })), assign({ opening: null })],
            },
          },
          // A refused switch is the session's to report (a notice); the link simply stays where it is.
          after: { [SWITCH_TIMEOUT_MS]: { target: 'idle', actions: assign({ opening: null }) } },
        },
      },
    },
  },
});
