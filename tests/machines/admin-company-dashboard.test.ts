import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine, DASHBOARD_POLL_MS } from '../../src/machines/dashboard.machine';
import { commandPaletteMachine } from '../../src/machines/command-palette.machine';
import type { LiveSource } from '../../src/machines/live-watch';
import type { DashboardResponse, NodeInfo } from '../../src/api/contract/monitoring';
import type { SessionRole } from '../../src/api/contract/common';
import { ApiError } from '../../src/api/client';
import { held, session, startSession } from './session-fixtures';
import { paletteScope } from './palette-scope';

// An admin opens any company's dashboard read-only (GET /api/dashboard/company/{id}) without
// shadowing it, from the Admin Dashboard and the palette; nobody else asks for it, since a 403 on a read signs out.

const answer = (companyId: string): DashboardResponse => ({ companyId, companyName: `Company ${companyId}`, sites: [] });

/** The dashboard machine with both reads counted: the token company's and a company's by id. */
function start(input: { companyId?: string | null; role?: SessionRole | null; session?: ReturnType<typeof startSession>['actor']; live?: LiveSource | null }, byId?: (id: string) => Promise<DashboardResponse>) {
  const own: number[] = [];
  const company: string[] = [];
  const nodes: string[] = [];
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        fetchDashboard: fromPromise<DashboardResponse>(async () => (own.push(1), answer('token-company'))),
        fetchCompanyDashboard: fromPromise<DashboardResponse, { companyId: string }>(async ({ input: i }) => {
          company.push(i.companyId);
          return byId ? byId(i.companyId) : answer(i.companyId);
        }),
        fetchNodes: fromPromise<NodeInfo[], { siteId: string }>(async ({ input: i }) => (nodes.push(i.siteId), [])),
      },
    }),
    { input },
  ).start();
  return { actor, own, company, nodes };
}

afterEach(() => vi.useRealTimers());

describe('an admin’s look at another company’s dashboard', () => {
  it('reads the company by id through its own actor, never the token company’s dashboard, and polls since no stream is its', async () => {
    vi.useFakeTimers();
    const heard: string[] = [];
    const live = { on: ((type: string) => (heard.push(type), { unsubscribe: () => {} })) as LiveSource['on'] };
    const { actor, own, company } = start({ companyId: 'c9', role: 'admin', live });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.dashboard).toMatchObject({ companyId: 'c9', companyName: 'Company c9' });
    expect(company).toEqual(['c9']);
    expect(own).toEqual([]);
    // The app's stream is the token company's: the page does not listen to it…
    expect(heard).toEqual([]);
    // …and re-reads the company every minute instead.
    await vi.advanceTimersByTimeAsync(DASHBOARD_POLL_MS + 10);
    expect(company).toEqual(['c9', 'c9']);
    actor.send({ type: 'dashboard.refresh' });
    await vi.waitFor(() => expect(company).toHaveLength(3));
    expect(own).toEqual([]);
  });

  it('a non-admin is told it is for admins, and nothing is asked: the server’s 403 on a read would sign them out', async () => {
    for (const role of ['manager', 'user', 'viewer', null] as const) {
      const { actor, own, company, nodes } = start({ companyId: 'c9', role });
      expect(actor.getSnapshot().matches({ sites: 'refused' }), String(role)).toBe(true);
      expect(actor.getSnapshot().context.error).toEqual({ status: 403, code: 'forbidden', key: 'dashboard.company.adminOnly' });
      actor.send({ type: 'dashboard.refresh' });
      actor.send({ type: 'dashboard.nodes', siteId: 's1' });
      await new Promise((r) => setTimeout(r, 10));
      expect(actor.getSnapshot().matches({ sites: 'refused', nodes: 'idle' })).toBe(true);
      expect([own, company, nodes]).toEqual([[], [], []]);
    }
  });

  it('follows the session’s role: a shadow started elsewhere drops the company and asks no more; back as admin it reads again', async () => {
    vi.useFakeTimers();
    const admin = held({ companyId: 'c1', companyName: 'One', role: 'admin' });
    const s = startSession({
      restored: { session: admin, userTokens: { c1: admin }, unauthorizedCount: 0 },
      switchCompany: async ({ companyId }) => session({ companyId, role: 'admin' }),
      startShadow: async () => session({ companyId: 'c1', role: 'user', isShadow: true, shadow: { kind: 'user', name: 'Uma', actorName: 'Ada' } }),
      exitShadow: async () => session({ companyId: null, role: 'admin' }),
    });
    await vi.waitFor(() => expect(s.actor.getSnapshot().matches('signedIn')).toBe(true));
    const { actor, own, company } = start({ companyId: 'c9', role: 'admin', session: s.actor });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    // The admin's own token moving to another company changes nothing about the company in view.
    s.actor.send({ type: 'company.switch', companyId: 'c2' });
    await vi.waitFor(() => expect(s.actor.getSnapshot().context.session?.companyId).toBe('c2'));
    expect(actor.getSnapshot().context.dashboard?.companyId).toBe('c9');
    expect(company).toEqual(['c9']);
    s.actor.send({ type: 'shadow.user', userId: 'uma' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ sites: 'refused' })).toBe(true));
    expect(actor.getSnapshot().context.dashboard).toBeNull();
    await vi.advanceTimersByTimeAsync(3 * DASHBOARD_POLL_MS);
    expect(company).toEqual(['c9']);
    s.actor.send({ type: 'shadow.exit' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ sites: 'ready' })).toBe(true));
    expect(company).toEqual(['c9', 'c9']);
    expect(own).toEqual([]);
  });

  it('an unknown company (404) is shown, not asked for again every minute', async () => {
    vi.useFakeTimers();
    const { actor, company } = start({ companyId: 'nope', role: 'admin' }, async () => Promise.reject(new ApiError(404, 'not_found', 'Company not found')));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ sites: 'failed' })).toBe(true));
    expect(actor.getSnapshot().context.error).toEqual({ status: 404, code: 'not_found', key: 'failure.notFound' });
    await vi.advanceTimersByTimeAsync(5 * DASHBOARD_POLL_MS);
    expect(company).toEqual(['nope']);
  });
});

describe('the palette offers each company’s dashboard to admins', () => {
  const rows = (scope: ReturnType<typeof paletteScope>) => {
    const actor = createActor(commandPaletteMachine.provide({ actors: { loadSites: fromPromise(async () => []) as never } })).start();
    const runs: unknown[] = [];
    actor.on('palette.run', (e) => runs.push(e.intent));
    actor.send({ type: 'palette.scope', scope });
    actor.send({ type: 'palette.open' });
    return { actor, runs };
  };

  it('"Open dashboard of {company}" for every company, which opens /dashboard/company/{id}; not for managers nor while shadowing', async () => {
    // Not for managers, nor for an admin while shadowing: the read would be a 403, which signs out.
    for (const scope of [paletteScope(), paletteScope({ role: 'manager', isShadow: true }), paletteScope({ role: 'admin', isShadow: true, canShadow: false })]) {
      const { actor: other } = rows(scope);
      expect(other.getSnapshot().context.results.filter((r) => r.label.startsWith('Open dashboard of'))).toEqual([]);
    }
    const { actor, runs } = rows(paletteScope({ role: 'admin', canShadow: true, companyId: null }));
    const labels = actor.getSnapshot().context.results.map((r) => r.label);
    expect(labels).toEqual(expect.arrayContaining(['Open dashboard of Northwind Care Homes', 'Open dashboard of Mackwell Lighting Services']));
    actor.send({ type: 'palette.query', query: 'mackwell dashboard' });
    await waitFor(actor, (st) => st.matches({ open: { results: 'ready' } }));
    const top = actor.getSnapshot().context.results[0]!;
    expect(top).toMatchObject({ kind: 'company', label: 'Open dashboard of Mackwell Lighting Services', detail: 'Read-only, as administrator, without shadowing' });
    actor.send({ type: 'palette.choose' });
    expect(runs).toEqual([{ type: 'navigate', path: '/dashboard/company/c2' }]);
  });
});
