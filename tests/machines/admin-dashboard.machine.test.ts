import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminDashboardMachine, glanceTargets, SWITCH_TIMEOUT_MS, type GlanceSession } from '../../src/machines/admin-dashboard.machine';
import type { AdminGlance } from '../../src/api/contract/admin-glance';
import type { AdminOverview } from '../../src/api/contract/monitoring';
import { ApiError } from '../../src/api/client';
import { held, session, startSession } from './session-fixtures';

const GLANCE: AdminGlance = {
  at: '2026-11-28T10:00:00.000Z',
  criticalAlerts: { total: 3, companyCount: 1, companies: [{ companyId: 'c2', companyName: 'Two', count: 3, newestEventId: 'ev 9', newestStartedAt: '2026-11-28T09:00:00.000Z' }] },
  offlineDevices: { total: 4, companyCount: 1, companies: [{ companyId: 'c2', companyName: 'Two', count: 4 }] },
  weakBatteries: { total: 1, nodes: [{ companyId: 'c2', companyName: 'Two', nodeId: 'n/1', nodeName: 'Fridge', siteId: 's1', siteName: 'Elmhurst', batteryPct: 5 }] },
  shadowSessions: { total: 0, sessions: [] },
  recentSignIns: { total: 0, users: [] },
};

function start(over: { glance?: () => Promise<AdminGlance>; session?: GlanceSession | null } = {}) {
  let glanceCalls = 0;
  const actor = createActor(
    adminDashboardMachine.provide({
      actors: {
        fetchOverview: fromPromise<AdminOverview>(async () => []),
        fetchGlance: fromPromise<AdminGlance>(async () => (glanceCalls++, over.glance ? over.glance() : GLANCE)),
      },
    }),
    { input: { session: over.session ?? null } },
  ).start();
  const went: string[] = [];
  actor.on('navigate', (e) => went.push(e.to));
  return { actor, went, calls: () => glanceCalls };
}

/** The real session machine, signed in as a platform admin acting for no company; switching answers a token for it. */
async function adminSession() {
  const own = held({ companyId: null, role: 'admin' });
  const switched: string[] = [];
  const s = startSession({
    restored: { session: own, userTokens: {}, unauthorizedCount: 0 },
    switchCompany: async ({ companyId }) => (switched.push(companyId), session({ companyId, companyName: companyId, role: 'admin' })),
  });
  await waitFor(s.actor, (st) => st.matches('signedIn'));
  return { actor: s.actor, switched };
}

afterEach(() => vi.useRealTimers());

describe('Admin Dashboard glance', () => {
  it('reads the glance beside the per-company overview, keeps a failure apart, and reads both again on refresh', async () => {
    let fail = true;
    const { actor, calls } = start({ glance: async () => (fail ? Promise.reject(new ApiError(500, 'internal_error', 'x')) : GLANCE) });
    await waitFor(actor, (s) => s.matches({ glance: 'failed' }) && s.matches({ overview: 'ready' }));
    expect(actor.getSnapshot().context.glanceError).toMatchObject({ status: 500, key: 'failure.server' });
    expect(actor.getSnapshot().context.error).toBeNull();
    fail = false;
    actor.send({ type: 'admin.refresh' });
    await waitFor(actor, (s) => s.matches({ glance: 'ready' }));
    expect(actor.getSnapshot().context.glance).toEqual(GLANCE);
    expect(actor.getSnapshot().context.glanceError).toBeNull();
    expect(calls()).toBe(2);
  });

  it('re-reads the glance every minute', async () => {
    vi.useFakeTimers();
    const { actor, calls } = start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ glance: 'ready' })).toBe(true));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(calls()).toBe(2));
  });

  it('points every part at its place: the event, the company’s network, the node, the audit log, the users', () => {
    expect(glanceTargets.criticalEvent(GLANCE.criticalAlerts.companies[0]!)).toEqual({ path: '/alert-events?event=ev%209', companyId: 'c2' });
    expect(glanceTargets.offline(GLANCE.offlineDevices.companies[0]!)).toEqual({ path: '/plexus', companyId: 'c2' });
    expect(glanceTargets.node(GLANCE.weakBatteries.nodes[0]!)).toEqual({ path: '/site-dashboard?site=s1&node=n%2F1', companyId: 'c2' });
    expect(glanceTargets.companyDashboard('c2')).toEqual({ path: '/dashboard/company/c2', companyId: null });
    expect(glanceTargets.audit()).toEqual({ path: '/management', companyId: null });
    expect(glanceTargets.users()).toEqual({ path: '/users', companyId: null });
  });

  it('goes at once to a platform-wide page, and to a company’s page only once the session acts for that company', async () => {
    const s = await adminSession();
    const { actor, went } = start({ session: s.actor });
    actor.send({ type: 'glance.open', ...glanceTargets.audit() });
    expect(went).toEqual(['/management']);
    expect(s.switched).toEqual([]);

    actor.send({ type: 'glance.open', ...glanceTargets.node(GLANCE.weakBatteries.nodes[0]!) });
    await vi.waitFor(() => expect(went).toHaveLength(2));
    expect(s.switched).toEqual(['c2']);
    expect(s.actor.getSnapshot().context.session?.companyId).toBe('c2');
    expect(went[1]).toBe('/site-dashboard?site=s1&node=n%2F1');

    // Already acting for the company: no second switch.
    actor.send({ type: 'glance.open', ...glanceTargets.offline(GLANCE.offlineDevices.companies[0]!) });
    expect(went[2]).toBe('/plexus');
    expect(s.switched).toEqual(['c2']);
  });

  it('stays put when the switch never comes (refused: the session reports it)', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const silent: GlanceSession = {
      on: () => ({ unsubscribe: () => {} }),
      getSnapshot: () => ({ context: { session: { companyId: null } } }),
      send: (e) => void sent.push(e.companyId),
    };
    const { actor, went } = start({ session: silent });
    actor.send({ type: 'glance.open', path: '/plexus', companyId: 'c9' });
    expect(sent).toEqual(['c9']);
    expect(actor.getSnapshot().matches({ link: 'switching' })).toBe(true);
    await vi.advanceTimersByTimeAsync(SWITCH_TIMEOUT_MS);
    expect(actor.getSnapshot().matches({ link: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.opening).toBeNull();
    expect(went).toEqual([]);
  });
});
