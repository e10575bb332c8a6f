import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { requireTokenCompany } from '../../server/auth/site-scope';
import { managersAndAdmins } from '../../server/resources/resource';
import { buildTestApp, freshIp, type TestApp } from './helpers';
import { validBody } from './fuzz/bodies';
import { bodySchemaOf, fillPath, kindOfParam, KINDS, RESOURCE_ROUTES, RULES, SESSIONS, type Kind, type Route, type SessionName, routesOf } from './fuzz/routes';
import { buildWorld, type Session, type World } from './fuzz/world';

// Every route the app registered, derived from its routes so none escapes.
// 1. Every route with an id in its path × every kind of caller (signed out too) × every kind of id of a company the
//    caller does not belong to: only 401 (signed out), 403 or 404, never data of that company.
// 2. Every route × every kind of caller with its own company's ids: a caller that may not use the route gets 403, one
//    that may gets past the role check. Who may is the management resources' own readers and writers, and RULES in
//    tests/server/fuzz/routes.ts for the rest (a route missing there fails the first test).

/**
 * Public routes whose parameter is a secret or a name rather than a company's row: anything that is not one is the
 * same 404 for everyone, signed in or not, and the real secret of another company is the contract, not a leak.
 */
const BY_SECRET: Record<string, { kind: Kind; why: string }> = {
  'GET /api/shared/:token': { kind: 'shareToken', why: 'a shared dashboard link opens its site to whoever holds it (docs/product.md, Share links)' },
  'POST /api/shared/:token/readings': { kind: 'shareToken', why: "the shared page's readings, by the same link" },
  'GET /api/alert-links/:token': { kind: 'alertLinkToken', why: "a notification mail's acknowledge link acts as the person it was mailed to" },
  'POST /api/alert-links/:token': { kind: 'alertLinkToken', why: 'the same link, used once (not sent here: it would use the link)' },
  'GET /api/invitations/:token': { kind: 'invitationToken', why: "an invitation mail's accept link acts as the person it was mailed to" },
  'POST /api/invitations/:token': { kind: 'invitationToken', why: 'the same link, used once (not sent here: it would accept the invitation)' },
};

/**
 * Public routes a wall display calls with its key (X-Display-Key), not a session: a signed-in caller is sent as its
 * company's display, and another company's site is as unknown to it (404) as a made-up one; without a key, 401.
 */
const byDisplayKey = (r: Route) => r.path.startsWith('/api/displays/current/');

/**
 * Sessions left out of the foreign-id matrix: a platform admin acting as themselves sees every company by design
 * (docs/product.md, Roles), so no company is foreign to them; the admin shadowing a company is in it.
 */
const NOT_TENANTS: Partial<Record<SessionName, string>> = { admin: 'a platform admin acting as themselves: every company is theirs (docs/product.md, Roles)' };

/** GET routes with an id that have nothing to answer with the world's own ids, with the reason. */
const NO_OWN_ANSWER: Record<string, string> = {
  'GET /api/export-jobs/:id': "a job is its creator's alone, and the world's jobs were made by the admin shadowing the company",
  'GET /api/export-jobs/:id/download': 'the same, and the file exists only once the worker has built it (exports.test.ts)',
};

type Caller = Session | null;

describe('route matrix', () => {
  let t: TestApp;
  let world: World;
  let routes: Route[];
  /** Per write route, a body its schema accepts (found once), so the id is what the route answers about. */
  const bodies = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildWorld(t);
    routes = routesOf(t.routes, t.publicRoutes);
  }, 120_000);
  afterAll(() => t?.close());

  const send = async (r: Route, url: string, caller: Caller, body?: string) => {
    const headers: Record<string, string> = !caller ? {} : byDisplayKey(r) ? { 'x-display-key': world.displayKeys.get(caller.companyId)! } : { authorization: `Bearer ${caller.token}` };
    const opts: InjectOptions = { method: r.method, url, remoteAddress: freshIp(), headers };
    if (body !== undefined) {
      opts.payload = body;
      opts.headers!['content-type'] = 'application/json';
    }
    const res = await t.app.inject(opts);
    let json: { data?: unknown } | undefined;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, text: res.body, json };
  };

  /** Candidate bodies of a write route, the same on every run: valid by its schema, with the caller's own ids. */
  const candidates = (r: Route, caller: Session, n: number): string[] => {
    const schema = bodySchemaOf(r);
    if (!schema) return [];
    const ids = world.ids.get(caller.companyId)!;
    const pools: Record<string, string[]> = {
      feedIds: [ids.feed], nodeIds: [ids.node], feedId: [ids.feed], nodeId: [ids.node], siteId: [ids.site], siteIds: [ids.site], hubId: [ids.hub], tagIds: [ids.tag],
      signalTypeId: [ids.signalType], recipients: [ids.member], assigneeId: [ids.member], userId: [ids.member], companyId: [caller.companyId], templateId: [ids.template],
    };
    return Array.from({ length: n }, (_, i) => JSON.stringify(validBody(schema, 7 + i, r.key, (name, rng) => (pools[name] ? rng.pick(pools[name]!) : undefined))));
  };

  /**
   * Calls a route, for a write with a body its schema accepts: the first of the candidates that a signed-in caller
   * is not refused as bad input for is kept for the route. Routes that read no body get none.
   */
  const callRoute = async (r: Route, url: string, caller: Caller, bodyCaller: Session) => {
    if (!bodySchemaOf(r)) return send(r, url, caller);
    const known = bodies.get(r.key);
    if (known) return send(r, url, caller, known);
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (const b of ['{}', ...candidates(r, bodyCaller, 40)]) {
      last = await send(r, url, caller, b);
      if (last.status !== 400) {
        if (caller) bodies.set(r.key, b);
        break;
      }
    }
    return last!;
  };

  const rule = (r: Route) => RULES[r.key];
  /** Who may call a route, and what anyone else gets. Resources say it themselves. */
  const mayCall = async (r: Route, s: Session): Promise<boolean> => {
    const res = RESOURCE_ROUTES.get(r.key);
    if (res) {
      const scope = await (res.resource.scope ?? requireTokenCompany)(t.deps.db, s.claims);
      const readers = res.resource.readers ?? (() => true);
      const writers = res.resource.writers ?? managersAndAdmins;
      return readers(scope.role) && (!res.write || writers(scope.role));
    }
    const may = rule(r)?.may ?? [];
    return may !== 'public' && may.includes(s.name);
  };

  it('knows who may call every registered route and the kind of every id in their paths', () => {
    const unknown = routes.filter((r) => !RESOURCE_ROUTES.has(r.key) && !rule(r)).map((r) => r.key);
    expect(unknown, 'add each to RULES in tests/server/fuzz/routes.ts').toEqual([]);
    expect(Object.keys(RULES).filter((k) => !routes.some((r) => r.key === k)), 'RULES names routes the app no longer has').toEqual([]);
    // A route marked PUBLIC on the server is public in RULES and the other way round.
    const publicInRules = routes.filter((r) => rule(r)?.may === 'public').map((r) => r.key);
    expect(publicInRules.sort()).toEqual(routes.filter((r) => r.public).map((r) => r.key).sort());
    for (const r of routes) for (const p of r.params) expect(() => kindOfParam(r.path, p), r.key).not.toThrow();
    expect(Object.keys(BY_SECRET).filter((k) => !routes.some((r) => r.key === k && r.public))).toEqual([]);
  });

  it("answers another company's ids with 401, 403 or 404 and nothing of theirs, for every route with an id × every caller × every kind of id", { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    let calls = 0;
    const withIds = routes.filter((r) => r.params.length > 0);
    const callers: Caller[] = [...SESSIONS.filter((s) => !NOT_TENANTS[s]).map((s) => world.sessions[s]), null];
    for (const caller of callers) {
      const bodyCaller = caller ?? world.sessions.manager;
      const foreign = world.companies.filter((c) => !(caller?.memberOf ?? []).includes(c) && c !== bodyCaller.companyId);
      for (const [i, r] of withIds.entries()) {
        // Each route meets one foreign company, each company many routes.
        const company = foreign[i % foreign.length]!;
        const ids = world.ids.get(company)!;
        const owned = world.owned.get(company)!;
        for (const kind of KINDS) {
          const secret = BY_SECRET[r.key];
          if (secret?.kind === kind) continue;
          const id = ids[kind];
          const url = fillPath(r.path, () => id);
          const res = await callRoute(r, url, caller, bodyCaller);
          calls++;
          const allowed = byDisplayKey(r) ? [caller ? 404 : 401] : !caller && !r.public ? [401] : r.public ? [404] : [403, 404];
          const leaked = owned.filter((o) => o !== id && res.text.includes(o));
          if (!allowed.includes(res.status) || res.json?.data !== undefined || leaked.length) {
            failures.push(`${caller?.name ?? 'signed out'} ${r.key} with a ${kind} of another company: ${res.status} ${res.text.slice(0, 160)}${leaked.length ? ` (shows ${leaked.length} of its ids)` : ''}`);
          }
        }
      }
    }
    console.log(`route matrix: ${withIds.length} routes with an id × ${callers.length} callers × ${KINDS.length} kinds of foreign id, ${calls.toLocaleString('en')} calls`);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(5_000);
  });

  it('refuses a caller its role does not allow with 403 on its own ids, and lets through one it does', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let refused = 0;
    /** GET routes with an id that answered a caller who may use them 2xx with its own ids. */
    const answered = new Set<string>();
    for (const r of routes) {
      const how = rule(r);
      if (how?.skip || how?.may === 'public' || (!how && !RESOURCE_ROUTES.has(r.key))) continue;
      for (const name of SESSIONS) {
        const s = world.sessions[name];
        const ids = world.ids.get(s.companyId)!;
        const may = await mayCall(r, s);
        const own = (_p: string, kind: Kind) => (kind === 'whiteLabel' ? world.whiteLabel : kind === 'provider' ? 'google' : ids[kind as keyof typeof ids]);
        if (!may) {
          // A body its schema accepts, so the role (not the input) is what answers.
          const res = await callRoute(r, fillPath(r.path, own), s, s);
          const want = how?.otherwise?.status ?? 403;
          refused++;
          if (res.status !== want || res.json?.data !== undefined) failures.push(`${name} may not ${r.key}: ${res.status} (want ${want}) ${res.text.slice(0, 140)}`);
        } else {
          // Past the role check without changing anything: bad input for a write, an unknown id for a delete.
          const body = bodySchemaOf(r) ? '{"matrixProbe":true}' : undefined;
          const url = r.method === 'DELETE' ? fillPath(r.path, (p, kind) => (p === r.params.at(-1) ? 'unknown-id' : own(p, kind))) : fillPath(r.path, own);
          const res = await send(r, url, s, body);
          if (res.status === 401 || res.status === 403) failures.push(`${name} may ${r.key} but got ${res.status} ${res.text.slice(0, 140)}`);
          if (res.status < 300) answered.add(r.key);
        }
      }
    }
    expect(failures).toEqual([]);
    // The refusals above are about tenancy and roles, not the calls: each GET with an id answers its own ids.
    const silent = routes.filter((r) => r.method === 'GET' && r.params.length && !r.public && !rule(r)?.skip && !answered.has(r.key) && !(r.key in NO_OWN_ANSWER));
    expect(silent.map((r) => r.key), 'answered no caller its own ids').toEqual([]);
    expect(refused).toBeGreaterThan(50);
  });
});
