import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, DASHBOARD_SETTLE_MS, type DashboardContext } from '../../src/machines/dashboard.machine';
import { fakeLive } from './live-fixtures';
import { adminDashboardMachine } from '../../src/machines/admin-dashboard.machine';
import { plexusMachine } from '../../src/machines/plexus.machine';
import type { AdminOverview, DashboardResponse, NodeInfo, Plexus } from '../../src/api/contract/monitoring';
import type { AdminGlance } from '../../src/api/contract/admin-glance';
import { held, session, startSession } from './session-fixtures';
import { ApiError } from '../../src/api/client';

const dash = (n: number): DashboardResponse => ({ companyId: 'c1', companyName: 'One', sites: Array.from({ length: n }, () => ({ latest: [] }) as never) });

describe('dashboard machine', () => {
  it('loads the sites, re-reads them when the stream resumes after a gap, and loads one site’s nodes on request (docs/product.md, Screens and routes)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const live = fakeLive();
    const a = createActor(
      dashboardMachine.provide({
        actors: {
          fetchDashboard: fromPromise<DashboardResponse>(async () => dash(++calls)),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => [{ id: `n-${input.siteId}` } as NodeInfo]),
        },
      }),
      { input: { live } },
    ).start();
    await vi.waitFor(() => expect(a.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    expect(a.getSnapshot().context.dashboard?.sites).toHaveLength(1);
    // No polling: an hour without news reads nothing (no tile is due to go quiet).
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toBe(1);
    live.emit({ type: 'resumed' });
    await vi.waitFor(() => expect(a.getSnapshot().context.dashboard?.sites).toHaveLength(2));
    a.send({ type: 'dashboard.nodes', siteId: 's1' });
    expect(a.getSnapshot().matches({ nodes: 'requesting' })).toBe(true);
    await vi.waitFor(() => expect(a.getSnapshot().matches({ nodes: 'success' })).toBe(true));
    expect(a.getSnapshot().context.nodes[0]!.id).toBe('n-s1');
    a.send({ type: 'dashboard.closeNodes' });
    expect(a.getSnapshot().context.siteId).toBeNull();
    vi.useRealTimers();
  });

  it('patches tiles from live readings, re-reads once after a quiet node wakes, and when the next node is due to go quiet', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T12:00:00Z') });
    const now = Date.now();
    const window = 3 * 60_000;
    const tile = (feedId: string, nodeId: string, online: boolean, at: number, value = 5) => ({
      feedId, nodeId, nodeName: nodeId, name: feedId, unit: '°C', value, at: new Date(at).toISOString(), inRange: true,
      rangeMin: 2, rangeMax: 8, online, offlineAt: new Date(at + window).toISOString(), reportingWindowMs: window, trend: { t: [], avg: [], min: [], max: [] },
    });
    const site = (latest: ReturnType<typeof tile>[]) => ({
      id: 's1', name: 'S', parentSiteId: null, timezone: 'UTC', address: '', latitude: null, longitude: null, subSiteCount: 0, hubCount: 1,
      nodeCount: 2, devicesOnline: 1, devicesOffline: 2, outOfRangeFeeds: 0, lastReadingAt: latest[0]!.at, latest,
    });
    let calls = 0;
    const answer = (): DashboardResponse => ({ companyId: 'c1', companyName: 'One', sites: [site([tile('f1', 'n1', true, now - 60_000), tile('f2', 'n2', false, now - 3_600_000)])] });
    const live = fakeLive();
    const a = createActor(dashboardMachine.provide({ actors: { fetchDashboard: fromPromise<DashboardResponse>(async () => (calls++, answer())) } }), { input: { live } }).start();
    await vi.waitFor(() => expect(a.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    // A warm reading on an online node: the tile and the site's count move, no read.
    live.emit({ type: 'reading', reading: { feedId: 'f1', ts: new Date(now).toISOString(), value: 9.5 } });
    const s1 = () => a.getSnapshot().context.dashboard!.sites[0]!;
    expect(s1().latest[0]).toMatchObject({ value: 9.5, inRange: false, online: true, offlineAt: new Date(now + window).toISOString() });
    expect(s1().outOfRangeFeeds).toBe(1);
    // An older reading changes nothing.
    live.emit({ type: 'reading', reading: { feedId: 'f1', ts: new Date(now - 120_000).toISOString(), value: 1 } });
    expect(s1().latest[0]!.value).toBe(9.5);
    expect(calls).toBe(1);
    // The quiet node reports: it shows online at once, and the site's device counts are re-read once the burst settles.
    live.emit({ type: 'reading', reading: { feedId: 'f2', ts: new Date(now).toISOString(), value: 4 } });
    live.emit({ type: 'reading', reading: { feedId: 'f2', ts: new Date(now + 1).toISOString(), value: 4 } });
    expect(s1().latest[1]).toMatchObject({ online: true, value: 4 });
    await vi.advanceTimersByTimeAsync(DASHBOARD_SETTLE_MS + 10);
    expect(calls).toBe(2);
    await vi.waitFor(() => expect(a.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    // The answer says n1 was last seen a minute before `now`: a second after its window closes, it is re-read as quiet.
    const due = now - 60_000 + window + 1_000;
    await vi.advanceTimersByTimeAsync(due - Date.now() - 100);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(3);
    vi.useRealTimers();
  });

  it('reports a failed load and a failed node request as codes and i18n keys, never the server’s English', async () => {
    const a = createActor(
      dashboardMachine.provide({
        actors: {
          fetchDashboard: fromPromise<DashboardResponse>(async () => Promise.reject(new ApiError(0, 'network_error', 'Failed to fetch'))),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async () => Promise.reject(new ApiError(404, 'not_found', 'Site not found'))),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(a, (s) => s.matches({ sites: 'failed' }));
    expect(a.getSnapshot().context.error).toEqual({ status: 0, code: 'network_error', key: 'failure.network' });
    a.send({ type: 'dashboard.nodes', siteId: 's1' });
    await waitFor(a, (s) => s.matches({ nodes: 'error' }));
    expect(a.getSnapshot().context.nodesError).toEqual({ status: 404, code: 'not_found', key: 'failure.notFound' });
    a.send({ type: 'dashboard.refresh' });
    expect(a.getSnapshot().matches({ sites: 'loading' })).toBe(true);
  });
});

describe('admin dashboard and plexus machines', () => {
  it('load, fail and retry', async () => {
    let fail = true;
    const admin = createActor(
      adminDashboardMachine.provide({
        actors: {
          fetchOverview: fromPromise<AdminOverview>(async () => (fail ? Promise.reject(new ApiError(500, 'internal_error', 'Internal error')) : [])),
          fetchGlance: fromPromise<AdminGlance>(async () => Promise.reject(new ApiError(500, 'internal_error', 'Internal error'))),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(admin, (s) => s.matches({ overview: 'failed' }));
    expect(admin.getSnapshot().context.error).toEqual({ status: 500, code: 'internal_error', key: 'failure.server' });
    fail = false;
    admin.send({ type: 'admin.refresh' });
    await waitFor(admin, (s) => s.matches({ overview: 'ready' }));

    const seen: (string | null)[] = [];
    const plexus = createActor(
      plexusMachine.provide({
        actors: {
          fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async ({ input }) => {
            seen.push(input.companyId);
            return [];
          }),
        },
      }),
      { input: { companyId: 'c7' } },
    ).start();
    await waitFor(plexus, (s) => s.matches('ready'));
    expect(seen).toEqual(['c7']);
    const refused = createActor(
      plexusMachine.provide({ actors: { fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async () => Promise.reject(new ApiError(403, 'forbidden', 'Plexus is for administrators'))) } }),
      { input: { companyId: 'c7' } },
    ).start();
    await waitFor(refused, (s) => s.matches('failed'));
    expect(refused.getSnapshot().context.error).toEqual({ status: 403, code: 'forbidden', key: 'failure.forbidden' });
  });
});

describe('monitoring pages follow a company switch', () => {
  /** The real session machine signed in to c1; each page's call answers for the company whose token is in use. */
  async function signedIn() {
    const c1 = held({ companyId: 'c1', companyName: 'One', role: 'admin' });
    const s = startSession({
      restored: { session: c1, userTokens: { c1 }, unauthorizedCount: 0 },
      switchCompany: async ({ companyId }) => session({ companyId, companyName: companyId === 'c2' ? 'Two' : 'One', role: 'admin' }),
    });
    await waitFor(s.actor, (st) => st.matches('signedIn'));
    return { session: s.actor, company: () => s.actor.getSnapshot().context.session?.companyId ?? null };
  }

  it('the dashboard re-reads the new company’s sites and closes the old company’s nodes', async () => {
    const { session: sessionActor, company } = await signedIn();
    const a = createActor(
      dashboardMachine.provide({
        actors: {
          fetchDashboard: fromPromise<DashboardResponse>(async () => ({ companyId: company()!, companyName: company()!, sites: [] })),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async () => []),
        },
      }),
      { input: { session: sessionActor } },
    ).start();
    await waitFor(a, (s) => s.matches({ sites: 'ready' }));
    a.send({ type: 'dashboard.nodes', siteId: 's1' });
    await waitFor(a, (s) => s.matches({ nodes: 'success' }));
    const reloading: DashboardContext[] = [];
    a.subscribe((s) => s.matches({ sites: 'loading' }) && reloading.push(s.context));
    sessionActor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(a, (s) => s.matches({ sites: 'ready', nodes: 'idle' }) && s.context.dashboard?.companyId === 'c2');
    // Nothing read with the old token is left on screen meanwhile.
    expect(reloading[0]).toMatchObject({ dashboard: null, siteId: null, nodes: [] });
    expect(a.getSnapshot().context.dashboard?.companyId).toBe('c2');
  });

  it('Plexus reads the new company’s network', async () => {
    const { session: sessionActor, company } = await signedIn();
    const seen: (string | null)[] = [];
    const plexus = createActor(
      plexusMachine.provide({
        actors: {
          fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async ({ input }) => {
            seen.push(input.companyId);
            return [{ siteId: `site-of-${input.companyId}`, siteName: 'x', hubs: [] }];
          }),
        },
      }),
      { input: { companyId: company(), session: sessionActor } },
    ).start();
    await waitFor(plexus, (s) => s.matches('ready'));
    const reloading: Plexus[] = [];
    plexus.subscribe((s) => s.matches('loading') && reloading.push(s.context.plexus));
    sessionActor.send({ type: 'company.switch', companyId: 'c2' });
    await waitFor(plexus, (s) => s.matches('ready') && s.context.companyId === 'c2');
    expect(reloading).toEqual([[]]);
    expect(seen).toEqual(['c1', 'c2']);
    expect(plexus.getSnapshot().context.plexus[0]!.siteId).toBe('site-of-c2');
  });

  it('a page the new role may not see is not read again: a user shadowed from Plexus would meet a 403, which logs out', async () => {
    const admin = held({ companyId: 'c1', companyName: 'One', role: 'admin' });
    const s = startSession({
      restored: { session: admin, userTokens: { c1: admin }, unauthorizedCount: 0 },
      startShadow: async () => session({ companyId: 'c1', role: 'user', isShadow: true, shadow: { kind: 'user', name: 'Uma', actorName: 'Ada' } }),
    });
    await waitFor(s.actor, (st) => st.matches('signedIn'));
    let reads = 0;
    const plexus = createActor(
      plexusMachine.provide({ actors: { fetchPlexus: fromPromise<Plexus, { companyId: string | null }>(async () => (reads++, [])) } }),
      { input: { companyId: 'c1', session: s.actor } },
    ).start();
    await waitFor(plexus, (st) => st.matches('ready'));
    s.actor.send({ type: 'shadow.user', userId: 'uma' });
    await waitFor(s.actor, (st) => st.context.session?.isShadow === true);
    await new Promise((r) => setTimeout(r, 10));
    expect(reads).toBe(1);
    expect(plexus.getSnapshot().matches('ready')).toBe(true);
  });
});
