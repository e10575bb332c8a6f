import { z, type ZodType } from 'zod';
import * as auth from '../src/api/contract/auth';
import * as wl from '../src/api/contract/white-label';
import { updateProfileRequest } from '../src/api/contract/profile';
import { companyMembersResponse } from '../src/api/contract/companies';
import { auditEntry } from '../src/api/contract/audit';
import * as ext from '../src/api/contract/external-login';
import { outboxResponse } from '../src/api/contract/dev';
import { errorBody, objectHome } from '../src/api/contract/common';
import * as mon from '../src/api/contract/monitoring';
import { adminGlanceResponse } from '../src/api/contract/admin-glance';
import { searchResponse } from '../src/api/contract/search';
import { deletedAnswer } from '../src/api/contract/list';
import { streamMessage } from '../src/api/contract/stream';
import * as alerts from '../src/api/contract/alerts';
import * as reports from '../src/api/contract/reports';
import * as exportsContract from '../src/api/contract/exports';
import { currentDisplay, displaySite } from '../src/api/contract/displays';
import * as sharesContract from '../src/api/contract/shares';
import { RESOURCES } from './resources';
import { acceptsIdempotencyKey } from './idempotency';
import type { AnyResource } from './resources/resource';

interface Op {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI style: path parameters in braces. */
  path: string;
  summary: string;
  body?: ZodType;
  query?: Record<string, string>;
  answer: ZodType;
  auth?: boolean;
  /** Authenticated by a hub's API key in X-Api-Key instead of a bearer token. */
  apiKey?: boolean;
  /** Authenticated by a wall display's key in X-Display-Key (with auth: as an alternative to the bearer token). */
  displayKey?: boolean;
  status?: number;
  /** Failure statuses beyond 400/429 (and 401/403 of authenticated routes), such as 404 for unknown objects. */
  errors?: number[];
  /** An answer that is not the JSON envelope: Server-Sent Events (the schema is one message) or an HTML page. */
  rawType?: 'text/event-stream' | 'text/html' | 'text/csv' | 'application/pdf';
}

/** Every route of the API with the contract schemas it validates with; the document is generated from these. */
const OPS: Op[] = [
  { method: 'post', path: '/api/login', summary: 'Sign in; answers a session or { requireMFV, mfaToken }', body: auth.loginRequest, answer: auth.loginResponse },
  { method: 'post', path: '/api/verify-opt', summary: 'Verify the mailed one-time code', body: auth.verifyOtpRequest, answer: auth.session },
  { method: 'post', path: '/api/resend-opt', summary: 'Mail a new code (once per 30 s)', body: auth.resendOtpRequest, answer: auth.sentResponse },
  { method: 'post', path: '/api/refresh-token', summary: 'Rotate the refresh token', body: auth.refreshRequest, answer: auth.session },
  { method: 'post', path: '/api/logout', summary: 'Revoke this session', body: auth.emptyRequest, answer: z.object({ loggedOut: z.literal(true) }), auth: true },
  { method: 'post', path: '/api/change-password', summary: 'Change password; ends other sessions', body: auth.changePasswordRequest, answer: auth.session, auth: true },
  { method: 'post', path: '/api/forgot-password', summary: 'Mail a reset link (same answer for unknown emails)', body: auth.forgotPasswordRequest, answer: auth.sentResponse },
  { method: 'post', path: '/api/forgot-password/verify-token', summary: 'Check a reset token', body: auth.verifyResetTokenRequest, answer: auth.verifyResetTokenResponse },
  { method: 'post', path: '/api/verify-email', summary: 'Confirm a sign-up\'s email with the mailed link; the account may sign in after', body: auth.verifyEmailRequest, answer: auth.verifyEmailResponse },
  { method: 'post', path: '/api/reset-password', summary: 'Set a new password with a reset token', body: auth.resetPasswordRequest, answer: z.object({ reset: z.literal(true) }) },
  { method: 'post', path: '/api/signup', summary: 'Create an account', body: auth.signupRequest, answer: z.object({ created: z.literal(true) }), status: 201 },
  { method: 'post', path: '/api/switch-company', summary: 'A session for another company of the user', body: auth.switchCompanyRequest, answer: auth.session, auth: true },
  { method: 'post', path: '/api/shadow-company', summary: 'Admin: act as a company', body: auth.shadowCompanyRequest, answer: auth.session, auth: true },
  { method: 'post', path: '/api/shadow-user', summary: 'Admin: act as a user', body: auth.shadowUserRequest, answer: auth.session, auth: true },
  { method: 'post', path: '/api/exit-shadow', summary: "Return to the admin's own session", body: auth.emptyRequest, answer: auth.session, auth: true },
  { method: 'get', path: '/api/me', summary: 'Basic info and memberships', answer: auth.meResponse, auth: true },
  { method: 'put', path: '/api/me', summary: 'Change own name or language (not while shadowing)', body: updateProfileRequest, answer: auth.meResponse, auth: true },
  {
    method: 'get', path: '/api/companies/{id}/members', summary: 'People of a company (admins; managers of the token company)',
    answer: companyMembersResponse, auth: true, errors: [404],
  },
  { method: 'get', path: '/api/white-label', summary: 'White-label settings by host name', query: { Domain: 'host name' }, answer: wl.whiteLabelSettings },
  { method: 'get', path: '/api/external-login/providers', summary: 'The configured external sign-in providers', answer: ext.externalProvidersResponse },
  {
    method: 'post', path: '/api/external-login/{provider}/start', summary: 'Begin an external sign-in; sets the browser-binding cookie',
    body: ext.externalLoginStartRequest, answer: ext.externalLoginStartResponse, errors: [404, 502],
  },
  {
    method: 'post', path: '/api/external-login/callback', summary: 'Finish an external sign-in with the code, state and iss the provider returned; answers a session, or { requireMFV, mfaToken, email } (a code was mailed) for an MFA account',
    body: ext.externalLoginCallbackRequest, answer: ext.externalLoginCallbackResponse, errors: [401, 403, 502],
  },
  { method: 'get', path: '/api/dev/outbox', summary: 'Development mail (outbox transport only)', query: { to: 'recipient email' }, answer: outboxResponse },
  {
    method: 'post', path: '/api/site-dashboard/{id}/readings', summary: 'Readings of feeds of the site and its sub-sites, bucketed in the site time zone',
    body: mon.readingsRequest, answer: mon.readingsResponse, auth: true, errors: [404],
  },
  {
    method: 'post', path: '/api/site-dashboard/{id}/readings-minmax', summary: 'Min and max per bucket (the MinMax view whatever dataViewType says)',
    body: mon.readingsRequest, answer: mon.readingsResponse, auth: true, errors: [404],
  },
  {
    method: 'post', path: '/api/ingest', summary: "Hubs: store a batch of readings (idempotent on feed and ts; a bad row refuses the whole batch)",
    body: mon.ingestRequest, answer: mon.ingestResponse, apiKey: true, errors: [401],
  },
  {
    method: 'post', path: '/api/hubs/{id}/api-keys', summary: "Managers: create a hub API key (the key is shown once)",
    body: mon.createHubApiKeyRequest, answer: mon.hubApiKeyCreated, auth: true, status: 201, errors: [404],
  },
  { method: 'get', path: '/api/hubs/{id}/api-keys', summary: "Managers: the hub's API keys (no secrets)", answer: mon.hubApiKeysResponse, auth: true, errors: [404] },
  { method: 'delete', path: '/api/hubs/{id}/api-keys/{keyId}', summary: 'Managers: revoke a hub API key', answer: mon.hubApiKeySummary, auth: true, errors: [404] },
  { method: 'get', path: '/api/dashboard', summary: "The token company's sites with status now and latest readings (400 without a company)", answer: mon.dashboardResponse, auth: true },
  {
    method: 'get', path: '/api/dashboard/company/{id}', summary: 'The same for a company: admins acting as themselves, or its members',
    answer: mon.dashboardResponse, auth: true, errors: [404],
  },
  { method: 'get', path: '/api/dashboard/{siteId}/nodes', summary: "A site's nodes with tags, feeds and latest values", answer: mon.nodesResponse, auth: true, errors: [404] },
  { method: 'get', path: '/api/site-dashboard/{id}', summary: 'Basic info of a site (time zone, safe range, counts)', answer: mon.siteBasicInfo, auth: true, errors: [404] },
  { method: 'get', path: '/api/site-dashboard/sub-sites/{siteId}', summary: 'The sub-sites of a site with their status', answer: mon.sitesResponse, auth: true, errors: [404] },
  { method: 'get', path: '/api/site-dashboard/{id}/nodes', summary: "A site's nodes with tags, feeds and latest values", answer: mon.nodesResponse, auth: true, errors: [404] },
  { method: 'get', path: '/api/site-dashboard/{id}/hubs', summary: "A site's hubs with status", answer: mon.hubsResponse, auth: true, errors: [404] },
  { method: 'get', path: '/api/locate/site/{id}', summary: "Which of the caller's companies a site belongs to, to offer a switch; 404 when none", answer: objectHome, auth: true, errors: [404] },
  { method: 'get', path: '/api/locate/report/{id}', summary: "Which of the caller's companies a report belongs to, to offer a switch; 404 when none", answer: objectHome, auth: true, errors: [404] },
  { method: 'get', path: '/api/site-dashboard/check-permission/{id}', summary: 'What the caller may do on the site: { role, view, export, manage }', answer: mon.permissionResponse, auth: true, errors: [404] },
  { method: 'get', path: '/api/sites/{id}/tree', summary: 'A site with its hubs and the nodes behind each', answer: mon.siteTree, auth: true, errors: [404] },
  { method: 'get', path: '/api/admin/overview', summary: 'Admins: per company sites, devices online/offline, out-of-range feeds', answer: mon.adminOverviewResponse, auth: true },
  {
    method: 'get', path: '/api/admin/glance',
    summary: 'Admins: open critical alerts by company, offline devices, weak batteries, open shadow sessions and recent sign-ins',
    answer: adminGlanceResponse, auth: true,
  },
  {
    method: 'get', path: '/api/plexus', summary: "Each site's hubs and nodes with link health, quiet devices first (admins; managers for their company)",
    query: { companyId: 'the company (admins; defaults to the token company)' }, answer: mon.plexusResponse, auth: true, errors: [404],
  },
  {
    method: 'get', path: '/api/search', summary: "Command palette: the token company's sites and nodes, the user's companies (all for admins), users (admins only), ranked",
    query: { q: 'the text to find, 1 to 200 characters', kinds: 'comma-separated subset of site,node,user,company (default all)', limit: 'results, 1 to 50 (default 20)' },
    answer: searchResponse, auth: true,
  },
  {
    method: 'get', path: '/api/audit', summary: "Audit entries, newest first (admins: every company's; managers: the token company's); the answer also holds total",
    query: {
      q: 'words of the action, detail, or actor name or email', actor: 'actor user id', from: 'ISO 8601, inclusive', to: 'ISO 8601, exclusive',
      shadow: '1/true: only entries made while shadowing (company or user: that kind), 0/false: none of them', sort: 'at or -at (default)', offset: 'offset', limit: 'limit',
    },
    answer: z.array(auditEntry), auth: true,
  },
  {
    method: 'get', path: '/api/alertevents', summary: "The token company's alert events, newest first; the answer also holds total",
    query: { state: 'active, acknowledged or resolved', severity: 'critical, major, minor or warning', siteId: 'a site', from: 'ISO 8601, inclusive (start)', to: 'ISO 8601, exclusive', offset: 'offset', limit: 'limit (at most 1000)' },
    answer: z.array(alerts.alertEvent), auth: true,
  },
  { method: 'get', path: '/api/alertevents/{nodeId}', summary: "A node's alert events, newest first", answer: z.array(alerts.alertEvent), auth: true, errors: [404] },
  { method: 'get', path: '/api/alertevents/detail/{id}', summary: 'One alert event with its comments and history', answer: alerts.alertEvent, auth: true, errors: [404] },
  {
    method: 'put', path: '/api/alertevents/detail/{id}', summary: 'Acknowledge (once), comment, assign or resolve; recorded in the history with who and when (users and above)',
    body: alerts.alertEventAction, answer: alerts.alertEvent, auth: true, errors: [404, 409],
  },
  {
    method: 'get', path: '/api/alert-links/{token}', summary: "A notification mail's acknowledge link: a page with the event and a button (changes nothing)",
    answer: z.string(), rawType: 'text/html', errors: [403, 404, 409],
  },
  {
    method: 'post', path: '/api/alert-links/{token}', summary: 'Acknowledges the event once, as the person the mail went to; 409 when the link was used',
    answer: z.string(), rawType: 'text/html', errors: [403, 404, 409],
  },
  {
    method: 'get', path: '/api/invitations/{token}', summary: "An invitation mail's accept link: a page naming the company and role, with a button (changes nothing)",
    answer: z.string(), rawType: 'text/html', errors: [404],
  },
  {
    method: 'post', path: '/api/invitations/{token}', summary: 'Accepts the invitation once: the membership acts from now on; 404 when the link was used or expired',
    answer: z.string(), rawType: 'text/html', errors: [404],
  },
  { method: 'get', path: '/api/site-dashboard/{id}/medication-fridge-reports', summary: "A site's medication fridge compliance reports; the answer also holds total", answer: z.array(reports.fridgeReportSummary), auth: true, errors: [404] },
  {
    method: 'post', path: '/api/site-dashboard/{id}/medication-fridge-reports', summary: 'Add the report of a fridge for a month (users and above); 409 exists when there is one',
    body: reports.createFridgeReport, answer: reports.fridgeReport, auth: true, status: 201, errors: [404, 409],
  },
  { method: 'get', path: '/api/medication-fridge-reports/{id}', summary: 'One report: days from the readings in the site’s zone, checks, excursions', answer: reports.fridgeReport, auth: true, errors: [404] },
  {
    method: 'put', path: '/api/medication-fridge-reports/{id}', summary: 'Record checks, actions and excursion records while draft (computed fields are ignored); 409 submitted after',
    body: reports.updateFridgeReport, answer: reports.fridgeReport, auth: true, errors: [404, 409],
  },
  { method: 'post', path: '/api/medication-fridge-reports/{id}/submit', summary: 'Submit: stamped with who and when, then read-only with its own copy of its rows', answer: reports.fridgeReport, auth: true, errors: [404, 409] },
  { method: 'get', path: '/api/medication-fridge-reports/{id}/csv', summary: 'The report as CSV: day and excursion rows', answer: z.string(), auth: true, rawType: 'text/csv', errors: [404] },
  { method: 'get', path: '/api/medication-fridge-reports/{id}/pdf', summary: 'The report as one A4 PDF', answer: z.string(), auth: true, rawType: 'application/pdf', errors: [404] },
  {
    method: 'post', path: '/api/site-dashboard/{id}/export/readings', summary: 'Queue a CSV export of the readings query (users and above); mailed with a link when built',
    body: mon.readingsRequest, answer: exportsContract.exportAccepted, auth: true, status: 202, errors: [404],
  },
  {
    method: 'post', path: '/api/site-dashboard/{id}/export/readings-minmax', summary: 'Queue a CSV export of min and max per bucket',
    body: mon.readingsRequest, answer: exportsContract.exportAccepted, auth: true, status: 202, errors: [404],
  },
  { method: 'get', path: '/api/export-jobs', summary: "The caller's export jobs in the token's company, newest first; the answer also holds total", answer: z.array(exportsContract.exportJob), auth: true },
  { method: 'get', path: '/api/export-jobs/{id}', summary: 'One export job with its progress', answer: exportsContract.exportJob, auth: true, errors: [404] },
  { method: 'get', path: '/api/export-jobs/{id}/file', summary: 'The built CSV by the mailed link (valid 7 days; no sign-in)', query: { token: 'the mailed token' }, answer: z.string(), rawType: 'text/csv', errors: [404] },
  { method: 'get', path: '/api/export-jobs/{id}/download', summary: 'The built CSV for its owner, signed in', answer: z.string(), auth: true, rawType: 'text/csv', errors: [404] },
  {
    method: 'get', path: '/api/stream',
    summary: "Live updates of the token company (Server-Sent Events: reading, alert, export); Last-Event-ID resumes within 5 minutes; ends when the access token would expire. With X-Display-Key instead of a token: the display's sites' readings and alerts, until the display is deleted",
    answer: streamMessage, auth: true, displayKey: true, rawType: 'text/event-stream',
  },
  {
    method: 'get', path: '/api/displays/current', summary: "A wall display by its key (X-Display-Key; no sign-in): its settings and its sites, in playlist order",
    answer: currentDisplay, displayKey: true, errors: [401],
  },
  {
    method: 'get', path: '/api/displays/current/sites/{id}', summary: "A site of the display's playlist by its key: the site, its hubs, its nodes with their feeds' latest values, and its open alert events",
    answer: displaySite, displayKey: true, errors: [401, 404],
  },
  {
    method: 'post', path: '/api/displays/current/sites/{id}/readings', summary: "Readings of a playlist site's own feeds by the display's key, with the signed-in readings request",
    body: mon.readingsRequest, answer: mon.readingsResponse, displayKey: true, errors: [400, 401, 404],
  },
  {
    method: 'post', path: '/api/site-dashboard/{id}/shares', summary: 'Managers: a read-only link to the site dashboard, valid expiresInDays (1–90); the URL holds the token, shown this once',
    body: sharesContract.createShareRequest, answer: sharesContract.createdShare, auth: true, status: 201, errors: [404],
  },
  { method: 'get', path: '/api/site-dashboard/{id}/shares', summary: "The site's shared links, newest first, revoked and expired ones too (never a token); the answer also holds total", answer: sharesContract.sharesResponse, auth: true, errors: [404] },
  { method: 'delete', path: '/api/site-dashboard/{id}/shares/{shareId}', summary: 'Managers: revoke a shared link; it stops working at once', answer: deletedAnswer, auth: true, errors: [404] },
  {
    method: 'get', path: '/api/shared/{token}', summary: 'A shared site dashboard by its link (no sign-in): the site, its hubs and its nodes with feeds, latest values and ranges; 404 once expired or revoked',
    answer: sharesContract.sharedDashboard, errors: [404],
  },
  {
    method: 'post', path: '/api/shared/{token}/readings', summary: "Readings of the shared site's own feeds (no sign-in), as the signed-in readings call; 404 for any other feed or node, or once expired or revoked",
    body: mon.readingsRequest, answer: mon.readingsResponse, errors: [404],
  },
];

/** The five operations of a management resource (docs/product.md, Management), from the resource's own schemas. */
function resourceOps(r: AnyResource): Op[] {
  const base = `/api/${r.path}`;
  const shape: Record<string, { description?: string }> = (r.listQuery as unknown as { shape?: Record<string, { description?: string }> }).shape ?? {};
  const query = Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, k === 'q' ? 'name filter' : k === 'sort' ? 'a field, -field for descending' : (s.description ?? k)]));
  return [
    { method: 'get', path: base, summary: `${r.plural} of the token's company; the answer also holds total, the count of every match`, query, answer: z.array(r.item), auth: true },
    { method: 'get', path: `${base}/{id}`, summary: `One ${r.noun.toLowerCase()}`, answer: r.item, auth: true, errors: [404] },
    { method: 'post', path: base, summary: `Managers: create a ${r.noun.toLowerCase()}`, body: r.createInput, answer: r.item, auth: true, status: 201, errors: [409] },
    { method: 'put', path: `${base}/{id}`, summary: `Managers: change a ${r.noun.toLowerCase()}`, body: r.updateInput, answer: r.item, auth: true, errors: [404, 409] },
    { method: 'delete', path: `${base}/{id}`, summary: `Managers: delete a ${r.noun.toLowerCase()} (409 in_use while something uses it)`, answer: deletedAnswer, auth: true, errors: [404, 409] },
  ];
}

const schema = (s: ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

const pascal = (words: string) => words.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');

/**
 * Client generators name their functions after operationIds, so each is derived from the fixed method and path alone
 * (stable while the contract is): the method, then the path's words; a parameter counts only as the last segment, as
 * By<Name>, where it tells an item from its list. GET /api/site-dashboard/{id}/nodes is getSiteDashboardNodes.
 */
function operationIdOf(method: string, path: string): string {
  const segments = path.replace(/^\/api\//, '').split('/');
  const words = segments.map((segment, i) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param === undefined) return pascal(segment);
    return i === segments.length - 1 ? `By${pascal(param)}` : '';
  });
  return method + words.join('');
}

/**
 * Who may call: the route's own credential, and `[]` for a route that answers anyone (declared, so a reader and the
 * linter can tell "public" from "forgot to say"); tests/server/openapi-lint.test.ts holds this to the server's PUBLIC routes.
 */
function securityOf(op: Op): Record<string, string[]>[] {
  return [
    ...(op.auth ? [{ bearer: [] }] : []),
    ...(op.apiKey ? [{ hubApiKey: [] }] : []),
    ...(op.displayKey ? [{ displayKey: [] }] : []),
  ];
}

/** Signed-in writes take Idempotency-Key (docs/decisions.md, Idempotency-Key); those answering a secret ignore it. */
const idempotent = (op: Op) => op.auth === true && acceptsIdempotencyKey(op.method, op.path.replace(/\{(\w+)\}/g, ':$1'));
// DELETE takes the header too, but its documented parameters stay the path's alone for now.
const listsKeyHeader = (op: Op) => idempotent(op) && op.method !== 'delete';

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of [...OPS, ...RESOURCES.flatMap(resourceOps)]) {
    const error = { description: 'Failure', content: { 'application/json': { schema: schema(errorBody) } } };
    const conflict = {
      ...error,
      description:
        "Conflict: the route's own codes (in_use, exists, submitted, idempotency_in_progress…), or `conflict` when a write made at the same moment won (a name taken between check and insert, two edits of one row); then Retry-After says when trying again is safe",
      headers: { 'Retry-After': { description: 'Seconds, with code `conflict`', schema: { type: 'integer' } } },
    };
    (paths[op.path] ??= {})[op.method] = {
      operationId: operationIdOf(op.method, op.path),
      summary: op.summary,
      security: securityOf(op),
      ...(op.query || op.path.includes('{') || listsKeyHeader(op)
        ? {
            parameters: [
              ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
              ...Object.entries(op.query ?? {}).map(([name, description]) => ({ name, in: 'query', description, schema: { type: 'string' } })),
              ...(listsKeyHeader(op) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
            ],
          }
        : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(op.body) } } } } : {}),
      responses: {
        [String(op.status ?? 200)]: {
          description: 'Success',
          content: op.rawType
            ? { [op.rawType]: { schema: schema(op.answer) } }
            : { 'application/json': { schema: { type: 'object', properties: { data: schema(op.answer) }, required: ['data'] } } },
        },
        '400': error,
        ...(op.auth ? { '401': error, '403': error } : {}),
        ...Object.fromEntries((op.errors ?? []).map((status) => [String(status), error])),
        ...(idempotent(op) ? { '422': error } : {}),
        // Any write can lose a race to a concurrent one (server/app.ts); the route's own 409s share the status.
        ...(op.method !== 'get' ? { '409': conflict } : {}),
        '429': error,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Sitewatch API', version: '1' },
    // Relative: resolved against wherever this document was fetched from, so it is right behind any proxy or PUBLIC_URL.
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: {
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 },
          description: 'Any signed-in write, DELETE included: the same key and request again (7 days, per user and acting company, and shadowing admin) answer the stored answer; another request with the key 422 idempotency_mismatch; 409 idempotency_in_progress while the first runs. A 5xx is not kept.',
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        hubApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        displayKey: { type: 'apiKey', in: 'header', name: 'X-Display-Key' },
      },
    },
    paths,
  };
}
