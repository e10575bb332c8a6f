import { assign, fromPromise, setup } from 'xstate';
import type { ReadingsResponse } from '../api/contract/monitoring';
import type { SharedDashboard } from '../api/contract/shares';
import { failureOf, type Failure } from './failure';
import { DEFAULT_VIEW, defaultFeedIds, readingsQuery, type SiteView } from './site-view';
import { apiModules } from '../api/lazy';

const api = apiModules.shares;

/** The periods a shared page offers: a day, a week, a month back from now. */
export const SHARED_DAYS = [1, 7, 30] as const;
export type SharedDays = (typeof SHARED_DAYS)[number];

export interface SharedDashboardContext {
  token: string;
  dashboard: SharedDashboard | null;
  /** The chart's view: the site dashboard's default (hourly averages), over the chosen days, of the site's first feeds. */
  view: SiteView;
  readings: ReadingsResponse | null;
  failure: Failure | null;
  readingsFailure: Failure | null;
  maxPoints: number;
}

export type SharedDashboardEvent = { type: 'shared.days'; days: SharedDays } | { type: 'shared.retry' };

/** The view a shared page charts: the signed-in page's defaults, over `days`, of the feeds the site page opens on. */
export function sharedView(d: SharedDashboard, days: number): SiteView {
  return { ...DEFAULT_VIEW, siteId: d.site.id, days, interval: days > 7 ? '6hours' : '1hour', feedIds: defaultFeedIds(d.nodes, d.site) };
}

/**
 * A shared site dashboard (docs/product.md, Share links, `/site-dashboard-export/site/{id}?token=…`): read without sign-in with the link's
 * token — that site only — then its chart over a day, a week or a month. A link that expired or was revoked answers
 * 404, and the page says so and shows nothing.
 */
export const sharedDashboardMachine = setup({
  types: { context: {} as SharedDashboardContext, events: {} as SharedDashboardEvent, input: {} as { token: string; width?: number } },
  actors: {
    fetchDashboard: fromPromise<SharedDashboard, { token: string }>(async ({ input }) => (await api()).sharedDashboardOf(input.token)),
    fetchReadings: fromPromise<ReadingsResponse, { token: string; view: SiteView; maxPoints: number }>(async ({ input, signal }) =>
      (await api()).sharedReadings(input.token, readingsQuery(input.view, Date.now(), input.maxPoints), signal),
    ),
  },
  guards: { gone: ({ event }) => (event as { error?: { status?: number } }).error?.status === 404 },
}).createMachine({
  id: 'sharedDashboard',
  context: ({ input }) => ({
    token: input.token,
    dashboard: null,
    view: DEFAULT_VIEW,
    readings: null,
    failure: null,
    readingsFailure: null,
    maxPoints: Math.max(200, Math.min(2000, Math.round((input.width ?? 1000) * 2))),
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchDashboard',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'open', actions: assign(({ event }) => ({ dashboard: event.output, view: sharedView(event.output, 7), failure: null })) },
        onError: [
          { guard: 'gone', target: 'gone' },
          { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
        ],
      },
    },
    /** Expired, revoked or never valid: nothing of the site is shown. */
    gone: { type: 'final' },
    failed: { on: { 'shared.retry': 'loading' } },
    open: {
      initial: 'reading',
      on: {
        'shared.days': { target: '.reading', reenter: true, actions: assign(({ context, event }) => ({ view: sharedView(context.dashboard!, event.days) })) },
      },
      states: {
        reading: {
          invoke: {
            src: 'fetchReadings',
            input: ({ context }) => ({ token: context.token, view: context.view, maxPoints: context.maxPoints }),
            onDone: { target: 'ready', actions: assign({ readings: ({ event }) => event.output, readingsFailure: null }) },
            onError: [
              // Revoked while open: the page forgets the site at once.
              { guard: 'gone', target: '#sharedDashboard.gone', actions: assign({ dashboard: null, readings: null }) },
              { target: 'ready', actions: assign({ readingsFailure: ({ event }) => failureOf(event.error) }) },
            ],
          },
        },
        ready: { on: { 'shared.retry': 'reading' } },
      },
    },
  },
});
