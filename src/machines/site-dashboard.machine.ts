import { and, assertEvent, assign, cancel, enqueueActions, or, raise, setup, stateIn } from 'xstate';
import type { Aggregation, DataViewType, HubInfo, Interval, NodeInfo, ReadingsResponse, SiteBasicInfo, SitePermission, SiteSummary } from '../api/contract/monitoring';
import { actsForCompany, type ActingSource, type CompanyChanged } from './company-watch';
import type { SiteViewStoreCommand } from './site-dashboard-store';
import { PART_SOURCES, siteActors, type PartOutput, type SitePart } from './site-dashboard-actors';
import { failureOf, type Failure } from './failure';
import { liveWatch, type LiveEvent, type LiveSource } from './live-watch';
import { applySiteReading, SITE_LIVE_REFRESH_MS } from './site-dashboard-live';
import { DEFAULT_VIEW, defaultFeedIds, readingsQuery, searchOf, viewFromSearch, type AnsweredView, type SiteView } from './site-view';
import type { ExportsEvent } from './exports.machine';
import type { ObjectHome } from '../api/contract/common';
import { locateHome } from './other-company';

// The view as data lives in site-view.ts; importers keep reading it from here.
export { boundsOf, bucketMsOf, DEFAULT_FEEDS, DEFAULT_VIEW, rangeOf, rankFeeds, isFridgeFeed, readingsQuery, searchOf, viewFromSearch, type AnsweredView, type SiteView } from './site-view';

export interface SiteDashboardContext {
  view: SiteView;
  /** Points per series the chart can draw: about two per pixel of its width. */
  maxPoints: number;
  /** The session whose company switches the page follows; null where nobody switches (tests). */
  session: ActingSource | null;
  /** The session acts for a company; without one the page asks nothing and rests in `page.noCompany`. */
  acting: boolean;
  /** The app's live stream; null where nothing is live (tests). */
  live: LiveSource | null;
  /** A re-read of a bucketed chart is already due (live readings of its feeds arrived since the last one). */
  liveRefreshDue: boolean;
  /** The company's sites: the picker's list, and the test that an open or remembered site is still the company's. */
  sites: SiteSummary[];
  info: SiteBasicInfo | null;
  /** What the caller may do on the open site (export, share, manage), as the server answers; null until it has. */
  permission: SitePermission | null;
  subSites: SiteSummary[];
  nodes: NodeInfo[];
  hubs: HubInfo[];
  readings: ReadingsResponse | null;
  /** The view `readings` answers; null until the first answer. */
  answered: AnsweredView | null;
  minmax: ReadingsResponse | null;
  /** The last failure of each part (a code and its dictionary key), for the view to show beside it. */
  errors: Partial<Record<'sites' | SitePart, Failure>>;
  /** The app's export jobs, where Export sends the page's query; null where nothing exports (tests). */
  exports: ExportsSink | null;
  /** The person's other company that has the site the URL names, when the token's does not: the page offers the switch. */
  elsewhere: ObjectHome | null;
}

/** Where an export request goes: the app's exports machine. */
export interface ExportsSink {
  send(event: Extract<ExportsEvent, { type: 'exports.request' }>): void;
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
  | { type: 'view.refresh' }
  /** Export: the chart's query as a CSV job, by the min–max call when the page shows min and max. */
  | { type: 'site.export' }
  /** The throttled re-read a bucketed chart asked for while live readings arrived. */
  | { type: 'live.refresh' }
  | LiveEvent;

export type SiteDashboardEmitted = { type: 'view.changed'; search: string };

type SiteParts = Pick<SiteDashboardContext, 'info' | 'permission' | 'subSites' | 'nodes' | 'hubs' | 'readings' | 'answered' | 'minmax'>;
const noSite = (): SiteParts => ({ info: null, permission: null, subSites: [], nodes: [], hubs: [], readings: null, answered: null, minmax: null });

const siteSetup = setup({
  types: {
    context: {} as SiteDashboardContext,
    events: {} as SiteDashboardEvent,
    emitted: {} as SiteDashboardEmitted,
    input: {} as { view: SiteView; width?: number; session?: ActingSource | null; live?: LiveSource | null; exports?: ExportsSink | null },
  },
  actors: { ...siteActors, liveWatch, locateHome },
  guards: {
    /** The site the URL names is not the token company's (or no longer anyone's). */
    siteMissing: ({ context }) => context.errors.info?.status === 404,
    hasSite: ({ context }) => context.view.siteId !== null,
    withoutCompany: ({ context }) => !context.acting,
    listed: ({ context }) => context.sites.some((s) => s.id === context.view.siteId),
    hasFeeds: ({ context }) => context.view.feedIds.length > 0,
    noFeeds: ({ context }) => context.view.feedIds.length === 0,
    widthChanged: ({ context, event }) => {
      assertEvent(event, 'view.width');
      return Math.abs(Math.round(event.px * 2) - context.maxPoints) > 40;
    },
  },
  actions: {
    requestExport: ({ context }) => {
      const siteId = context.view.siteId;
      if (!siteId || !context.exports || !context.permission?.export) return;
      const query = readingsQuery(context.view, Date.now(), context.maxPoints);
      context.exports.send({ type: 'exports.request', siteId, kind: context.view.dataViewType === 'MinMax' ? 'readings-minmax' : 'readings', query });
    },
    /** A part of the page arrived: its values are kept and its last failure forgotten. */
    partLoaded: assign(({ context }, params: { part: SitePart | 'sites'; values: Partial<SiteDashboardContext> }) => ({
      ...params.values,
      errors: { ...context.errors, [params.part]: undefined },
    })),
    /** A part of the page failed to load: its failure is kept for the view, the other parts stay as they are. */
    partFailed: assign({
      errors: ({ context }, params: { part: SitePart | 'sites'; error: unknown }) => ({ ...context.errors, [params.part]: failureOf(params.error) }),
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
    setView: assign({ view: ({ context }, patch: Partial<SiteView>) => ({ ...context.view, ...patch }) }),
    /** A live reading: tiles and a growing raw chart take it at once; a bucketed chart is re-read, at most once a minute. */
    applyLiveReading: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'live.reading');
      const out = applySiteReading(context, event.reading);
      enqueue.assign({ nodes: out.nodes, readings: out.readings });
      if (out.stale && !context.liveRefreshDue) {
        enqueue.assign({ liveRefreshDue: true });
        enqueue.raise({ type: 'live.refresh' }, { delay: SITE_LIVE_REFRESH_MS, id: 'live-refresh' });
      }
    }),
  },
});

type StateConfig = Parameters<typeof siteSetup.createStateConfig>[0];
/** A state without children: typed without `states`, so the machine's state value keeps the parts' state names. */
type Leaf = Omit<StateConfig, 'states'>;

/** How a part reads: its call (the invoke id is the part's name), and what its answer changes in the context. */
function partInvoke<P extends SitePart>(part: P, store: (context: SiteDashboardContext, output: PartOutput<P>) => Partial<SiteDashboardContext>, announce: boolean): Leaf['invoke'] {
  // PART_SOURCES ties the part to its actor, so its answer is PartOutput<P>; xstate types an invoke only by a literal src.
  return {
    id: part,
    src: PART_SOURCES[part],
    input: ({ context }: { context: SiteDashboardContext }) => ({ siteId: context.view.siteId ?? '', context }),
    onDone: {
      target: 'success',
      actions: [
        { type: 'partLoaded', params: ({ context, event }: { context: SiteDashboardContext; event: { output: unknown } }) => ({ part, values: store(context, event.output as PartOutput<P>) }) },
        ...(announce ? ['announce' as const] : []),
      ],
    },
    onError: { target: 'error', actions: { type: 'partFailed', params: ({ event }: { event: { error: unknown } }) => ({ part, error: event.error }) } },
  } as Leaf['invoke'];
}

/**
 * One part of an open site, read when the site opens: `requesting`, then `success` or `error` (the states the view
 * and the tests read). `announce` mirrors a view the answer changed in the URL.
 */
function sitePart<P extends SitePart>(part: P, store: (context: SiteDashboardContext, output: PartOutput<P>) => Partial<SiteDashboardContext>, announce = false, error: Leaf = {}) {
  const states: { requesting: Leaf; success: Leaf; error: Leaf } = { requesting: { invoke: partInvoke(part, store, announce) }, success: {}, error };
  return { initial: 'requesting' as const, states };
}

/** A part drawn from the chosen feeds: it waits while none are chosen, and reads again on the view events of `on`. */
function feedsPart<P extends SitePart>(part: P, store: (context: SiteDashboardContext, output: PartOutput<P>) => Partial<SiteDashboardContext>, on: StateConfig['on']) {
  const states: { waiting: Leaf; requesting: Leaf; success: Leaf; error: Leaf } = {
    waiting: { always: { guard: 'hasFeeds', target: 'requesting' } },
    requesting: { always: { guard: 'noFeeds', target: 'waiting' }, invoke: partInvoke(part, store, false) },
    success: {},
    error: {},
  };
  return { initial: 'waiting' as const, on, states };
}

/** The nodes arrived: a node the palette named shows its feeds; else the feeds named that are here, or the first few. */
function nodesArrived(context: SiteDashboardContext, nodes: NodeInfo[]): Partial<SiteDashboardContext> {
  const known = new Set(nodes.flatMap((n) => n.feeds.map((f) => f.id)));
  const node = context.view.nodeId ? nodes.find((n) => n.id === context.view.nodeId) : undefined;
  if (node?.feeds.length) return { nodes, view: { ...context.view, nodeId: null, feedIds: node.feeds.map((f) => f.id).slice(0, 50) } };
  const kept = context.view.feedIds.filter((f) => known.has(f));
  // No feeds named (or none of them here): what matters on this site (see defaultFeedIds), so the chart is never empty.
  const feedIds = kept.length ? kept : defaultFeedIds(nodes, context.info);
  return { nodes, view: { ...context.view, nodeId: null, feedIds } };
}

/**
 * The /site-dashboard page: one site (from the URL, or the last one viewed if it is still the company's), or the
 * company's sites to choose from. A company switch re-reads the sites and leaves a site the new company does not have.
 */
export const siteDashboardMachine = siteSetup.createMachine({
  id: 'siteDashboard',
  context: ({ input }) => ({
    view: input.view,
    maxPoints: Math.max(200, Math.min(4000, Math.round((input.width ?? 1000) * 2))),
    session: input.session ?? null,
    acting: actsForCompany(input.session),
    live: input.live ?? null,
    exports: input.exports ?? null,
    liveRefreshDue: false,
    sites: [],
    ...noSite(),
    errors: {},
    elsewhere: null,
  }),
  type: 'parallel',
  invoke: [
    { id: 'company', src: 'companyWatch', input: ({ context }) => ({ session: context.session, page: 'site-dashboard' }) },
    { id: 'store', src: 'siteViewStore' },
    { id: 'live', src: 'liveWatch', input: ({ context }) => ({ live: context.live, kinds: ['reading'] as const }) },
  ],
  states: {
    // The company's sites, read when the picker or a check needs them and again after every company change.
    sites: {
      initial: 'idle',
      // The watch announces only a company (never none): the page acts for one from here on.
      on: { 'company.changed': { target: '.loading', actions: assign({ sites: [], acting: true }) } },
      states: {
        idle: { on: { 'sites.load': 'loading' } },
        loading: {
          invoke: {
            id: 'sites',
            src: 'fetchSites',
            onDone: { target: 'ready', actions: { type: 'partLoaded', params: ({ event }) => ({ part: 'sites' as const, values: { sites: event.output } }) } },
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
        starting: { always: [{ guard: 'withoutCompany', target: 'noCompany' }, { guard: 'hasSite', target: 'open' }, { target: 'restoring' }] },
        // A platform admin right after sign-in: the page says "choose a company" and asks nothing until one is chosen;
        // a site the URL names is then checked against that company's list.
        noCompany: { on: { 'company.changed': [{ guard: 'hasSite', target: 'checking' }, { target: 'restoring' }] } },
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
        // The site the URL names is not the token company's: one of the person's other companies may have it.
        locating: {
          invoke: {
            id: 'locate',
            src: 'locateHome',
            input: ({ context }) => ({ kind: 'site' as const, id: context.view.siteId ?? '' }),
            onDone: [
              { guard: ({ event }) => event.output !== null, target: 'elsewhere', actions: assign({ elsewhere: ({ event }) => event.output }) },
              { target: 'missing' },
            ],
            onError: { target: 'missing' },
          },
        },
        // The page offers the switch; once the session acts for that company, the check finds the site and opens it.
        elsewhere: {
          exit: assign({ elsewhere: null }),
          on: { 'company.changed': 'checking', 'site.choose': { target: 'picking', actions: ['forgetSite', 'announce'] } },
        },
        // None of the person's companies has it: the page says so, and offers the list of sites.
        missing: {
          on: { 'company.changed': 'checking', 'site.choose': { target: 'picking', actions: ['forgetSite', 'announce'] } },
        },
        open: {
          type: 'parallel',
          exit: ['clearSite', cancel('live-refresh'), assign({ liveRefreshDue: false })],
          on: {
            'live.reading': { actions: 'applyLiveReading' },
            // A gap in the stream, or the chart's minute: what the page shows is read again, quietly for the parts.
            'live.resumed': { actions: raise({ type: 'view.refresh' }) },
            'live.refresh': { actions: [assign({ liveRefreshDue: false }), raise({ type: 'view.refresh' })] },
            'site.open': { target: 'open', reenter: true, actions: ['openSite', 'announce'] },
            'company.changed': 'checking',
            'site.choose': { target: 'picking', actions: ['forgetSite', 'announce'] },
            'site.export': { actions: 'requestExport' },
          },
          states: {
            info: sitePart('info', (_, info) => ({ info }), false, { always: { guard: 'siteMissing', target: '#siteDashboard.page.locating' } }),
            permission: sitePart('permission', (_, permission) => ({ permission })),
            subSites: sitePart('subSites', (_, subSites) => ({ subSites })),
            nodes: sitePart('nodes', nodesArrived, true),
            hubs: sitePart('hubs', (_, hubs) => ({ hubs })),
            // The view changes here, in the readings region, and the min/max region follows. Regions own their
            // transitions: a target set on the page itself would re-enter every region and re-read info, nodes and hubs.
            readings: feedsPart(
              'readings',
              // A newer view cancels this request, so the view now is the one it answers.
              (context, readings) => ({ readings, answered: { dataViewType: context.view.dataViewType, interval: context.view.interval, aggregation: context.view.aggregation } }),
              {
                'view.interval': { target: '.requesting', actions: [{ type: 'setView', params: ({ event }) => ({ interval: event.interval }) }, 'announce'] },
                'view.aggregation': { target: '.requesting', actions: [{ type: 'setView', params: ({ event }) => ({ aggregation: event.aggregation }) }, 'announce'] },
                'view.dataView': { target: '.requesting', actions: [{ type: 'setView', params: ({ event }) => ({ dataViewType: event.dataViewType }) }, 'announce'] },
                'view.days': { target: '.requesting', actions: [{ type: 'setView', params: ({ event }) => ({ days: Math.max(1, Math.min(366, Math.round(event.days))), from: null, to: null }) }, 'announce'] },
                'view.range': { target: '.requesting', actions: [{ type: 'setView', params: ({ event }) => ({ from: event.from, to: event.to }) }, 'announce'] },
                'view.feeds': { target: '.requesting', actions: [{ type: 'setView', params: ({ event }) => ({ feedIds: event.feedIds.slice(0, 50) }) }, 'announce'] },
                'view.toggleFeed': {
                  target: '.requesting',
                  actions: [
                    {
                      type: 'setView',
                      params: ({ context: { view }, event: e }) => ({
                        feedIds: view.feedIds.includes(e.feedId) ? view.feedIds.filter((f) => f !== e.feedId) : [...view.feedIds, e.feedId].slice(0, 50),
                      }),
                    },
                    'announce',
                  ],
                },
                'view.width': { guard: 'widthChanged', target: '.requesting', actions: assign({ maxPoints: ({ event }) => Math.max(200, Math.min(4000, Math.round(event.px * 2))) }) },
                'view.refresh': '.requesting',
              },
            ),
            // The table asks for min and max whatever the chart draws: aggregation and data view do not move it.
            minmax: feedsPart('minmax', (_, minmax) => ({ minmax }), {
              'view.interval': '.requesting',
              'view.days': '.requesting',
              'view.range': '.requesting',
              'view.feeds': '.requesting',
              'view.toggleFeed': '.requesting',
              'view.refresh': '.requesting',
            }),
          },
        },
      },
    },
  },
});
