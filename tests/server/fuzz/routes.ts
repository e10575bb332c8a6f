import { z } from 'zod';
import { openApiDocument } from '../../../server/openapi';
import { RESOURCES } from '../../../server/resources';
import type { AnyResource } from '../../../server/resources/resource';
import { emptyRequest } from '../../../src/api/contract/auth';
import type { JsonSchema } from './bodies';

/**
 * What the fuzz and the route matrix know about the registered routes: each route's body schema (from the API
 * document, itself made from the shared zod contract), the kind of id each path parameter takes, and who may call it.
 * Everything starts from the routes the app registered, so a new route fails these suites until it is known here.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Route {
  method: Method;
  /** Fastify's path, `:param` style. */
  path: string;
  key: string;
  params: string[];
  public: boolean;
}

export function routesOf(registered: string[], publicRoutes: string[]): Route[] {
  return registered.map((r) => {
    const [method, path] = r.split(' ') as [Method, string];
    return { method, path, key: r, params: [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!), public: publicRoutes.includes(r) };
  });
}

export const isWrite = (r: Route) => r.method !== 'GET';

// ---------------------------------------------------------------------------------------------------------------
// Bodies.

/** Write routes that read no body, each with the reason. DELETE reads none anywhere (docs/product.md, Management). */
export const NO_BODY: Record<string, string> = {
  'POST /api/alert-links/:token': "a mail link's form post: an empty urlencoded form, nothing in it is read",
  'POST /api/invitations/:token': "a mail link's form post: an empty urlencoded form, nothing in it is read",
};

/** Routes that parse a contract schema the API document does not list as their body. */
const UNDOCUMENTED_BODY: Record<string, z.ZodType> = {
  // Submitting a report takes no fields; the route parses an empty strict object, so a stray field is named.
  'POST /api/medication-fridge-reports/:id/submit': emptyRequest,
};

const doc = openApiDocument() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };

/** The JSON Schema a write route's body must meet; null for a route that reads no body; undefined when unknown. */
export function bodySchemaOf(r: Route): JsonSchema | null | undefined {
  const op = doc.paths[r.path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
  const documented = op?.requestBody?.content['application/json']?.schema;
  if (documented) return documented;
  const zod = UNDOCUMENTED_BODY[r.key];
  if (zod) return z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (r.method === 'DELETE' || r.key in NO_BODY) return null;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Ids in paths.

/** Every kind of id a company owns (and the tokens of its links), as the world fixture makes them. */
export const KINDS = [
  'company', 'site', 'subSite', 'hub', 'node', 'feed', 'tag', 'signalType', 'member', 'template', 'rule', 'event', 'report', 'exportJob',
  'schedule', 'share', 'shareToken', 'display', 'apiKey', 'alertLinkToken', 'invitationToken',
] as const;
export type Kind = (typeof KINDS)[number] | 'whiteLabel' | 'provider';

const KIND_OF_PARAM: Record<string, Kind> = { siteId: 'site', nodeId: 'node', shareId: 'share', keyId: 'apiKey' };
/** The kind of an `:id` (or `:token`) by the path segment before it. */
const KIND_AFTER_SEGMENT: Record<string, Kind> = {
  'site-dashboard': 'site', sites: 'site', site: 'site', report: 'report', 'check-permission': 'site', company: 'company', companies: 'company', hubs: 'hub', nodes: 'node', feeds: 'feed',
  'signal-types': 'signalType', 'node-tags': 'tag', users: 'member', 'white-label-settings': 'whiteLabel', 'message-templates': 'template',
  'alert-rules': 'rule', displays: 'display', 'export-schedules': 'schedule', detail: 'event', 'medication-fridge-reports': 'report',
  'export-jobs': 'exportJob', shared: 'shareToken', 'alert-links': 'alertLinkToken', invitations: 'invitationToken', 'external-login': 'provider',
};

/** The kind of id a path parameter takes; throws for a parameter nobody has taught this table. */
export function kindOfParam(path: string, param: string): Kind {
  if (KIND_OF_PARAM[param]) return KIND_OF_PARAM[param]!;
  const segments = path.split('/');
  const before = segments[segments.indexOf(`:${param}`) - 1] ?? '';
  const kind = KIND_AFTER_SEGMENT[before];
  if (!kind) throw new Error(`${path}: what kind of id is :${param}? Teach kindOfParam in tests/server/fuzz/routes.ts`);
  return kind;
}

export function fillPath(path: string, idOf: (param: string, kind: Kind) => string): string {
  return path.replace(/:(\w+)/g, (_m, p: string) => encodeURIComponent(idOf(p, kindOfParam(path, p))));
}

// ---------------------------------------------------------------------------------------------------------------
// Who may call.

/**
 * The sessions the suites act as: the demo admin switched into Northwind (a platform admin acting as themselves), the
 * demo manager, user and viewer in Northwind, the admin shadowing a company (its manager's rights) and shadowing the
 * demo user (the user's rights, the admin behind them).
 */
export const SESSIONS = ['admin', 'manager', 'user', 'viewer', 'companyShadow', 'userShadow'] as const;
export type SessionName = (typeof SESSIONS)[number];
/** The role each session acts with in its company (docs/product.md, Roles). */
export const ROLE_OF: Record<SessionName, 'admin' | 'manager' | 'user' | 'viewer'> = {
  admin: 'admin', manager: 'manager', user: 'user', viewer: 'viewer', companyShadow: 'manager', userShadow: 'user',
};

const all: SessionName[] = [...SESSIONS];
const notShadowing = all.filter((s) => !s.endsWith('Shadow'));
const platformAdmins: SessionName[] = ['admin'];
const managers: SessionName[] = ['admin', 'manager', 'companyShadow'];
const notViewers = all.filter((s) => ROLE_OF[s] !== 'viewer');

export interface Rule {
  /** Who may call; 'public' for a route that needs no session at all. */
  may: SessionName[] | 'public';
  /**
   * Routes whose refusal of another session is not a 403, with the status the contract gives and why (own ids).
   * Absent: every session not in `may` gets 403.
   */
  otherwise?: { status: number; why: string };
  /** Left out of the role matrix, with the reason. */
  skip?: string;
}

/** Who may call each route that is not a management resource (those say it themselves: readers and writers). */
export const RULES: Record<string, Rule> = {
  'POST /api/login': { may: 'public' },
  'POST /api/verify-opt': { may: 'public' },
  'POST /api/resend-opt': { may: 'public' },
  'POST /api/refresh-token': { may: 'public' },
  'POST /api/forgot-password': { may: 'public' },
  'POST /api/forgot-password/verify-token': { may: 'public' },
  'POST /api/reset-password': { may: 'public' },
  'POST /api/signup': { may: 'public' },
  'POST /api/verify-email': { may: 'public' },
  'POST /api/logout': { may: all },
  'POST /api/change-password': { may: notShadowing },
  'POST /api/switch-company': { may: all.filter((s) => s !== 'companyShadow') },
  'POST /api/shadow-company': { may: platformAdmins },
  'POST /api/shadow-user': { may: platformAdmins },
  'POST /api/exit-shadow': { may: ['companyShadow', 'userShadow'], otherwise: { status: 400, why: 'a session that is not shadowing has nothing to exit: bad input, not a right' } },
  'GET /api/me': { may: all },
  'PUT /api/me': { may: notShadowing },
  'GET /api/companies/:id/members': { may: managers },
  'GET /api/white-label': { may: 'public' },
  'GET /api/external-login/providers': { may: 'public' },
  'POST /api/external-login/:provider/start': { may: 'public' },
  'POST /api/external-login/callback': { may: 'public' },
  'GET /api/dev/outbox': { may: 'public' },
  'GET /dev/mail': { may: 'public' },
  'POST /api/site-dashboard/:id/readings': { may: all },
  'POST /api/site-dashboard/:id/readings-minmax': { may: all },
  'POST /api/ingest': { may: 'public' },
  'GET /api/sites/:id/tree': { may: all },
  'GET /api/site-dashboard/:id': { may: all },
  'GET /api/site-dashboard/sub-sites/:siteId': { may: all },
  'GET /api/site-dashboard/:id/nodes': { may: all },
  'GET /api/site-dashboard/:id/hubs': { may: all },
  'GET /api/site-dashboard/check-permission/:id': { may: all },
  'GET /api/locate/site/:id': { may: all },
  'GET /api/locate/report/:id': { may: all },
  'GET /api/dashboard': { may: all },
  'GET /api/dashboard/company/:id': { may: all },
  'GET /api/dashboard/:siteId/nodes': { may: all },
  'GET /api/admin/overview': { may: platformAdmins },
  'GET /api/admin/glance': { may: platformAdmins },
  'GET /api/plexus': { may: managers },
  'GET /api/search': { may: all },
  'GET /api/audit': { may: managers },
  'GET /api/stream': { may: all, skip: 'an endless event stream (inject would wait for its end); stream.test.ts covers who may open it' },
  'GET /api/alertevents': { may: all },
  'GET /api/alertevents/detail/:id': { may: all },
  'GET /api/alertevents/:nodeId': { may: all },
  'PUT /api/alertevents/detail/:id': { may: notViewers },
  'GET /api/alert-links/:token': { may: 'public' },
  'POST /api/alert-links/:token': { may: 'public' },
  'GET /api/invitations/:token': { may: 'public' },
  'POST /api/invitations/:token': { may: 'public' },
  'GET /api/site-dashboard/:id/medication-fridge-reports': { may: all },
  'POST /api/site-dashboard/:id/medication-fridge-reports': { may: notViewers },
  'GET /api/medication-fridge-reports/:id': { may: all },
  'PUT /api/medication-fridge-reports/:id': { may: notViewers },
  'POST /api/medication-fridge-reports/:id/submit': { may: notViewers },
  'GET /api/medication-fridge-reports/:id/csv': { may: all },
  'GET /api/medication-fridge-reports/:id/pdf': { may: all },
  'POST /api/site-dashboard/:id/export/readings': { may: notViewers },
  'POST /api/site-dashboard/:id/export/readings-minmax': { may: notViewers },
  'GET /api/export-jobs': { may: all },
  'GET /api/export-jobs/:id': { may: all, otherwise: { status: 404, why: "a member's export job is theirs alone: another member's is as unknown as a foreign one" } },
  'GET /api/export-jobs/:id/file': { may: 'public' },
  'GET /api/export-jobs/:id/download': { may: all, otherwise: { status: 404, why: "a member's export file is theirs alone" } },
  'POST /api/site-dashboard/:id/shares': { may: managers },
  'GET /api/site-dashboard/:id/shares': { may: all },
  'DELETE /api/site-dashboard/:id/shares/:shareId': { may: managers },
  'GET /api/shared/:token': { may: 'public' },
  'POST /api/shared/:token/readings': { may: 'public' },
  'POST /api/hubs/:id/api-keys': { may: managers },
  'GET /api/hubs/:id/api-keys': { may: managers },
  'DELETE /api/hubs/:id/api-keys/:keyId': { may: managers },
  'GET /api/displays/current': { may: 'public' },
  'GET /api/displays/current/sites/:id': { may: 'public' },
  'POST /api/displays/current/sites/:id/readings': { may: 'public' },
  'GET /api/health': { may: 'public' },
  'GET /api/openapi.json': { may: 'public' },
};

/** The five routes of each management resource, with its path, readers and writers (server/resources). */
export const RESOURCE_ROUTES = new Map<string, { resource: AnyResource; write: boolean }>(
  RESOURCES.flatMap((r): [string, { resource: AnyResource; write: boolean }][] => {
    const base = `/api/${r.path}`;
    return [
      [`GET ${base}`, { resource: r, write: false }],
      [`GET ${base}/:id`, { resource: r, write: false }],
      [`POST ${base}`, { resource: r, write: true }],
      [`PUT ${base}/:id`, { resource: r, write: true }],
      [`DELETE ${base}/:id`, { resource: r, write: true }],
    ];
  }),
);
