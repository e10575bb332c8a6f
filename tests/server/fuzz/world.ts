import { decodeJwt } from 'jose';
import type { WorldPlan } from '../../../server/seed/plan';
import type { AccessClaims } from '../../../server/auth/tokens';
import { linkHash } from '../../../server/alerts/notifications';
import { sha256 } from '../../../server/auth/secrets';
import { DEMO, call, demoIds, signIn, signInAdmin, switchTo, type TestApp } from '../helpers';
import { idsOfCompany, seedSmallWorld } from '../world-fixture';
import type { Kind, SessionName } from './routes';

/**
 * The small world with one id of every kind in every company (what the world seeds, and what it does not — an alert
 * rule and event, a report, an export job and schedule, a share link, a display, a hub key, a member of its own —
 * made through the API as the admin shadowing that company, the event and the mail link written directly), and a
 * session of each kind of caller.
 */

export type CompanyIds = Record<Exclude<Kind, 'whiteLabel' | 'provider'>, string>;

export interface Session {
  name: SessionName;
  token: string;
  /** The company the session acts for: its "own" ids are this company's. */
  companyId: string;
  /** Companies the session may act for at all (its memberships); the others are foreign to it. */
  memberOf: string[];
  claims: AccessClaims;
}

export interface World {
  plan: WorldPlan;
  companies: string[];
  ids: Map<string, CompanyIds>;
  /** Every id a company owns in the plan and the fixture, to look for in answers. */
  owned: Map<string, string[]>;
  demo: Awaited<ReturnType<typeof demoIds>>;
  adminToken: string;
  sessions: Record<SessionName, Session>;
  /** A key of a hub of each company, for ingest. */
  hubKeys: Map<string, string>;
  /** Each company's wall display key (the display's one-time secret), for the routes a display calls. */
  displayKeys: Map<string, string>;
  /** A white-label host name (platform-wide, no company). */
  whiteLabel: string;
  /** The built-in signal types (every company's). */
  builtInSignalTypes: string[];
}

const WEEK = { from: '2026-03-02T00:00:00Z', to: '2026-03-09T00:00:00Z', interval: '1hour', dataViewType: 'RawData' };

async function ok<T = any>(p: Promise<{ status: number; body: { data?: any } }>, what: string): Promise<T> {
  const r = await p;
  if (r.status >= 300) throw new Error(`world fixture: ${what} answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body.data as T;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { app, deps } = t;
  const db = deps.db;
  const { plan } = await seedSmallWorld(deps);
  const demo = await demoIds(deps);
  const adminToken = (await signInAdmin(app)).accessToken as string;
  const companies = [...new Set(plan.sites.map((s) => s.companyId))];
  const ids = new Map<string, CompanyIds>();
  const hubKeys = new Map<string, string>();
  const displayKeys = new Map<string, string>();
  const now = Date.now();

  for (const companyId of companies) {
    const k = idsOfCompany(plan, companyId);
    const as = (await ok(call(app, 'POST', '/api/shadow-company', { companyId }, adminToken), 'shadow-company')).accessToken as string;
    const post = (url: string, body: unknown) => ok(call(app, 'POST', url, body, as), `POST ${url}`);
    const tag = plan.tags.find((x) => x.companyId === companyId)!.id;
    const signalType = (await post('/api/signal-types', { key: `fuzz_${companyId.slice(0, 8)}`, name: 'Fuzz gauge', unit: 'u', kind: 'instant' })).id as string;
    const member = (await post('/api/users', { email: `member-${companyId.slice(0, 8)}@example.test`, name: 'World Member', role: 'user' })).id as string;
    // The member accepted (as from the mail); a second person's invitation is still open, with its accept link.
    await db.updateTable('memberships').set({ invitedAt: null }).where('userId', '=', member).where('companyId', '=', companyId).execute();
    const invitee = (await post('/api/users', { email: `invitee-${companyId.slice(0, 8)}@example.test`, name: 'World Invitee', role: 'viewer' })).id as string;
    const invitationToken = `invitation-token-of-${companyId}`;
    await db.updateTable('memberships').set({ inviteTokenHash: sha256(invitationToken) }).where('userId', '=', invitee).where('companyId', '=', companyId).execute();
    const template = (await db.selectFrom('messageTemplates').select('id').where('companyId', '=', companyId).executeTakeFirstOrThrow()).id;
    const rule = (await post('/api/alert-rules', { name: 'World rule', enabled: true, scope: { feedId: k.feed }, condition: 'above', high: 8, forMinutes: 0, severity: 'minor', recipients: [member] })).id as string;
    const wall = await post('/api/displays', { name: 'World wall', siteIds: [k.site], everySeconds: 30, theme: 'dark' });
    const display = wall.id as string;
    displayKeys.set(companyId, wall.key as string);
    const schedule = (await post('/api/export-schedules', { siteId: k.site, query: { ...WEEK, feedIds: [k.feed] }, every: 'week', recipients: [member] })).id as string;
    const exportJob = (await ok(call(app, 'POST', `/api/site-dashboard/${k.site}/export/readings`, { ...WEEK, feedIds: [k.feed] }, as), 'export')).id as string;
    const share = await post(`/api/site-dashboard/${k.site}/shares`, { expiresInDays: 30 });
    const shareToken = new URL(share.url as string).searchParams.get('token')!;
    const key = await post(`/api/hubs/${k.hub}/api-keys`, { label: 'World key' });
    hubKeys.set(companyId, key.key as string);
    // No call opens an event (readings do) or mails a link (the notifier does): written as they would be.
    const event = `event-${companyId}`;
    await db
      .insertInto('alertEvents')
      .values({
        id: event, companyId, ruleId: rule, siteId: k.site, nodeId: k.node, feedId: k.feed, severity: 'minor', state: 'active', startedAt: 1, openedAt: 1, endedAt: null,
        peak: 9, detail: '', acknowledgedBy: null, acknowledgedAt: null, assigneeId: null, muted: 0, escalationSteps: 0,
      })
      .execute();
    const alertLinkToken = `link-token-of-${companyId}`;
    await db.insertInto('alertLinks').values({ tokenHash: linkHash(alertLinkToken), eventId: event, userId: member, expiresAt: now + 30 * 86_400_000, usedAt: null }).execute();
    const report = `report-${companyId}`;
    await db
      .insertInto('medicationFridgeReports')
      .values({
        id: report, companyId, siteId: k.fridgeSite ?? k.site, nodeId: k.fridge ?? k.node, period: '2020-01', status: 'draft', dayEntries: '{}', excursionEntries: '{}',
        snapshot: null, createdBy: member, createdAt: 0, updatedAt: 0, submittedBy: null, submittedAt: null,
      })
      .execute();
    ids.set(companyId, {
      company: companyId, site: k.site, subSite: k.subSite ?? k.site, hub: k.hub, node: k.node, feed: k.feed, tag, signalType, member, template, rule, event, report,
      exportJob, schedule, share: share.id as string, shareToken, display, apiKey: key.id as string, alertLinkToken, invitationToken,
    });
  }

  const owned = new Map(
    companies.map((c) => [
      c,
      [
        ...Object.values(ids.get(c)!),
        ...plan.sites.filter((s) => s.companyId === c).map((s) => s.id),
        ...plan.hubs.filter((h) => h.companyId === c).map((h) => h.id),
        ...plan.nodes.filter((n) => n.companyId === c).flatMap((n) => [n.id, ...n.feeds.map((f) => f.id)]),
        ...plan.tags.filter((x) => x.companyId === c).map((x) => x.id),
      ],
    ]),
  );

  const whiteLabel = 'world.example';
  await ok(call(app, 'POST', '/api/white-label-settings', { domain: whiteLabel, faviconUrl: '', loginLogoUrl: '', siteLogoUrl: '', websiteTitle: 'World' }, adminToken), 'white-label');

  const managerToken = (await signIn(app, DEMO.manager)).accessToken as string;
  const session = (name: SessionName, token: string, companyId: string, memberOf: string[]): Session => ({
    name, token, companyId, memberOf, claims: decodeJwt(token) as unknown as AccessClaims,
  });
  const shadowed = companies.find((c) => c === demo.harbour) ?? companies[1]!;
  const sessions: Record<SessionName, Session> = {
    admin: session('admin', await switchTo(app, adminToken, demo.northwind), demo.northwind, companies),
    manager: session('manager', await switchTo(app, managerToken, demo.northwind), demo.northwind, [demo.northwind, demo.mackwell]),
    user: session('user', (await signIn(app, DEMO.user)).accessToken, demo.northwind, [demo.northwind]),
    viewer: session('viewer', (await signIn(app, DEMO.viewer)).accessToken, demo.northwind, [demo.northwind]),
    companyShadow: session('companyShadow', (await ok(call(app, 'POST', '/api/shadow-company', { companyId: shadowed }, adminToken), 'shadow')).accessToken, shadowed, [shadowed]),
    userShadow: session('userShadow', (await ok(call(app, 'POST', '/api/shadow-user', { userId: demo.user }, adminToken), 'shadow-user')).accessToken, demo.northwind, [demo.northwind]),
  };
  const builtInSignalTypes = (await db.selectFrom('signalTypes').select('id').where('companyId', 'is', null).execute()).map((r) => r.id);
  return { plan, companies, ids, owned, demo, adminToken, sessions, hubKeys, displayKeys, whiteLabel, builtInSignalTypes };
}
