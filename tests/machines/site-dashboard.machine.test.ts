import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  DEFAULT_VIEW, readingsQuery, searchOf, siteDashboardMachine, viewFromSearch, type SiteDashboardContext, type SiteView,
} from '../../src/machines/site-dashboard.machine';
import type { HubInfo, NodeInfo, ReadingsRequest, ReadingsResponse, SiteBasicInfo, SiteSummary } from '../../src/api/contract/monitoring';

const info = (id: string): SiteBasicInfo => ({
  id, companyId: 'c1', name: `Site ${id}`, parentSiteId: null, parentName: null, address: '', coordinates: '', latitude: null, longitude: null,
  timezone: 'Europe/London', safeMin: 2, safeMax: 8, subSiteCount: 0, hubCount: 1, nodeCount: 1,
});
const node = (id: string, feeds: string[]): NodeInfo => ({
  id, name: `Node ${id}`, hubId: 'h1', siteId: 's1', serial: id, deviceType: 'Fridge Probe', batteryPct: 90, signalDbm: -70, lastSeenAt: null, online: true, tags: [],
  feeds: feeds.map((f) => ({ id: f, name: f, unit: '°C', signalKey: 'temperature', kind: 'instant' as const, rangeMin: 2, rangeMax: 8, latest: null })),
});

function start(view: Partial<SiteView> = {}, nodesOf: (site: string) => NodeInfo[] = () => [node('n1', ['f1', 'f2'])]) {
  const calls = { readings: [] as ReadingsRequest[], info: [] as string[] };
  const answer = (req: ReadingsRequest): ReadingsResponse => ({ series: (req.feedIds ?? []).map((f) => ({ feedId: f, nodeId: 'n1', name: f, unit: '°C', t: [1], value: [5] })) });
  const actor = createActor(
    siteDashboardMachine.provide({
      actors: {
        fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async ({ input }) => {
          calls.info.push(input.siteId);
          return info(input.siteId);
        }),
        fetchSubSites: fromPromise<SiteSummary[], { siteId: string }>(async () => []),
        fetchHubs: fromPromise<HubInfo[], { siteId: string }>(async () => []),
        fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => nodesOf(input.siteId)),
        fetchReadings: fromPromise<ReadingsResponse, { siteId: string; context: SiteDashboardContext }>(async ({ input }) => {
          const q = readingsQuery(input.context.view, Date.now(), input.context.maxPoints);
          calls.readings.push(q);
          return answer(q);
        }),
        fetchMinMax: fromPromise<ReadingsResponse, { siteId: string; context: SiteDashboardContext }>(async () => ({ series: [] })),
      },
    }),
    { input: { view: { ...DEFAULT_VIEW, siteId: 's1', ...view }, width: 800 } },
  );
  const urls: string[] = [];
  actor.on('view.changed', (e) => urls.push(e.search));
  actor.start();
  return { actor, calls, urls };
}

const settled = (a: ReturnType<typeof start>['actor']) => waitFor(a, (s) => s.matches({ readings: 'success', info: 'success', nodes: 'success' }));

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

describe('site dashboard machine', () => {
  it('loads every part; picks default feeds when the URL names none; mirrors them in the URL', async () => {
    const { actor, calls, urls } = start();
    await settled(actor);
    expect(actor.getSnapshot().context.view.feedIds).toEqual(['f1', 'f2']);
    expect(calls.readings[0]!.feedIds).toEqual(['f1', 'f2']);
    expect(urls.at(-1)).toContain('feeds=f1%2Cf2');
    expect(actor.getSnapshot().context.maxPoints).toBe(1600);
  });

  it('draws feeds of one unit by default', async () => {
    const mixed: NodeInfo = { ...node('n2', ['h1']), feeds: [{ ...node('x', ['h1']).feeds[0]!, unit: '%' }] };
    const { actor } = start({}, () => [node('n1', ['f1']), mixed, node('n3', ['f3'])]);
    await settled(actor);
    expect(actor.getSnapshot().context.view.feedIds).toEqual(['f1', 'f3']);
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
          fetchInfo: fromPromise<SiteBasicInfo, { siteId: string }>(async () => Promise.reject(new Error('Not found'))),
          fetchSubSites: fromPromise<SiteSummary[], { siteId: string }>(async () => []),
          fetchHubs: fromPromise<HubInfo[], { siteId: string }>(async () => []),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async () => []),
        },
      }),
      { input: { view: { ...DEFAULT_VIEW, siteId: 's1' } } },
    ).start();
    await waitFor(actor, (s) => s.matches({ info: 'error', nodes: 'success' }));
    expect(actor.getSnapshot().context.errors.info).toBe('Not found');
    // No feeds at the site: readings wait rather than ask for nothing.
    expect(actor.getSnapshot().matches({ readings: 'waiting' })).toBe(true);
  });
});
