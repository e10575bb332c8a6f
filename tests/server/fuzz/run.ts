import type { InjectOptions } from 'fastify';
import { DEMO, buildTestApp, call, freshIp, signIn, type TestApp } from '../helpers';
import { findUserById } from '../../../server/db/users.repository';
import { fuzzBodies, validBody, type Family, type FuzzBody, type Hint, type JsonSchema } from './bodies';
import { bodySchemaOf, fillPath, RESOURCE_ROUTES, routesOf, RULES, type Kind, type Route, type SessionName } from './routes';
import { buildWorld, type World } from './world';

/**
 * Sends a route its bodies as a caller that may use it, with ids of the caller's own company in the path, and checks
 * every answer: never a 5xx, never a stack trace or a path of the server's files, and every 400 names a field.
 */

/**
 * A stack frame, a file of ours or of a dependency, or an SQL error's words: what an answer must never show. Every
 * repetition is bounded, so a megabyte answer is scanned in linear time.
 */
const LEAK = /\n\s{1,20}at\s|\bat (?:async )?[\w.<>]{1,200} \((?:file:|\/|node:)|node_modules|\/work\/|\/home\/|\w\.(?:ts|js|mjs|cjs):\d|SQLITE_|syntax error at or near|violates (?:foreign key|unique|not-null) constraint/;

export interface Problem {
  route: string;
  kind: '5xx' | 'leak' | 'no-field';
  status: number;
  /** The body: its number in the route's sequence (FUZZ_SEED repeats it), family, what was done, and its start. */
  index: number;
  family: string;
  note: string;
  payload: string;
  answer: string;
}

export interface RouteStats {
  route: string;
  bodies: number;
  statuses: Record<number, number>;
  ms: number;
  /** Sessions ended by the route itself (logout, exit-shadow) and opened again. */
  renewed: number;
}

interface Caller {
  headers(): Record<string, string>;
  /** Routes that end their caller's session (logout, exit-shadow): a new one, and bodies sent one at a time. */
  renew?(): Promise<void>;
}

/** Names a 400 may give that are not keys of the body: a header, and ingest's name for a whole reading. */
const NAMES_BESIDES_FIELDS = new Set(['Idempotency-Key', 'row']);

/** Every property name a schema has, at any depth. */
export function fieldNames(schema: JsonSchema, out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    out.add(k);
    fieldNames(v, out);
  }
  for (const s of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) if (s) fieldNames(s, out);
  return out;
}

/**
 * Does a 400 name a field? Its `details` name one by `path` (ingest's rows by `field`), and the name is a field of
 * the contract or a key the body holds (an unknown field is named as sent). A body that is not a JSON object — not
 * JSON, an array or a string, or refused by the JSON parser for a prototype key — is wrong as a whole: the body is
 * the field, and any 400 with a message names it.
 */
export function namesAField(answer: unknown, body: FuzzBody, known: Set<string>): boolean {
  const a = answer as { message?: unknown; details?: unknown } | null;
  if (!a || typeof a.message !== 'string' || !a.message) return false;
  if (!body.objectBody) return true;
  const first = Array.isArray(a.details) ? (a.details[0] as { path?: unknown; field?: unknown } | undefined) : undefined;
  const named = typeof first?.path === 'string' ? first.path : typeof first?.field === 'string' ? first.field : undefined;
  if (named === undefined) return false;
  const last = named.split('.').at(-1)!;
  const isField = (name: string) =>
    name === '' ? body.emptyKey : known.has(name) || NAMES_BESIDES_FIELDS.has(name) || /^\d+$/.test(name) || body.payload.toString().includes(JSON.stringify(name));
  // Ingest names a row's unknown fields together ("role, companyId").
  return isField(last) || (last.includes(', ') && last.split(', ').every(isField));
}

export interface FuzzContext {
  t: TestApp;
  world: World;
  seed: number;
  count: number;
  concurrency: number;
}

/** Id pools of the caller's own company by field name, and the site the route's path names. */
function hintsOf(world: World, companyId: string, siteId: string, hubKeyOf?: string): Hint {
  const { plan } = world;
  const ids = world.ids.get(companyId)!;
  const sites = plan.sites.filter((s) => s.companyId === companyId).map((s) => s.id);
  const under = new Set([siteId, ...plan.sites.filter((s) => s.parentSiteId === siteId).map((s) => s.id)]);
  const nodes = plan.nodes.filter((n) => under.has(n.siteId) && (!hubKeyOf || n.hubId === hubKeyOf));
  const feeds = nodes.flatMap((n) => n.feeds.map((f) => f.id));
  const fridges = nodes.filter((n) => n.deviceType === 'Fridge Probe').map((n) => n.id);
  const hubs = plan.hubs.filter((h) => h.companyId === companyId).map((h) => h.id);
  const tags = plan.tags.filter((x) => x.companyId === companyId).map((x) => x.id);
  const people = [world.demo.manager, world.demo.user, world.demo.viewer, ids.member];
  const pools: Record<string, string[]> = {
    siteId: sites, parentSiteId: sites, siteIds: sites, hubId: hubs, nodeId: fridges.length && !hubKeyOf ? [...fridges, ...nodes.map((n) => n.id)] : nodes.map((n) => n.id),
    nodeIds: nodes.map((n) => n.id), feedId: feeds, feedIds: feeds, signalTypeId: [ids.signalType, ...world.builtInSignalTypes],
    tagIds: tags, recipients: people, escalateTo: people, assigneeId: people, userId: [world.demo.user, world.demo.viewer, ids.member], templateId: [ids.template],
    companyId: [companyId, world.demo.mackwell, ...world.companies],
  };
  return (name, rng) => {
    const pool = pools[name];
    return pool?.length ? rng.pick(pool) : undefined;
  };
}

/** Who calls a route in the fuzz, the path it calls, and the hints for its bodies. */
async function setUp(ctx: FuzzContext, r: Route): Promise<{ caller: Caller; url: () => string; hint: Hint; bodyLimit?: number; answered?: (data: any) => void }> {
  const { t, world } = ctx;
  const { app } = t;
  const bearer = (token: () => string): Caller['headers'] => () => ({ authorization: `Bearer ${token()}` });
  const s = world.sessions;
  const own = s.manager.companyId;
  const ids = world.ids.get(own)!;
  const site = world.plan.nodes.find((n) => n.companyId === own && n.deviceType === 'Fridge Probe')?.siteId ?? ids.site;
  let hint = hintsOf(world, own, r.path.includes('/shared/') ? ids.site : site);
  const idOf = (param: string, kind: Kind): string => {
    if (kind === 'site') return r.path.includes('/shared/') ? ids.site : site;
    if (kind === 'provider') return 'google';
    if (kind === 'whiteLabel') return world.whiteLabel;
    return ids[kind as keyof typeof ids];
  };
  let path = fillPath(r.path, idOf);
  const url = () => path;

  // A row of the route's own for a resource's PUT, made with a valid body, so the fuzz changes nothing others use.
  const resource = RESOURCE_ROUTES.get(r.key)?.resource;
  const token = (name: SessionName) => () => s[name].token;
  const writerSession: SessionName = resource && resource.writers && !resource.writers('manager') ? 'admin' : 'manager';
  if (resource && r.method === 'PUT' && resource.path !== 'users') {
    const create = bodySchemaOf({ method: 'POST', path: `/api/${resource.path}`, key: `POST /api/${resource.path}`, params: [], public: false })!;
    let made: any;
    for (let i = 0; i < 200 && !made; i++) {
      const res = await call(app, 'POST', `/api/${resource.path}`, validBody(create, ctx.seed + i, `POST /api/${resource.path}`, hint), s[writerSession].token);
      if (res.status === 201) made = res.body.data;
    }
    if (!made) throw new Error(`fuzz: no valid body for POST /api/${resource.path} in 200 tries; teach the hints in tests/server/fuzz`);
    path = `/api/${resource.path}/${encodeURIComponent(made.id ?? made.domain)}`;
  }
  // After a successful change of a white-label row's host name, its path follows it.
  const answered = resource?.idParam && r.method === 'PUT' ? (data: any) => typeof data?.domain === 'string' && (path = `/api/${resource.path}/${encodeURIComponent(data.domain)}`) : undefined;

  if (r.key === 'POST /api/ingest') {
    const hub = world.plan.hubs.find((h) => h.id === ids.hub)!;
    hint = hintsOf(world, own, hub.siteId, hub.id);
    return { caller: { headers: () => ({ 'x-api-key': world.hubKeys.get(own)! }) }, url, hint, bodyLimit: 4 * 1024 * 1024 };
  }
  if (r.public) return { caller: { headers: () => ({}) }, url, hint, answered };

  // Routes that end their caller's session (a valid body logs out or exits the shadow) get sessions of their own, a
  // new one each time one ends: issued by the session service as sign-in and shadow-company would (no scrypt per
  // session). change-password gets the viewer's (wrong current passwords never change it) and PUT /api/me too.
  if (r.key === 'POST /api/logout' || r.key === 'POST /api/exit-shadow') {
    const admin = (await findUserById(t.deps.db, world.sessions.admin.claims.sub))!;
    const user = (await findUserById(t.deps.db, world.demo.user))!;
    const issue = async () =>
      (r.key === 'POST /api/logout'
        ? await t.deps.auth.sessions.issue({ user, companyId: own })
        : await t.deps.auth.sessions.issue({ user: admin, companyId: own, actor: admin, shadowKind: 'company' })
      ).accessToken;
    let current = await issue();
    return { caller: { headers: bearer(() => current), renew: async () => void (current = await issue()) }, url, hint };
  }
  if (r.key === 'POST /api/change-password' || r.key === 'PUT /api/me') {
    const current = (await signIn(app, DEMO.viewer)).accessToken as string;
    return { caller: { headers: bearer(() => current) }, url, hint };
  }

  const rule = RULES[r.key];
  const may = resource ? [writerSession] : rule && rule.may !== 'public' ? rule.may : undefined;
  if (!may?.length) throw new Error(`fuzz: who may call ${r.key}? Add it to RULES in tests/server/fuzz/routes.ts`);
  const name = may.includes('manager') ? 'manager' : may[0]!;
  return { caller: { headers: bearer(token(name)) }, url, hint, answered };
}

/** Fuzzes one route; problems go to `problems`, the tally is returned. */
export async function fuzzRoute(ctx: FuzzContext, r: Route, problems: Problem[]): Promise<RouteStats> {
  const schema = bodySchemaOf(r);
  if (!schema) throw new Error(`fuzz: ${r.key} has no body schema`);
  const { caller, url, hint, bodyLimit, answered } = await setUp(ctx, r);
  const known = fieldNames(schema);
  const stats: RouteStats = { route: r.key, bodies: 0, statuses: {}, ms: 0, renewed: 0 };
  const ip = freshIp();
  const started = performance.now();
  const families = process.env.FUZZ_FAMILIES ? (process.env.FUZZ_FAMILIES.split(',') as Family[]) : undefined;
  const bodies = fuzzBodies(schema, ctx.count, { seed: ctx.seed, route: r.key, hint, bodyLimit, families });

  const send = async (b: FuzzBody) => {
    const headers: Record<string, string> = { ...caller.headers(), ...(b.contentType ? { 'content-type': b.contentType } : {}) };
    if (b.idempotencyKey) headers['idempotency-key'] = `fuzz-${ctx.seed}-${r.key}-${b.index}`;
    const opts: InjectOptions = { method: r.method, url: url(), payload: b.payload, headers, remoteAddress: ip };
    const res = await ctx.t.app.inject(opts);
    stats.bodies++;
    stats.statuses[res.statusCode] = (stats.statuses[res.statusCode] ?? 0) + 1;
    const text = res.body;
    const problem = (kind: Problem['kind']) =>
      problems.push({ route: r.key, kind, status: res.statusCode, index: b.index, family: b.family, note: b.note.slice(0, 200), payload: b.payload.toString().slice(0, 200), answer: text.slice(0, 300) });
    if (res.statusCode >= 500) problem('5xx');
    if (LEAK.test(text)) problem('leak');
    if (res.statusCode === 400) {
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      if (!namesAField(json, b, known)) problem('no-field');
    }
    if (res.statusCode < 300 && answered) {
      try {
        answered(JSON.parse(text).data);
      } catch {
        // not JSON: nothing to follow
      }
    }
    if (res.statusCode === 401 && caller.renew) {
      await caller.renew();
      stats.renewed++;
    }
  };

  // A few bodies in flight at once (the server's awaits for crypto and the database overlap, as with real clients);
  // one at a time where a body may end the session the next one needs.
  const workers = Array.from({ length: caller.renew ? 1 : ctx.concurrency }, async () => {
    for (let next = bodies.next(); !next.done; next = bodies.next()) await send(next.value);
  });
  await Promise.all(workers);
  stats.ms = performance.now() - started;
  return stats;
}

export interface ShardJob {
  /** The routes to fuzz ("POST /api/sites"), by key. */
  routes: string[];
  seed: number;
  count: number;
  concurrency: number;
}

/** Fuzzes some of the write routes in an app and world of their own (a worker thread runs one shard of them). */
export async function runShard(job: ShardJob, onRoute?: (s: RouteStats) => void): Promise<{ stats: RouteStats[]; problems: Problem[] }> {
  // FUZZ_LOG prints the server's errors (a 5xx's cause) as they happen.
  const log = (line: string) => line.includes('"level":50') && process.stderr.write(`${line.slice(0, 2000)}\n`);
  const t = process.env.FUZZ_LOG ? await buildTestApp({ LOG_LEVEL: 'error' }, { log }) : await buildTestApp();
  try {
    const world = await buildWorld(t);
    const all = routesOf(t.routes, t.publicRoutes);
    const stats: RouteStats[] = [];
    const problems: Problem[] = [];
    for (const key of job.routes) {
      const r = all.find((x) => x.key === key);
      if (!r) throw new Error(`fuzz: ${key} is not registered`);
      stats.push(await fuzzRoute({ t, world, seed: job.seed, count: job.count, concurrency: job.concurrency }, r, problems));
      onRoute?.(stats.at(-1)!);
    }
    return { stats, problems };
  } finally {
    await t.close();
  }
}
