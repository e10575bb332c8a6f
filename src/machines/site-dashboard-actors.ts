import { fromPromise, type OutputFrom } from 'xstate';
import type { HubInfo, NodeInfo, ReadingsResponse, SiteBasicInfo, SitePermission, SiteSummary } from '../api/contract/monitoring';
import { companyWatch } from './company-watch';
import { loadSavedView, siteViewStore } from './site-dashboard-store';
import type { SiteDashboardContext } from './site-dashboard.machine';
import { readingsQuery } from './site-view';
import { apiModules } from '../api/lazy';

// The api layer loads with the first call.
const api = apiModules.monitoring;

/** The parts of an open site, each read by its own call and shown (with its failure) on its own. */
export type SitePart = 'info' | 'permission' | 'subSites' | 'nodes' | 'hubs' | 'readings' | 'minmax';

/** The site dashboard's side effects: the company watch, the kept view, and one call per part of the page. */
export const siteActors = {
  companyWatch,
  siteViewStore,
  loadSavedView,
  fetchSites: fromPromise<SiteSummary[]>(async () => (await api()).sites()),
  fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async ({ input, signal }) => (await api()).siteInfo(input.siteId, signal)),
  // What the caller may do here is the server's to say (docs/product.md, Roles: check-permission), not a guess from the role.
  fetchPermission: fromPromise<SitePermission, { siteId: string }>(async ({ input }) => (await api()).checkPermission(input.siteId)),
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
};

/** The actor that reads each part; its invoke id is the part's name. */
export const PART_SOURCES = {
  info: 'fetchInfo', permission: 'fetchPermission', subSites: 'fetchSubSites', nodes: 'fetchNodes', hubs: 'fetchHubs', readings: 'fetchReadings', minmax: 'fetchMinMax',
} as const satisfies Record<SitePart, keyof typeof siteActors>;
export type PartOutput<P extends SitePart> = OutputFrom<(typeof siteActors)[(typeof PART_SOURCES)[P]]>;
