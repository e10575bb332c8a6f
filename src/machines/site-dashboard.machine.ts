import { and, assertEvent, assign, enqueueActions, fromPromise, or, raise, setup, stateIn } from 'xstate';
import type {
  Aggregation, DataViewType, FeedInfo, HubInfo, Interval, NodeInfo, ReadingsRequest, ReadingsResponse, SiteBasicInfo, SiteSummary,
} from '../api/contract/monitoring';
import { DATA_VIEWS, INTERVAL_MS, INTERVALS } from '../api/contract/monitoring';
import { companyWatch, type CompanyChanged, type CompanySource } from './company-watch';
import { loadSavedView, siteViewStore, type SiteViewStoreCommand } from './site-dashboard-store';

// The api layer loads with the first call.
const api = () => import('../api/monitoring.api');

/** What the view shows: mirrored in the URL so a view can be bookmarked and shared. */
export interface SiteView {
  siteId: string | null;
  interval: Interval;
  /** null: RawData without aggregation (the stored readings). */
  aggregation: Aggregation | null;
  dataViewType: DataViewType;
  /** ISO 8601 range; null means the last `days` days up to now. */
  from: string | null;
  to: string | null;
  days: number;
  feedIds: string[];
  /** A node to show (the palette opens nodes): its feeds are selected once the nodes arrive. Not kept in the URL. */
  nodeId?: string | null;
}

export const DEFAULT_VIEW: SiteView = {
  siteId: null,
  interval: '1hour',
  aggregation: 2,
  dataViewType: 'RawData',
  from: null,
  to: null,
  days: 7,
  feedIds: [],
};

/** How many feeds are drawn when the URL names none. */
export const DEFAULT_FEEDS = 6;

/** Reads a view from a URL query string; anything unknown falls back to the default. */
export function viewFromSearch(search: string): SiteView {
  const q = new URLSearchParams(search);
  const interval = q.get('interval');
  const agg = q.get('agg');
  const dv = q.get('view');
  const days = Number(q.get('days'));
  const from = q.get('from');
  const to = q.get('to');
  const validIso = (s: string | null) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null);
  const f = validIso(from);
  const t = validIso(to);
  return {
    siteId: q.get('site') || null,
    interval: (INTERVALS as readonly string[]).includes(interval ?? '') ? (interval as Interval) : DEFAULT_VIEW.interval,
    aggregation: agg === 'none' ? null : agg !== null && /^[0-6]$/.test(agg) ? (Number(agg) as Aggregation) : DEFAULT_VIEW.aggregation,
    dataViewType: (DATA_VIEWS as readonly string[]).includes(dv ?? '') ? (dv as DataViewType) : DEFAULT_VIEW.dataViewType,
    from: f && t && Date.parse(f) < Date.parse(t) ? f : null,
    to: f && t && Date.parse(f) < Date.parse(t) ? t : null,
    days: Number.isInteger(days) && days >= 1 && days <= 366 ? days : DEFAULT_VIEW.days,
    feedIds: (q.get('feeds') ?? '').split(',').filter((x) => x.length > 0 && x.length <= 64).slice(0, 50),
    ...(q.get('node') ? { nodeId: q.get('node') } : {}),
  };
}

/** The query string of a view; defaults are left out so URLs stay short. */
export function searchOf(v: SiteView): string {
  const q = new URLSearchParams();
  if (v.siteId) q.set('site', v.siteId);
  if (v.interval !== DEFAULT_VIEW.interval) q.set('interval', v.interval);
  if (v.aggregation !== DEFAULT_VIEW.aggregation) q.set('agg', v.aggregation === null ? 'none' : String(v.aggregation));
  if (v.dataViewType !== DEFAULT_VIEW.dataViewType) q.set('view', v.dataViewType);
  if (v.from && v.to) {
    q.set('from', v.from);
    q.set('to', v.to);
  } else if (v.days !== DEFAULT_VIEW.days) q.set('days', String(v.days));
  if (v.feedIds.length) q.set('feeds', v.feedIds.join(','));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The readings call of a view at a moment; counters' views and Reading need no aggregation. */
export function readingsQuery(v: SiteView, now: number, maxPoints: number): ReadingsRequest {
  const to = v.to ?? new Date(now).toISOString();
  const from = v.from ?? new Date(now - v.days * 86_400_000).toISOString();
  const q: ReadingsRequest = { feedIds: v.feedIds, from, to, interval: v.interval, dataViewType: v.dataViewType, maxPoints };
  if (v.aggregation !== null) q.aggregation = v.aggregation;
  return q;
}

/** The part of a view that shapes a readings answer: the chart and the tiles draw an answer by the view it answers. */
export type AnsweredView = Pick<SiteView, 'dataViewType' | 'interval' | 'aggregation'>;

/** The bucket length of an answer, or null for stored readings (RawData without aggregation), which have no buckets. */
export function bucketMsOf(v: AnsweredView): number | null {
  return v.dataViewType === 'RawData' && v.aggregation === null ? null : INTERVAL_MS[v.interval];
}

/**
 * A value judged by its feed's own range, or, for a fridge probe's temperature without one, by the site's safe range
 * (DESIGN §3); null when there is no range to judge it by.
 */
export function rangeOf(feed: Pick<FeedInfo, 'rangeMin' | 'rangeMax' | 'signalKey'>, deviceType: string, value: number, site: Pick<SiteBasicInfo, 'safeMin' | 'safeMax'> | null): 'in' | 'out' | null {
  if (feed.rangeMin !== null || feed.rangeMax !== null) return (feed.rangeMin !== null && value < feed.rangeMin) || (feed.rangeMax !== null && value > feed.rangeMax) ? 'out' : 'in';
  if (site === null || feed.signalKey !== 'temperature' || deviceType !== 'Fridge Probe') return null;
  return value < site.safeMin || value > site.safeMax ? 'out' : 'in';
}

export interface SiteDashboardContext {
  view: SiteView;
  /** Points per series the chart can draw: about two per pixel of its width. */
  maxPoints: number;
  /** The session whose company switches the page follows; null where nobody switches (tests). */
  session: CompanySource | null;
  /** The company's sites: the picker's list, and the test that an open or remembered site is still the company's. */
  sites: SiteSummary[];
  info: SiteBasicInfo | null;
  subSites: SiteSummary[];
  nodes: NodeInfo[];
  hubs: HubInfo[];
  readings: ReadingsResponse | null;
  /** The view `readings` answers; null until the first answer. */
  answered: AnsweredView | null;
  minmax: ReadingsResponse | null;
  /** The last failure of each part, for the view to show beside it. */
  errors: Partial<Record<'sites' | 'info' | 'subSites' | 'nodes' | 'hubs' | 'readings' | 'minmax', string>>;
}

export type SiteDashboardEvent =
  | { type: 'site.open'; siteId: string }
  /** Back to the list of sites. */
  | { type: 'site.choose' }
  /** Loads the company's sites unless they are in hand (the picker's retry after a failure). */
  | { type: 'sites.load' }
  | CompanyChanged
  | { type: 'view.interval'; interval: Interval }
  | { type: 'view.aggregation'; aggregation: Aggregation | null }
  | { type: 'view.dataView'; dataViewType: DataViewType }
  | { type: 'view.days'; days: number }
  | { type: 'view.range'; from: string; to: string }
  | { type: 'view.feeds'; feedIds: string[] }
  | { type: 'view.toggleFeed'; feedId: string }
  | { type: 'view.width'; px: number }
  | { type: 'view.refresh' };

export type SiteDashboardEmitted = { type: 'view.changed'; search: string };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

type SiteParts = Pick<SiteDashboardContext, 'info' | 'subSites' | 'nodes' | 'hubs' | 'readings' | 'answered' | 'minmax'>;
const noSite = (): SiteParts => ({ info: null, subSites: [], nodes: [], hubs: [], readings: null, answered: null, minmax: null });

/**
 * The /site-dashboard page: one site (from the URL, or the last one viewed if it is still the company's), or the
 * company's sites to choose from. A company switch re-reads the sites and leaves a site the new company does not have.
 */
export const siteDashboardMachine = setup({
  types: {
    context: {} as SiteDashboardContext,
    events: {} as SiteDashboardEvent,
    emitted: {} as SiteDashboardEmitted,
    input: {} as { view: SiteView; width?: number; session?: CompanySource | null },
  },
  actors: {
    companyWatch,
    siteViewStore,
    loadSavedView,
    fetchSites: fromPromise<SiteSummary[]>(async () => (await api()).sites()),
    fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async ({ input, signal }) => (await api()).siteInfo(input.siteId, signal)),
    fetchSubSites: fromPromise<SiteSummary[], { siteId: string }>(async ({ input, signal }) => (await api()).subSites(input.siteId, signal)),
    fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input, signal }) => (await api()).siteNodes(input.siteId, signal)),
    fetchHubs: fromPromise<HubInfo[], { siteId: string }>(async ({ input, signal }) => (await api()).siteHubs(input.siteId, signal)),
    fetchReadings: fromPromise<ReadingsResponse, { siteId: string; context: SiteDashboardContext }>(async ({ input, signal }) =>
      (await api()).readings(input.siteId, readingsQuery(input.context.view, Date.now(), input.context.maxPoints), signal),
    ),
    fetchMinMax: fromPromise<ReadingsResponse, { siteId: string; context: SiteDashboardContext }>(async ({ input, signal }) =>
      (await api()).readingsMinMax(
        input.siteId,
        // The table always shows min and max per bucket, whatever the chart draws.
        { ...readingsQuery(input.context.view, Date.now(), input.context.maxPoints), dataViewType: 'MinMax', aggregation: 5 },
        signal,
      ),
    ),
  },
  guards: {
    hasSite: ({ context }) => context.view.siteId !== null,
    listed: ({ context }) => context.sites.some((s) => s.id === context.view.siteId),
    hasFeeds: ({ context }) => context.view.feedIds.length > 0,
    noFeeds: ({ context }) => context.view.feedIds.length === 0,
    widthChanged: ({ context, event }) => event.type === 'view.width' && Math.abs(Math.round(event.px * 2) - context.maxPoints) > 40,
  },
  actions: {
    /** A part of the page failed to load: its message is kept for the view, the other parts stay as they are. */
    partFailed: assign({
      errors: ({ context }, params: { part: keyof SiteDashboardContext['errors']; error: unknown }) => ({ ...context.errors, [params.part]: message(params.error) }),
    }),
    /** Mirrors the view in the URL, and keeps a site's view for the next visit without one. */
    announce: enqueueActions(({ context, enqueue }) => {
      const search = searchOf(context.view);
      enqueue.emit({ type: 'view.changed', search });
      if (context.view.siteId) enqueue.sendTo('store', { type: 'store.save', search } satisfies SiteViewStoreCommand);
    }),
    openSite: assign({
      view: ({ context, event }) => {
        assertEvent(event, 'site.open');
        return { ...context.view, siteId: event.siteId, feedIds: [], nodeId: null };
      },
    }),
    forgetSite: assign({ view: DEFAULT_VIEW }),
    clearSite: assign(({ context }) => ({ ...noSite(), errors: { sites: context.errors.sites } })),
  },
}).createMachine({
  id: 'siteDashboard',
  context: ({ input }) => ({
    view: input.view,
    maxPoints: Math.max(200, Math.min(4000, Math.round((input.width ?? 1000) * 2))),
    session: input.session ?? null,
    sites: [],
    ...noSite(),
    errors: {},
  }),
  type: 'parallel',
  invoke: [
    { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'site-dashboard' }) },
    { id: 'store', src: 'siteViewStore' },
  ],
  states: {
    // The company's sites, read when the picker or a check needs them and again after every company change.
    sites: {
      initial: 'idle',
      on: { 'company.changed': { target: '.loading', actions: assign({ sites: [] }) } },
      states: {
        idle: { on: { 'sites.load': 'loading' } },
        loading: {
          invoke: {
            id: 'sites',
            src: 'fetchSites',
            onDone: { target: 'ready', actions: assign(({ context, event }) => ({ sites: event.output, errors: { ...context.errors, sites: undefined } })) },
            onError: { target: 'failed', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'sites' as const, error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'sites.load': 'loading' } },
      },
    },
    // site.open is handled where a site can be chosen, not on the page: a re-entering transition from a region's
    // root would re-enter the sibling sites region too, dropping its list.
    page: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hasSite', target: 'open' }, { target: 'restoring' }] },
        // No site in the URL: the last site viewed, if one was kept.
        restoring: {
          invoke: {
            id: 'saved',
            src: 'loadSavedView',
            onDone: [
              { guard: ({ event }) => viewFromSearch(event.output ?? '').siteId !== null, target: 'checking', actions: assign({ view: ({ event }) => viewFromSearch(event.output ?? '') }) },
              { target: 'picking' },
            ],
            onError: { target: 'picking' },
          },
        },
        // A remembered site, or the open one after a company switch, is shown only if the company's list has it.
        checking: {
          entry: raise({ type: 'sites.load' }),
          always: [
            { guard: and([stateIn({ sites: 'ready' }), 'listed']), target: 'open', actions: 'announce' },
            { guard: or([stateIn({ sites: 'ready' }), stateIn({ sites: 'failed' })]), target: 'picking', actions: ['forgetSite', 'announce'] },
          ],
        },
        picking: {
          entry: raise({ type: 'sites.load' }),
          on: { 'site.open': { target: 'open', actions: ['openSite', 'announce'] } },
        },
        open: {
          type: 'parallel',
          exit: 'clearSite',
          on: {
            'site.open': { target: 'open', reenter: true, actions: ['openSite', 'announce'] },
            'company.changed': 'checking',
            'site.choose': { target: 'picking', actions: ['forgetSite', 'announce'] },
          },
          states: {
            info: {
              initial: 'requesting',
              states: {
                requesting: {
                  invoke: {
                    id: 'info',
                    src: 'fetchInfo',
                    input: ({ context }) => ({ siteId: context.view.siteId ?? '' }),
                    onDone: { target: 'success', actions: assign(({ context, event }) => ({ info: event.output, errors: { ...context.errors, info: undefined } })) },
                    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'info' as const, error: event.error }) } },
                  },
                },
                success: {},
                error: {},
              },
            },
            subSites: {
              initial: 'requesting',
              states: {
                requesting: {
                  invoke: {
                    id: 'subSites',
                    src: 'fetchSubSites',
                    input: ({ context }) => ({ siteId: context.view.siteId ?? '' }),
                    onDone: { target: 'success', actions: assign(({ context, event }) => ({ subSites: event.output, errors: { ...context.errors, subSites: undefined } })) },
                    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'subSites' as const, error: event.error }) } },
                  },
                },
                success: {},
                error: {},
              },
            },
            nodes: {
              initial: 'requesting',
              states: {
                requesting: {
                  invoke: {
                    id: 'nodes',
                    src: 'fetchNodes',
                    input: ({ context }) => ({ siteId: context.view.siteId ?? '' }),
                    onDone: {
                      target: 'success',
                      actions: [
                        assign(({ context, event }) => {
                          const known = new Set(event.output.flatMap((n) => n.feeds.map((f) => f.id)));
                          const node = context.view.nodeId ? event.output.find((n) => n.id === context.view.nodeId) : undefined;
                          if (node?.feeds.length) return { nodes: event.output, view: { ...context.view, nodeId: null, feedIds: node.feeds.map((f) => f.id).slice(0, 50) }, errors: { ...context.errors, nodes: undefined } };
                          const kept = context.view.feedIds.filter((f) => known.has(f));
                          // No feeds named (or none of them here): the first instant feeds that share one unit, so the chart
                          // is never empty and its axis means one thing.
                          const instant = event.output.flatMap((n) => n.feeds.filter((f) => f.kind === 'instant'));
                          const unit = instant[0]?.unit;
                          const feedIds = kept.length ? kept : instant.filter((f) => f.unit === unit).map((f) => f.id).slice(0, DEFAULT_FEEDS);
                          return { nodes: event.output, view: { ...context.view, nodeId: null, feedIds }, errors: { ...context.errors, nodes: undefined } };
                        }),
                        'announce',
                      ],
                    },
                    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'nodes' as const, error: event.error }) } },
                  },
                },
                success: {},
                error: {},
              },
            },
            hubs: {
              initial: 'requesting',
              states: {
                requesting: {
                  invoke: {
                    id: 'hubs',
                    src: 'fetchHubs',
                    input: ({ context }) => ({ siteId: context.view.siteId ?? '' }),
                    onDone: { target: 'success', actions: assign(({ context, event }) => ({ hubs: event.output, errors: { ...context.errors, hubs: undefined } })) },
                    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'hubs' as const, error: event.error }) } },
                  },
                },
                success: {},
                error: {},
              },
            },
            // The view changes here, in the readings region, and the min/max region follows. Regions own their
            // transitions: a target set on the page itself would re-enter every region and re-read info, nodes and hubs.
            readings: {
              initial: 'waiting',
              on: {
                'view.interval': { target: '.requesting', actions: [assign({ view: ({ context, event }) => ({ ...context.view, interval: event.interval }) }), 'announce'] },
                'view.aggregation': { target: '.requesting', actions: [assign({ view: ({ context, event }) => ({ ...context.view, aggregation: event.aggregation }) }), 'announce'] },
                'view.dataView': { target: '.requesting', actions: [assign({ view: ({ context, event }) => ({ ...context.view, dataViewType: event.dataViewType }) }), 'announce'] },
                'view.days': {
                  target: '.requesting',
                  actions: [assign({ view: ({ context, event }) => ({ ...context.view, days: Math.max(1, Math.min(366, Math.round(event.days))), from: null, to: null }) }), 'announce'],
                },
                'view.range': { target: '.requesting', actions: [assign({ view: ({ context, event }) => ({ ...context.view, from: event.from, to: event.to }) }), 'announce'] },
                'view.feeds': { target: '.requesting', actions: [assign({ view: ({ context, event }) => ({ ...context.view, feedIds: event.feedIds.slice(0, 50) }) }), 'announce'] },
                'view.toggleFeed': {
                  target: '.requesting',
                  actions: [
                    assign({
                      view: ({ context, event }) => ({
                        ...context.view,
                        feedIds: context.view.feedIds.includes(event.feedId) ? context.view.feedIds.filter((f) => f !== event.feedId) : [...context.view.feedIds, event.feedId].slice(0, 50),
                      }),
                    }),
                    'announce',
                  ],
                },
                'view.width': { guard: 'widthChanged', target: '.requesting', actions: assign({ maxPoints: ({ event }) => Math.max(200, Math.min(4000, Math.round(event.px * 2))) }) },
                'view.refresh': '.requesting',
              },
              states: {
                // Readings need feeds, which the nodes answer names.
                waiting: { always: { guard: 'hasFeeds', target: 'requesting' } },
                requesting: {
                  always: { guard: 'noFeeds', target: 'waiting' },
                  invoke: {
                    id: 'readings',
                    src: 'fetchReadings',
                    input: ({ context }) => ({ siteId: context.view.siteId ?? '', context }),
                    onDone: {
                      target: 'success',
                      actions: assign(({ context, event }) => ({
                        readings: event.output,
                        // A newer view cancels this request, so the view now is the one it answers.
                        answered: { dataViewType: context.view.dataViewType, interval: context.view.interval, aggregation: context.view.aggregation },
                        errors: { ...context.errors, readings: undefined },
                      })),
                    },
                    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'readings' as const, error: event.error }) } },
                  },
                },
                success: {},
                error: {},
              },
            },
            // The table asks for min and max whatever the chart draws: aggregation and data view do not move it.
            minmax: {
              initial: 'waiting',
              on: {
                'view.interval': '.requesting',
                'view.days': '.requesting',
                'view.range': '.requesting',
                'view.feeds': '.requesting',
                'view.toggleFeed': '.requesting',
                'view.refresh': '.requesting',
              },
              states: {
                waiting: { always: { guard: 'hasFeeds', target: 'requesting' } },
                requesting: {
                  always: { guard: 'noFeeds', target: 'waiting' },
                  invoke: {
                    id: 'minmax',
                    src: 'fetchMinMax',
                    input: ({ context }) => ({ siteId: context.view.siteId ?? '', context }),
                    onDone: { target: 'success', actions: assign(({ context, event }) => ({ minmax: event.output, errors: { ...context.errors, minmax: undefined } })) },
                    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }) => ({ part: 'minmax' as const, error: event.error }) } },
                  },
                },
                success: {},
                error: {},
              },
            },
          },
        },
      },
    },
  },
});
