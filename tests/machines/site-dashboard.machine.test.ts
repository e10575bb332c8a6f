import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  bucketMsOf, DEFAULT_VIEW, rangeOf, readingsQuery, searchOf, siteDashboardMachine, viewFromSearch, type ExportsSink, type SiteDashboardContext, type SiteView,
} from '../../src/machines/site-dashboard.machine';
import type { ActingSource } from '../../src/machines/company-watch';
import type { LiveSource } from '../../src/machines/live-watch';
import { SITE_LIVE_REFRESH_MS } from '../../src/machines/site-dashboard-live';
import type { SiteViewStoreCommand } from '../../src/machines/site-dashboard-store';
import { held, session, startSession } from './session-fixtures';
import { fakeLive } from './live-fixtures';
import type { HubInfo, NodeInfo, ReadingsRequest, ReadingsResponse, SiteBasicInfo, SitePermission, SiteSummary } from '../../src/api/contract/monitoring';

const info = (id: string): SiteBasicInfo => ({
  id, companyId: 'c1', name: `Site ${id}`, parentSiteId: null, parentName: null, address: '', coordinates: '', latitude: null, longitude: null,
  timezone: 'Europe/London', safeMin: 2, safeMax: 8, subSiteCount: 0, hubCount: 1, nodeCount: 1,
});
const node = (id: string, feeds: string[]): NodeInfo => ({
  id, name: `Node ${id}`, hubId: 'h1', siteId: 's1', serial: id, deviceType: 'Fridge Probe', batteryPct: 90, signalDbm: -70, lastSeenAt: null, online: true, tags: [],
  feeds: feeds.map((f) => ({ id: f, name: f, unit: '°C', signalKey: 'temperature', kind: 'instant' as const, rangeMin: 2, rangeMax: 8, latest: null })),
});

const summary = (id: string): SiteSummary => ({
  id, name: `Site ${id}`, parentSiteId: null, timezone: 'Europe/London', address: '', latitude: null, longitude: null, subSiteCount: 0, hubCount: 1, nodeCount: 1,
  devicesOnline: 1, devicesOffline: 0, outOfRangeFeeds: 0, lastReadingAt: null,
});

interface Setup {
  nodesOf?: (site: string) => NodeInfo[];
  /** The company's sites, as GET /api/sites answers them for the token in use. */
  sites?: () => SiteSummary[];
  /** The SiteDashboard slice's query string, or null when none was kept. */
  saved?: string | null;
  session?: ActingSource | null;
  live?: LiveSource | null;
  /** What check-permission answers for the caller on every site. */
  permission?: SitePermission;
  exports?: ExportsSink | null;
}

function start(view: Partial<SiteView> = {}, nodesOf: (site: string) => NodeInfo[] = () => [node('n1', ['f1', 'f2'])], more: Omit<Setup, 'nodesOf'> = {}) {
  const calls = { readings: [] as ReadingsRequest[], minmax: 0, info: [] as string[], nodes: 0, hubs: 0, subSites: 0, sites: 0 };
  const saved: string[] = [];
  const answer = (req: ReadingsRequest): ReadingsResponse => ({ series: (req.feedIds ?? []).map((f) => ({ feedId: f, nodeId: 'n1', name: f, unit: '°C', t: [1], value: [5] })) });
  const actor = createActor(
    siteDashboardMachine.provide({
      actors: {
        fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async ({ input }) => {
          calls.info.push(input.siteId);
          return info(input.siteId);
        }),
        fetchPermission: fromPromise<SitePermission, { siteId: string }>(async () => more.permission ?? { role: 'user', view: true, export: true, manage: false }),
        fetchSubSites: fromPromise<SiteSummary[], { siteId: string }>(async () => {
          calls.subSites++;
          return [];
        }),
        fetchHubs: fromPromise<HubInfo[], { siteId: string }>(async () => {
          calls.hubs++;
          return [];
        }),
        fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => {
          calls.nodes++;
          return nodesOf(input.siteId);
        }),
        fetchReadings: fromPromise<ReadingsResponse, { siteId: string; context: SiteDashboardContext }>(async ({ input }) => {
          const q = readingsQuery(input.context.view, Date.now(), input.context.maxPoints);
          calls.readings.push(q);
          return answer(q);
        }),
        fetchMinMax: fromPromise<ReadingsResponse, { siteId: string; context: SiteDashboardContext }>(async () => {
          calls.minmax++;
          return { series: [] };
        }),
        fetchSites: fromPromise<SiteSummary[]>(async () => {
          calls.sites++;
          return (more.sites ?? (() => [summary('s1'), summary('s2')]))();
        }),
        loadSavedView: fromPromise<string | null>(async () => more.saved ?? null),
        siteViewStore: fromCallback<SiteViewStoreCommand>(({ receive }) => receive((c) => saved.push(c.search))),
      },
    }),
    { input: { view: { ...DEFAULT_VIEW, siteId: 's1', ...view }, width: 800, session: more.session ?? null, live: more.live ?? null, exports: more.exports ?? null } },
  );
  const urls: string[] = [];
  actor.on('view.changed', (e) => urls.push(e.search));
  actor.start();
  return { actor, calls, urls, saved };
}

const settled = (a: ReturnType<typeof start>['actor']) => waitFor(a, (s) => s.matches({ page: { open: { readings: 'success', info: 'success', nodes: 'success' } } }));

describe('what the site dashboard offers', () => {
  it('keeps what the server says the caller may do on the open site, and exports only when it may', async () => {
    const sent: string[] = [];
    const exports: ExportsSink = { send: (e) => void sent.push(e.siteId) };
    const viewer = start({}, undefined, { permission: { role: 'viewer', view: true, export: false, manage: false }, exports });
    await waitFor(viewer.actor, (s) => s.matches({ page: { open: { permission: 'success' } } }));
    expect(viewer.actor.getSnapshot().context.permission).toEqual({ role: 'viewer', view: true, export: false, manage: false });
    viewer.actor.send({ type: 'site.export' });
    expect(sent).toEqual([]);
    viewer.actor.stop();
    const user = start({}, undefined, { permission: { role: 'user', view: true, export: true, manage: false }, exports });
    await settled(user.actor);
    await waitFor(user.actor, (s) => s.matches({ page: { open: { permission: 'success' } } }));
    user.actor.send({ type: 'site.export' });
    expect(sent).toEqual(['s1']);
    user.actor.stop();
  });
});

describe('site dashboard view in the URL', () => {
  it('round-trips every setting and ignores junk', () => {
    const v: SiteView = { siteId: 's9', interval: '24hours', aggregation: null, dataViewType: 'MinMax', from: '2026-01-01T00:00:00.000Z', to: '2026-01-08T00:00:00.000Z', days: 7, feedIds: ['a', 'b'] };
    expect(viewFromSearch(searchOf(v))).toEqual(v);
    expect(viewFromSearch('?interval=5years&agg=9&view=Nope&days=-3&from=x&to=y')).toEqual(DEFAULT_VIEW);
    expect(searchOf(DEFAULT_VIEW)).toBe('');
  });

  it('builds the readings call: last N days, or the range; no aggregation for raw readings', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(readingsQuery({ ...DEFAULT_VIEW, feedIds: ['f'], days: 1 }, now, 600)).toEqual({
      feedIds: ['f'], from: '2026-11-20T12:00:00.000Z', to: '2026-11-21T12:00:00.000Z', interval: '1hour', dataViewType: 'RawData', maxPoints: 600, aggregation: 2,
    });
    expect(readingsQuery({ ...DEFAULT_VIEW, aggregation: null }, now, 600)).not.toHaveProperty('aggregation');
  });
});

describe('what the chart and tiles need of an answer', () => {
  it('buckets: every view but stored readings has them, of the interval’s length', () => {
    expect(bucketMsOf({ dataViewType: 'RawData', aggregation: null, interval: '1hour' })).toBeNull();
    expect(bucketMsOf({ dataViewType: 'RawData', aggregation: 2, interval: '1hour' })).toBe(3_600_000);
    expect(bucketMsOf({ dataViewType: 'ConsumptionPeriod', aggregation: null, interval: '24hours' })).toBe(86_400_000);
  });

  it('judges a value by the feed’s range, a fridge probe’s temperature by the site’s, else not at all', () => {
    const feed = { rangeMin: null, rangeMax: null, signalKey: 'temperature' };
    const site = { safeMin: 2, safeMax: 8 };
    expect(rangeOf({ ...feed, rangeMax: 30 }, 'Fridge Probe', 31, site)).toBe('out');
    expect(rangeOf({ ...feed, rangeMin: 0 }, 'Sensor', 1, site)).toBe('in');
    expect(rangeOf(feed, 'Fridge Probe', 9, site)).toBe('out');
    expect(rangeOf(feed, 'Fridge Probe', 5, site)).toBe('in');
    expect(rangeOf(feed, 'Fridge Probe', 9, null)).toBeNull();
    expect(rangeOf({ ...feed, signalKey: 'battery' }, 'Emergency light', 100, site)).toBeNull();
  });
});

describe('site dashboard machine', () => {
  it('loads every part; picks default feeds when the URL names none; mirrors them in the URL', async () => {
    const { actor, calls, urls } = start();
    await settled(actor);
    expect(actor.getSnapshot().context.view.feedIds).toEqual(['f1', 'f2']);
    expect(calls.readings[0]!.feedIds).toEqual(['f1', 'f2']);
    expect(urls.at(-1)).toContain('feeds=f1%2Cf2');
    expect(actor.getSnapshot().context.maxPoints).toBe(1600);
  });

  it('opens the chart on what matters: what is out of range, then the fridges', async () => {
    const feed = (id: string, signalKey: string, unit: string, range: [number, number] | null, value: number) => ({
      id, name: signalKey, unit, signalKey, kind: 'instant' as const, rangeMin: range?.[0] ?? null, rangeMax: range?.[1] ?? null, latest: { at: '2026-11-28T10:00:00Z', value },
    });
    const room: NodeInfo = { ...node('room', []), name: 'Lounge', deviceType: 'Temperature & Humidity', feeds: [feed('rt', 'temperature', '°C', [15, 25], 21), feed('rh', 'humidity', '%', null, 40)] };
    const light: NodeInfo = { ...node('light', []), name: 'Exit light', deviceType: 'Emergency Light', feeds: [feed('lb', 'battery', '%', [60, 100], 5), feed('ll', 'lamp', 'on/off', null, 0)] };
    const fridge: NodeInfo = { ...node('fridge', []), name: 'Medication fridge', feeds: [feed('ft', 'temperature', '°C', [2, 8], 5)] };
    const { actor } = start({}, () => [room, light, fridge]);
    await settled(actor);
    expect(actor.getSnapshot().context.view.feedIds).toEqual(['lb', 'ft']);
  });

  it('without fridges or anything out of range, charts the first ranged feeds of one unit', async () => {
    const feed = (id: string, unit: string, range: [number, number] | null) => ({ id, name: id, unit, signalKey: 'temperature', kind: 'instant' as const, rangeMin: range?.[0] ?? null, rangeMax: range?.[1] ?? null, latest: null });
    const rooms = (id: string, feeds: NodeInfo['feeds']): NodeInfo => ({ ...node(id, []), deviceType: 'Temperature & Humidity', feeds });
    const { actor } = start({}, () => [rooms('n1', [feed('free', '°C', null)]), rooms('n2', [feed('a', '°C', [15, 25]), feed('pct', '%', [0, 100])]), rooms('n3', [feed('b', '°C', [15, 25])])]);
    await settled(actor);
    expect(actor.getSnapshot().context.view.feedIds).toEqual(['a', 'b']);
  });

  it('keeps the feeds named in the URL that exist at the site', async () => {
    const { actor } = start({ feedIds: ['f2', 'gone'] });
    await settled(actor);
    expect(actor.getSnapshot().context.view.feedIds).toEqual(['f2']);
  });

  it('refetches readings on every change of interval, aggregation, view, range and feeds', async () => {
    const { actor, calls, urls } = start();
    await settled(actor);
    actor.send({ type: 'view.interval', interval: '24hours' });
    await settled(actor);
    actor.send({ type: 'view.aggregation', aggregation: 6 });
    await settled(actor);
    actor.send({ type: 'view.dataView', dataViewType: 'MinMax' });
    await settled(actor);
    actor.send({ type: 'view.days', days: 30 });
    await settled(actor);
    actor.send({ type: 'view.toggleFeed', feedId: 'f1' });
    await settled(actor);
    const last = calls.readings.at(-1)!;
    expect(last).toMatchObject({ interval: '24hours', aggregation: 6, dataViewType: 'MinMax', feedIds: ['f2'] });
    expect(Date.parse(last.to) - Date.parse(last.from)).toBe(30 * 86_400_000);
    expect(urls.at(-1)).toBe('?site=s1&interval=24hours&agg=6&view=MinMax&days=30&feeds=f2');
  });

  it('a newer request replaces an older one (the older actor is stopped, its answer dropped)', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'view.interval', interval: '6hours' });
    actor.send({ type: 'view.interval', interval: '12hours' });
    await settled(actor);
    expect(calls.readings.at(-1)!.interval).toBe('12hours');
    expect(actor.getSnapshot().context.view.interval).toBe('12hours');
  });

  it('drills into a sub-site: everything reloads for it, with its own default feeds', async () => {
    const { actor, calls } = start({}, (site) => (site === 's2' ? [node('n9', ['g1'])] : [node('n1', ['f1'])]));
    await settled(actor);
    actor.send({ type: 'site.open', siteId: 's2' });
    await settled(actor);
    expect(calls.info).toEqual(['s1', 's2']);
    expect(actor.getSnapshot().context.view).toMatchObject({ siteId: 's2', feedIds: ['g1'] });
  });

  it('shows a failed part without losing the others', async () => {
    const actor = createActor(
      siteDashboardMachine.provide({
        actors: {
          fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async () => Promise.reject(Object.assign(new Error('Server error'), { status: 500, code: 'internal_error' }))),
          fetchSubSites: fromPromise<SiteSummary[], { siteId: string }>(async () => []),
          fetchHubs: fromPromise<HubInfo[], { siteId: string }>(async () => []),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async () => []),
          siteViewStore: fromCallback<SiteViewStoreCommand>(() => {}),
        },
      }),
      { input: { view: { ...DEFAULT_VIEW, siteId: 's1' } } },
    ).start();
    await waitFor(actor, (s) => s.matches({ page: { open: { info: 'error', nodes: 'success' } } }));
    expect(actor.getSnapshot().context.errors.info).toEqual({ status: 500, code: 'internal_error', key: 'failure.server' });
    // No feeds at the site: readings wait rather than ask for nothing.
    expect(actor.getSnapshot().matches({ page: { open: { readings: 'waiting' } } })).toBe(true);
  });
});

describe('site dashboard machine: a site the token company does not have', () => {
  const gone = () => Promise.reject(Object.assign(new Error('Site not found'), { status: 404, code: 'not_found' }));
  const make = (home: { companyId: string; companyName: string } | null, session: ActingSource | null = null) => {
    let company = 'c1';
    const machine = siteDashboardMachine.provide({
      actors: {
        fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async ({ input }) => (company === 'c2' ? info(input.siteId) : gone())),
        fetchPermission: fromPromise<SitePermission, { siteId: string }>(async () => ({ role: 'manager', view: true, export: true, manage: true })),
        fetchSubSites: fromPromise<SiteSummary[], { siteId: string }>(async () => []),
        fetchHubs: fromPromise<HubInfo[], { siteId: string }>(async () => []),
        fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async () => []),
        fetchSites: fromPromise<SiteSummary[]>(async () => (company === 'c2' ? [summary('s9')] : [summary('s1')])),
        locateHome: fromPromise<{ companyId: string; companyName: string } | null, { kind: 'site' | 'report'; id: string }>(async () => home),
        siteViewStore: fromCallback<SiteViewStoreCommand>(() => {}),
      },
    });
    const actor = createActor(machine, { input: { view: { ...DEFAULT_VIEW, siteId: 's9' }, session } }).start();
    return { actor, switchTo: (c: string) => void (company = c) };
  };

  it("offers the person's other company that has it, and opens the site once the session switches there", async () => {
    let announce: ((e: { type: 'session.changed'; companyId: string | null; role: 'manager' }) => void) | null = null;
    const session: ActingSource = {
      on: (_type, handler) => ((announce = handler as never), { unsubscribe: () => {} }),
      getSnapshot: () => ({ context: { session: { companyId: 'c1' } } }),
    };
    const { actor, switchTo } = make({ companyId: 'c2', companyName: 'Mackwell' }, session);
    await waitFor(actor, (s) => s.matches({ page: 'elsewhere' }));
    expect(actor.getSnapshot().context.elsewhere).toEqual({ companyId: 'c2', companyName: 'Mackwell' });
    switchTo('c2');
    announce!({ type: 'session.changed', companyId: 'c2', role: 'manager' });
    await waitFor(actor, (s) => s.matches({ page: { open: { info: 'success' } } }));
    expect(actor.getSnapshot().context.info?.id).toBe('s9');
    expect(actor.getSnapshot().context.elsewhere).toBeNull();
    actor.stop();
  });

  it('says not found when none of the person’s companies has it, and offers the list of sites', async () => {
    const { actor } = make(null);
    await waitFor(actor, (s) => s.matches({ page: 'missing' }));
    actor.send({ type: 'site.choose' });
    expect(actor.getSnapshot().matches({ page: 'picking' })).toBe(true);
    actor.stop();
  });
});

describe('site dashboard machine: a session without a company', () => {
  it('asks nothing, rests in noCompany, and checks the named site against the list once a company is chosen', async () => {
    let announce: ((e: { type: 'session.changed'; companyId: string | null; role: 'admin' }) => void) | null = null;
    const session: ActingSource = {
      on: (_type, handler) => ((announce = handler as never), { unsubscribe: () => {} }),
      getSnapshot: () => ({ context: { session: { companyId: null } } }),
    };
    const { actor, calls } = start({}, undefined, { session });
    expect(actor.getSnapshot().matches({ page: 'noCompany' })).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect([calls.info.length, calls.sites, calls.nodes]).toEqual([0, 0, 0]);
    announce!({ type: 'session.changed', companyId: 'c1', role: 'admin' });
    await settled(actor);
    expect(calls.sites).toBe(1);
    expect(actor.getSnapshot().context.info?.id).toBe('s1');
    actor.stop();
  });
});

describe('site dashboard machine: what a view change re-reads', () => {
  it('re-reads readings (and the table where it depends on the change), never info, nodes or hubs', async () => {
    const { actor, calls } = start();
    await settled(actor);
    await waitFor(actor, (s) => s.matches({ page: { open: { minmax: 'success', hubs: 'success', subSites: 'success' } } }));
    const before = { info: calls.info.length, nodes: calls.nodes, hubs: calls.hubs, subSites: calls.subSites, minmax: calls.minmax };
    actor.send({ type: 'view.interval', interval: '6hours' });
    await settled(actor);
    actor.send({ type: 'view.aggregation', aggregation: 1 });
    await settled(actor);
    actor.send({ type: 'view.dataView', dataViewType: 'Reading' });
    await settled(actor);
    await waitFor(actor, (s) => s.matches({ page: { open: { minmax: 'success' } } }));
    expect(calls.readings).toHaveLength(4);
    // Only the interval moves the min/max table: it always asks for min and max.
    expect({ info: calls.info.length, nodes: calls.nodes, hubs: calls.hubs, subSites: calls.subSites, minmax: calls.minmax }).toEqual({ ...before, minmax: before.minmax + 1 });
    expect(actor.getSnapshot().context.answered).toEqual({ dataViewType: 'Reading', interval: '6hours', aggregation: 1 });
  });
});

describe('site dashboard machine: the last view is kept (SiteDashboard slice, docs/product.md, Browser storage)', () => {
  it('keeps an open site’s view, as its query, every time the view changes', async () => {
    const { actor, saved } = start();
    await settled(actor);
    expect(saved.at(-1)).toBe('?site=s1&feeds=f1%2Cf2');
    actor.send({ type: 'view.interval', interval: '24hours' });
    expect(saved.at(-1)).toBe('?site=s1&interval=24hours&feeds=f1%2Cf2');
  });

  it('with no site in the URL, goes back to the last site and view when the company still has it', async () => {
    const { actor, urls, calls } = start({ siteId: null }, undefined, { saved: '?site=s2&interval=24hours&view=Reading&feeds=f2' });
    await settled(actor);
    expect(actor.getSnapshot().context.view).toMatchObject({ siteId: 's2', interval: '24hours', dataViewType: 'Reading', feedIds: ['f2'] });
    expect(calls.info).toEqual(['s2']);
    expect(urls[0]).toBe('?site=s2&interval=24hours&view=Reading&feeds=f2');
  });

  it('shows the picker when the kept site is not the company’s, or nothing was kept', async () => {
    const gone = start({ siteId: null }, undefined, { saved: '?site=elsewhere&interval=24hours', sites: () => [summary('s1')] });
    await waitFor(gone.actor, (s) => s.matches({ page: 'picking', sites: 'ready' }));
    expect(gone.actor.getSnapshot().context.view).toEqual(DEFAULT_VIEW);
    expect(gone.calls.info).toEqual([]);
    expect(gone.urls).toEqual(['']);
    const none = start({ siteId: null });
    await waitFor(none.actor, (s) => s.matches({ page: 'picking', sites: 'ready' }));
    expect(none.actor.getSnapshot().context.sites.map((x) => x.id)).toEqual(['s1', 's2']);
    expect(none.saved).toEqual([]);
  });
});

describe('site dashboard machine: a company switch', () => {
  /** The real session machine, signed in to c1; GET /api/sites answers the sites of the company whose token is in use. */
  async function withSession() {
    const c1 = held({ companyId: 'c1', companyName: 'One' });
    const s = startSession({
      restored: { session: c1, userTokens: { c1 }, unauthorizedCount: 0 },
      switchCompany: async ({ companyId }) => session({ companyId, companyName: companyId === 'c2' ? 'Two' : 'One' }),
    });
    await waitFor(s.actor, (st) => st.matches('signedIn'));
    const byCompany: Record<string, SiteSummary[]> = { c1: [summary('s1'), summary('s2')], c2: [summary('t1')] };
    const sites = () => byCompany[s.actor.getSnapshot().context.session?.companyId ?? ''] ?? [];
    return { session: s.actor, sites };
  }

  it('goes back to the picker with the new company’s sites when the open site is not among them', async () => {
    const { session: sessionActor, sites } = await withSession();
    const { actor, urls, calls } = start({}, undefined, { session: sessionActor, sites });
    await settled(actor);
    expect(calls.sites).toBe(0);
    sessionActor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(actor, (s) => s.matches({ page: 'picking', sites: 'ready' }));
    const ctx = actor.getSnapshot().context;
    expect(ctx.sites.map((x) => x.id)).toEqual(['t1']);
    // Nothing of the previous company's site is left to show, and the URL loses ?site=.
    expect(ctx).toMatchObject({ view: DEFAULT_VIEW, info: null, nodes: [], hubs: [], readings: null, minmax: null });
    expect(urls.at(-1)).toBe('');
  });

  it('re-reads the picker’s list, and keeps a site the new company has (reloading all of it)', async () => {
    const { session: sessionActor, sites } = await withSession();
    const picker = start({ siteId: null }, undefined, { session: sessionActor, sites });
    await waitFor(picker.actor, (s) => s.matches({ page: 'picking', sites: 'ready' }));
    expect(picker.actor.getSnapshot().context.sites.map((x) => x.id)).toEqual(['s1', 's2']);

    const open = start({ siteId: 's1' }, undefined, { session: sessionActor, sites: () => [summary('s1')] });
    await settled(open.actor);
    sessionActor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(picker.actor, (s) => s.matches({ page: 'picking', sites: 'ready' }) && s.context.sites.length === 1);
    expect(picker.actor.getSnapshot().context.sites.map((x) => x.id)).toEqual(['t1']);
    // A site the new token still reads stays open, and every part of it is read again for that token.
    await waitFor(open.actor, (s) => s.matches({ page: { open: { info: 'success' } } }) && open.calls.info.length === 2);
    expect(open.actor.getSnapshot().context.view.siteId).toBe('s1');
  });

  it('the user can leave a site for the picker', async () => {
    const { actor, urls } = start();
    await settled(actor);
    actor.send({ type: 'site.choose' });
    await waitFor(actor, (s) => s.matches({ page: 'picking', sites: 'ready' }));
    expect(urls.at(-1)).toBe('');
    actor.send({ type: 'site.open', siteId: 's2' });
    await settled(actor);
    expect(actor.getSnapshot().context.view.siteId).toBe('s2');
  });
});

describe('the open site is live', () => {
  /** A stand-in for the app's stream actor. */
  const reading = (feedId: string, value: number) => ({ type: 'reading', reading: { feedId, ts: new Date(Date.now()).toISOString(), value } });

  it('grows a raw chart and the tiles at once, without reading again', async () => {
    const live = fakeLive();
    const s = start({ feedIds: ['f1'], aggregation: null }, undefined, { live });
    await settled(s.actor);
    live.emit(reading('f1', 9));
    const c = s.actor.getSnapshot().context;
    expect(c.readings!.series[0]!.value).toEqual([5, 9]);
    expect(c.nodes[0]!.feeds[0]!.latest!.value).toBe(9);
    expect(s.calls.readings).toHaveLength(1);
  });

  it('re-reads a bucketed chart once a minute while its feeds report, and at once after a gap in the stream', async () => {
    vi.useFakeTimers();
    try {
      const live = fakeLive();
      const s = start({ feedIds: ['f1'] }, undefined, { live });
      await vi.waitFor(() => expect(s.actor.getSnapshot().matches({ page: { open: { readings: 'success' } } })).toBe(true));
      for (let i = 0; i < 5; i++) live.emit(reading('f1', 6 + i));
      live.emit(reading('f2', 1));
      expect(s.calls.readings).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(SITE_LIVE_REFRESH_MS + 10);
      expect(s.calls.readings).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(SITE_LIVE_REFRESH_MS * 3);
      expect(s.calls.readings).toHaveLength(2);
      live.emit({ type: 'resumed' });
      await vi.advanceTimersByTimeAsync(10);
      expect(s.calls.readings).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
