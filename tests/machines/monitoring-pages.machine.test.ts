import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, DASHBOARD_REFRESH_MS } from '../../src/machines/dashboard.machine';
import { adminDashboardMachine } from '../../src/machines/admin-dashboard.machine';
import { plexusMachine } from '../../src/machines/plexus.machine';
import type { AdminOverview, DashboardResponse, NodeInfo, Plexus } from '../../src/api/contract/monitoring';

const dash = (n: number): DashboardResponse => ({ companyId: 'c1', companyName: 'One', sites: Array.from({ length: n }, () => ({} as never)) });

describe('dashboard machine', () => {
  it('loads the sites, re-reads them every minute, and loads one site’s nodes on request (SPEC §4)', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const a = createActor(
      dashboardMachine.provide({
        actors: {
          fetchDashboard: fromPromise<DashboardResponse>(async () => dash(++calls)),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input }) => [{ id: `n-${input.siteId}` } as NodeInfo]),
        },
      }),
    ).start();
    await vi.waitFor(() => expect(a.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    expect(a.getSnapshot().context.dashboard?.sites).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS + 10);
    await vi.waitFor(() => expect(a.getSnapshot().context.dashboard?.sites).toHaveLength(2));
    a.send({ type: 'dashboard.nodes', siteId: 's1' });
    expect(a.getSnapshot().matches({ nodes: 'requesting' })).toBe(true);
    await vi.waitFor(() => expect(a.getSnapshot().matches({ nodes: 'success' })).toBe(true));
    expect(a.getSnapshot().context.nodes[0]!.id).toBe('n-s1');
    a.send({ type: 'dashboard.closeNodes' });
    expect(a.getSnapshot().context.siteId).toBeNull();
    vi.useRealTimers();
  });

  it('reports a failed load and a failed node request', async () => {
    const a = createActor(
      dashboardMachine.provide({
        actors: {
          fetchDashboard: fromPromise<DashboardResponse>(async () => Promise.reject(new Error('down'))),
          fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async () => Promise.reject(new Error('gone'))),
        },
      }),
    ).start();
    await waitFor(a, (s) => s.matches({ sites: 'failed' }));
    expect(a.getSnapshot().context.error).toBe('down');
    a.send({ type: 'dashboard.nodes', siteId: 's1' });
    await waitFor(a, (s) => s.matches({ nodes: 'error' }));
    expect(a.getSnapshot().context.nodesError).toBe('gone');
    a.send({ type: 'dashboard.refresh' });
    expect(a.getSnapshot().matches({ sites: 'loading' })).toBe(true);
  });
});

describe('admin dashboard and plexus machines', () => {
  it('load, fail and retry', async () => {
    let fail = true;
    const admin = createActor(
      adminDashboardMachine.provide({
        actors: { fetchOverview: fromPromise<AdminOverview>(async () => (fail ? Promise.reject(new Error('x')) : [])) },
      }),
    ).start();
    await waitFor(admin, (s) => s.matches('failed'));
    fail = false;
    admin.send({ type: 'admin.refresh' });
    await waitFor(admin, (s) => s.matches('ready'));

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
  });
});
