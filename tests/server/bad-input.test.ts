import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, call, demoIds, freshIp, signIn, signInAdmin, type TestApp } from './helpers';
import { sha256 } from '../../server/auth/secrets';

// Bad input for every POST and PUT route, generated from one table: each case must be a 400 that names the
// field, with code bad_request, and never a 5xx.

type Kind = 'string' | 'nullable-string' | 'boolean' | 'true' | 'number' | 'nullable-number' | 'array';
interface Field {
  kind: Kind;
  optional?: boolean;
  /** An empty string is a valid value (an unset URL, the default title). */
  emptyOk?: boolean;
  /** Wrong values only this field has (out of range, not a time, a bad element). */
  extra?: [string, unknown][];
}
interface Route {
  method?: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** Which session the route needs, so validation (not authentication) is what answers. */
  auth?: 'member' | 'admin' | 'hub';
  fields: Record<string, Field>;
  /** A body that would pass validation; cases change one thing in it. */
  valid: Record<string, unknown>;
}

const str: Field = { kind: 'string' };
const optStr: Field = { kind: 'string', optional: true };
const emptyOk: Field = { kind: 'string', emptyOk: true };
const ids: Field = {
  kind: 'array', optional: true,
  extra: [['holding an empty id', ['']], ['holding an id of 65 characters', ['x'.repeat(65)]], ['holding a number', [1]], ['of 201 ids', Array.from({ length: 201 }, (_, i) => `f${i}`)], ['holding a NUL', ['a\u0000b']]],
};
const readingsFields: Record<string, Field> = {
  feedIds: ids,
  nodeIds: ids,
  from: { kind: 'string', extra: [['without an offset', '2024-03-30T00:00:00'], ['not a time', '2024-13-45T00:00:00Z'], ['after to', '2024-04-01T00:00:00Z']] },
  to: { kind: 'string', extra: [['not a time', 'tomorrow'], ['401 days after from', '2025-05-05T00:00:00Z']] },
  interval: { kind: 'string', extra: [['unknown', '1week']] },
  aggregation: { kind: 'number', optional: true, extra: [['of 7', 7], ['of -1', -1], ['of 1.5', 1.5]] },
  dataViewType: { kind: 'string', extra: [['unknown', 'Chart']] },
  maxPoints: { kind: 'number', optional: true, extra: [['of 1', 1], ['of 20,001', 20_001], ['of 2.5', 2.5]] },
};
const readingsValid = {
  feedIds: ['f1'], nodeIds: ['n1'], from: '2024-03-30T00:00:00Z', to: '2024-03-31T00:00:00Z', interval: '1hour', aggregation: 2, dataViewType: 'RawData', maxPoints: 500,
};

/** A live API key of a hub of its own (a site and hub made here), so ingest reaches validation. */
async function hubKey(t: TestApp): Promise<string> {
  const db = t.deps.db;
  const { id: companyId } = await db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const siteId = `bad-input-site-${now}`;
  await db.insertInto('sites').values({ id: siteId, companyId, parentSiteId: null, name: 'Bad input', address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: now }).execute();
  await db.insertInto('hubs').values({ id: `${siteId}-hub`, siteId, companyId, serial: `${siteId}-hub`, name: 'Bad input', firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: now }).execute();
  const key = `swk_bad-input-${now}`;
  await db.insertInto('hubApiKeys').values({ id: `${siteId}-key`, hubId: `${siteId}-hub`, keyHash: sha256(key), label: '', createdAt: now, revokedAt: null }).execute();
  return key;
}
const routes: Route[] = [
  { url: '/api/login', fields: { email: str, password: str, rememberMe: { kind: 'boolean', optional: true } }, valid: { email: 'someone@example.test', password: 'Whatever1', rememberMe: false } },
  { url: '/api/verify-opt', fields: { mfaToken: str, code: str }, valid: { mfaToken: 'token', code: '123456' } },
  { url: '/api/resend-opt', fields: { mfaToken: str }, valid: { mfaToken: 'token' } },
  { url: '/api/refresh-token', fields: { refreshToken: str, companyId: { kind: 'nullable-string', optional: true } }, valid: { refreshToken: 'token', companyId: 'c1' } },
  { url: '/api/logout', auth: 'member', fields: {}, valid: {} },
  {
    url: '/api/change-password', auth: 'member', fields: { currentPassword: str, password: str, confirmPassword: str },
    valid: { currentPassword: DEMO.password, password: 'Changed123', confirmPassword: 'Changed123' },
  },
  { url: '/api/forgot-password', fields: { email: str }, valid: { email: 'someone@example.test' } },
  { url: '/api/forgot-password/verify-token', fields: { token: str }, valid: { token: 'token' } },
  { url: '/api/verify-email', fields: { token: str }, valid: { token: 'token' } },
  { url: '/api/reset-password', fields: { token: str, password: str, confirmPassword: str }, valid: { token: 'token', password: 'Changed123', confirmPassword: 'Changed123' } },
  {
    url: '/api/signup', fields: { name: str, email: str, password: str, confirmPassword: str, acceptTerms: { kind: 'true' } },
    valid: { name: 'Sam', email: 'sam@example.test', password: 'Changed123', confirmPassword: 'Changed123', acceptTerms: true },
  },
  { url: '/api/switch-company', auth: 'member', fields: { companyId: str }, valid: { companyId: 'c1' } },
  { url: '/api/shadow-company', auth: 'admin', fields: { companyId: str }, valid: { companyId: 'c1' } },
  { url: '/api/shadow-user', auth: 'admin', fields: { userId: str }, valid: { userId: 'u1' } },
  { url: '/api/exit-shadow', auth: 'admin', fields: {}, valid: {} },
  { method: 'PUT', url: '/api/me', auth: 'member', fields: { name: optStr, locale: optStr }, valid: { name: 'Max Manager', locale: 'en' } },
  // White-label settings: a PUT changes only the fields it gives (the path's host name is valid, the row unknown).
  ...(['POST', 'PUT'] as const).map((method): Route => {
    const opt = (f: Field): Field => (method === 'PUT' ? { ...f, optional: true } : f);
    return {
      method, url: method === 'POST' ? '/api/white-label-settings' : '/api/white-label-settings/any-host.example', auth: 'admin',
      fields: {
        domain: opt({ kind: 'string', extra: [['not a host name', 'exa mple.com'], ['with a scheme', 'https://example.com']] }),
        faviconUrl: opt({ ...emptyOk, extra: [['a javascript: URL', 'javascript:alert(1)']] }), loginLogoUrl: opt(emptyOk), siteLogoUrl: opt(emptyOk), websiteTitle: opt(emptyOk),
      },
      valid: { domain: 'bad-input.example', faviconUrl: '/favicon.ico', loginLogoUrl: 'https://cdn.example/login.png', siteLogoUrl: '', websiteTitle: 'Acme' },
    };
  }),
  // No provider is configured in this app: the body is validated before the provider is looked up.
  { url: '/api/external-login/google/start', fields: { returnUrl: optStr, rememberMe: { kind: 'boolean', optional: true } }, valid: { returnUrl: '/reports', rememberMe: true } },
  { url: '/api/external-login/callback', fields: { code: str, state: str, iss: optStr }, valid: { code: 'code', state: 'state', iss: 'https://issuer.example' } },
  // Readings and ingest: the body is validated before the site, hub or feeds are looked up.
  ...['readings', 'readings-minmax'].map((path): Route => ({ url: `/api/site-dashboard/any-site/${path}`, auth: 'member', fields: readingsFields, valid: readingsValid })),
  {
    url: '/api/ingest', auth: 'hub',
    fields: {
      readings: {
        kind: 'array',
        extra: [
          ['empty', []], ['of 10,001 readings', Array.from({ length: 10_001 }, () => ({ feedId: 'f1', ts: 0, value: 1 }))], ['holding a string', ['x']],
          ['holding a reading without value', [{ feedId: 'f1', ts: 0 }]], ['holding a string value', [{ feedId: 'f1', ts: 0, value: '1' }]],
          ['holding a ts that is not a time', [{ feedId: 'f1', ts: 'yesterday', value: 1 }]], ['holding a negative ts', [{ feedId: 'f1', ts: -1, value: 1 }]],
          ['holding a NUL in a feedId', [{ feedId: 'f\u00001', ts: Date.now(), value: 1 }]], ['holding an unknown field', [{ feedId: 'f1', ts: 0, value: 1, hub: 'h' }]],
        ],
      },
    },
    valid: { readings: [{ feedId: 'f1', ts: '2024-03-30T00:00:00Z', value: 1 }] },
  },
  // Management resources: the body is validated before the row is looked up.
  ...(['POST', 'PUT'] as const).map((method): Route => ({
    method, url: method === 'POST' ? '/api/node-tags' : '/api/node-tags/any-tag', auth: 'member',
    fields: { name: str, colour: { kind: 'string', extra: [['not a colour', 'red'], ['without its hash', '112233']] } }, valid: { name: 'Cold chain', colour: '#112233' },
  })),
  // Users: the invite names the person; the membership change names at least one of role and disabled.
  {
    url: '/api/users', auth: 'member',
    fields: { email: { kind: 'string', extra: [['not an email', 'nobody'], ['of 255 characters', `${'a'.repeat(243)}@example.test`]] }, name: str, role: { kind: 'string', extra: [['unknown', 'owner']] } },
    valid: { email: 'new.person@example.test', name: 'New Person', role: 'user' },
  },
  {
    method: 'PUT', url: '/api/users/any-user', auth: 'member',
    fields: { role: { kind: 'string', optional: true, extra: [['unknown', 'admin']] }, disabled: { kind: 'boolean', optional: true } },
    valid: { role: 'viewer', disabled: false },
  },
  // Sites and companies: a PUT changes only the fields it names, so none is required there.
  ...(['POST', 'PUT'] as const).map((method): Route => ({
    method, url: method === 'POST' ? '/api/sites' : '/api/sites/any-site', auth: 'member',
    fields: {
      name: { kind: 'string', optional: method === 'PUT' },
      parentSiteId: { kind: 'nullable-string', optional: true },
      address: { kind: 'string', optional: true, emptyOk: true },
      coordinates: { kind: 'string', optional: true, emptyOk: true, extra: [['not a position', 'by the canal'], ['beyond the pole', `91°0'0"N 0°7'39"W`]] },
      timezone: { kind: 'string', optional: method === 'PUT', extra: [['unknown', 'Mars/Olympus_Mons'], ['an offset', '+01:00']] },
    },
    valid: { name: 'Cold store', address: '1 Quay Street', coordinates: `51°30'26"N 0°7'39"W`, timezone: 'Europe/London' },
  })),
  ...(['POST', 'PUT'] as const).map((method): Route => ({
    method, url: method === 'POST' ? '/api/companies' : '/api/companies/any-company', auth: 'admin',
    fields: {
      name: { kind: 'string', optional: method === 'PUT' },
      customerType: { kind: 'string', optional: method === 'PUT', extra: [['unknown', 'Acme']] },
      timezone: { kind: 'string', optional: method === 'PUT', extra: [['unknown', 'Mars/Olympus_Mons']] },
    },
    valid: { name: 'Bad Input Ltd', customerType: 'EPS', timezone: 'Europe/London' },
  })),
  // Devices: a PUT changes only the fields it gives, so every field is optional there.
  ...(['POST', 'PUT'] as const).flatMap((method): Route[] => {
    const url = (path: string) => (method === 'POST' ? `/api/${path}` : `/api/${path}/any-id`);
    const req = (f: Field): Field => (method === 'PUT' ? { ...f, optional: true } : f);
    return [
      {
        method, url: url('hubs'), auth: 'member',
        fields: { siteId: req(str), serial: req(str), name: req(str), firmware: { kind: 'string', optional: true, emptyOk: true } },
        valid: { siteId: 'any-site', serial: 'HUB-1', name: 'Roof hub', firmware: '1.4.2' },
      },
      {
        method, url: url('nodes'), auth: 'member',
        fields: { hubId: req(str), name: req(str), serial: req(str), deviceType: req({ kind: 'string', extra: [['unknown', 'Toaster'], ['in lower case', 'fridge probe']] }), tagIds: ids },
        valid: { hubId: 'any-hub', name: 'Medication Fridge', serial: 'FP-1', deviceType: 'Fridge Probe', tagIds: ['t1'] },
      },
      {
        method, url: url('feeds'), auth: 'member',
        fields: {
          nodeId: req(str), signalTypeId: req(str), name: req(str),
          low: { kind: 'nullable-number', optional: true }, high: { kind: 'nullable-number', optional: true, extra: [['below low', 1], ['equal to low', 2]] },
        },
        valid: { nodeId: 'any-node', signalTypeId: 'any-type', name: 'Temperature', low: 2, high: 8 },
      },
      {
        method, url: url('signal-types'), auth: 'member',
        fields: {
          key: req({ kind: 'string', extra: [['with a capital', 'Flow'], ['starting with a digit', '1flow'], ['with a space', 'flow rate']] }), name: req(str),
          unit: { kind: 'string', emptyOk: true, optional: method === 'PUT' }, kind: req({ kind: 'string', extra: [['unknown', 'gauge']] }),
        },
        valid: { key: 'flow_rate', name: 'Flow rate', unit: 'L/min', kind: 'instant' },
      },
    ];
  }),
  { url: '/api/hubs/any-hub/api-keys', auth: 'member', fields: { label: { kind: 'string', optional: true, emptyOk: true } }, valid: { label: 'Roof hub' } },
  // Alerts: templates refuse unknown placeholders by name; rules need the thresholds their condition reads.
  ...(['POST', 'PUT'] as const).flatMap((method): Route[] => {
    const url = (path: string) => (method === 'POST' ? `/api/${path}` : `/api/${path}/any-id`);
    const req = (f: Field): Field => (method === 'PUT' ? { ...f, optional: true } : f);
    return [
      {
        method, url: url('message-templates'), auth: 'member',
        fields: {
          name: req(str), channel: req({ kind: 'string', extra: [['not email', 'sms']] }), locale: req({ kind: 'string', extra: [['unknown', 'de']] }),
          subject: req({ kind: 'string', extra: [['with an unknown placeholder', 'About {sight}']] }), body: req({ kind: 'string', extra: [['with an unknown placeholder', 'Hello {nme}']] }),
        },
        valid: { name: 'Warm fridge', channel: 'email', locale: 'en', subject: '{severity}: {site}', body: '{node} reads {value}. {link}' },
      },
      {
        method, url: url('alert-rules'), auth: 'member',
        fields: {
          name: req(str), enabled: req({ kind: 'boolean' }), condition: req({ kind: 'string', extra: [['unknown', 'hot']] }),
          forMinutes: req({ kind: 'number', extra: [['of -1', -1], ['of 1.5', 1.5], ['of a year', 525_600]] }),
          severity: req({ kind: 'string', extra: [['unknown', 'huge']] }), recipients: req({ kind: 'array', extra: [['holding a number', [1]]] }),
          low: { kind: 'nullable-number', optional: true }, high: { kind: 'nullable-number', optional: true, extra: [['below low', 1]] },
          clearBy: { kind: 'nullable-number', optional: true, extra: [['negative', -1], ['leaving no clear band', 3]] },
          mutedUntil: { kind: 'nullable-string', optional: true, extra: [['not a time', 'soon']] },
        },
        valid: { name: 'Fridge warm', enabled: true, scope: { feedId: 'any-feed' }, condition: 'outside', low: 2, high: 8, forMinutes: 30, clearBy: 0.5, severity: 'critical', recipients: [] },
      },
    ];
  }),
  // Wall displays: the playlist is checked against the company's sites only after its shape is.
  ...(['POST', 'PUT'] as const).map((method): Route => ({
    method, url: method === 'POST' ? '/api/displays' : '/api/displays/any-id', auth: 'member',
    fields: {
      name: { kind: 'string', optional: method === 'PUT' },
      siteIds: { kind: 'array', optional: method === 'PUT', extra: [['empty', []], ['of 51 sites', Array.from({ length: 51 }, (_, i) => `s${i}`)], ['holding a number', [1]], ['holding an empty id', ['']]] },
      everySeconds: { kind: 'number', optional: true, extra: [['of 4', 4], ['of 3601', 3601], ['of 2.5', 2.5]] },
      theme: { kind: 'string', optional: method === 'PUT', extra: [['unknown', 'neon']] },
    },
    valid: { name: 'Lobby wall', siteIds: ['any-site'], everySeconds: 30, theme: 'dark' },
  })),
  ...['readings', 'readings-minmax'].map((path): Route => ({ url: `/api/site-dashboard/any-site/export/${path}`, auth: 'member', fields: readingsFields, valid: readingsValid })),
  // Export schedules: the shape first; the site, the query's feeds and the recipients are checked after it.
  ...(['POST', 'PUT'] as const).map((method): Route => ({
    method, url: method === 'POST' ? '/api/export-schedules' : '/api/export-schedules/any-id', auth: 'member',
    fields: {
      name: { kind: 'string', optional: true },
      siteId: { kind: 'string', optional: method === 'PUT', extra: [['of 65 characters', 'x'.repeat(65)]] },
      kind: { kind: 'string', optional: true, extra: [['unknown', 'pdf']] },
      every: { kind: 'string', optional: method === 'PUT', extra: [['unknown', 'day']] },
      recipients: { kind: 'array', optional: method === 'PUT', extra: [['empty', []], ['of 51 people', Array.from({ length: 51 }, (_, i) => `u${i}`)], ['holding a number', [1]], ['holding an empty id', ['']]] },
    },
    valid: { name: 'Weekly readings', siteId: 'any-site', kind: 'readings', query: readingsValid, every: 'week', recipients: ['any-user'] },
  })),
  {
    url: '/api/site-dashboard/any-site/medication-fridge-reports', auth: 'member',
    fields: { nodeId: { kind: 'string', extra: [['of 65 characters', 'x'.repeat(65)]] }, period: { kind: 'string', extra: [['not a month', '2026-13'], ['a date', '2026-01-01']] } },
    valid: { nodeId: 'n1', period: '2026-01' },
  },
  {
    method: 'PUT', url: '/api/medication-fridge-reports/any-report', auth: 'member',
    fields: {
      days: { kind: 'array', optional: true, extra: [['holding a date written otherwise', [{ date: '1 Jan 2026' }]], ['holding initials of 11 characters', [{ date: '2026-01-01', checkedBy: 'ABCDEFGHIJK' }]], ['of 32 days', Array.from({ length: 32 }, () => ({ date: '2026-01-01' }))]] },
      excursions: { kind: 'array', optional: true, extra: [['holding an unknown stock outcome', [{ start: '2026-01-01T00:00:00Z', stockOutcome: 'sold' }]], ['holding one without its start', [{ cause: 'Door' }]]] },
    },
    valid: { days: [{ date: '2026-01-01', checkedBy: 'AB', action: null }], excursions: [] },
  },
  { url: '/api/medication-fridge-reports/any-report/submit', auth: 'member', fields: {}, valid: {} },
  // Shared dashboard links: the body is validated before the site (or, without a session, the token) is looked up.
  { url: '/api/site-dashboard/any-site/shares', auth: 'member', fields: { expiresInDays: { kind: 'number', extra: [['of 0', 0], ['of 91', 91], ['of 1.5', 1.5], ['of -1', -1]] } }, valid: { expiresInDays: 7 } },
  { url: '/api/shared/any-token-of-twenty-chars/readings', fields: readingsFields, valid: readingsValid },
  // A wall display's readings: the body is checked before the display key and the site.
  { url: '/api/displays/current/sites/any-site/readings', fields: readingsFields, valid: readingsValid },
  { method: 'PUT', url: '/api/alertevents/detail/any-event', auth: 'member', fields: { action: { kind: 'string', extra: [['unknown', 'snooze']] }, comment: { kind: 'string', optional: true, emptyOk: true } }, valid: { action: 'acknowledge', comment: 'Door closed' } },
];

/**
 * Registered POST/PUT routes with no bad-input case ("POST /api/x/:id", as Fastify registered them), each with the
 * reason. Routes without a JSON body (logout, exit-shadow) are in the table with `{}` and still refuse unknown fields
 * and non-object bodies.
 */
const EXEMPT: Record<string, string> = {
  // The acknowledge button of a mailed link: an HTML form with no fields, whose token is in the path; a bad token is a 404 page.
  'POST /api/alert-links/:token': 'a form post without fields',
  'POST /api/invitations/:token': 'a form post without fields',
};

const HUGE = 'A1a'.repeat(3334); // 10,002 characters, of every class a password rule asks for
const wrongValues: Record<Kind, [string, unknown][]> = {
  string: [['a number', 12345], ['a boolean', true], ['an array', ['a']], ['an object', { a: 1 }], ['null', null]],
  'nullable-string': [['a number', 12345], ['a boolean', true], ['an array', ['a']], ['an object', { a: 1 }]],
  boolean: [['a string', 'yes'], ['a number', 1], ['null', null], ['an object', {}]],
  true: [['false', false], ['the string "true"', 'true'], ['a number', 1], ['null', null]],
  number: [['a string', '1'], ['a boolean', true], ['null', null], ['an array', [1]], ['an object', { a: 1 }]],
  'nullable-number': [['a string', '1'], ['a boolean', true], ['an array', [1]], ['an object', { a: 1 }]],
  array: [['a string', 'a'], ['a number', 1], ['a boolean', true], ['an object', { a: 1 }], ['null', null]],
};

interface Case {
  name: string;
  route: Route;
  body: unknown;
  /** The field the message must name. */
  field: string | null;
}

function casesFor(route: Route): Case[] {
  const out: Case[] = [];
  const w = (name: string, body: unknown, field: string | null) => out.push({ name: `${route.method ?? 'POST'} ${route.url} ${name}`, route, body, field });
  for (const [field, spec] of Object.entries(route.fields)) {
    const without = { ...route.valid };
    delete without[field];
    if (!spec.optional) w(`without ${field}`, without, field);
    for (const [what, value] of wrongValues[spec.kind]) w(`with ${field} as ${what}`, { ...route.valid, [field]: value }, field);
    for (const [what, value] of spec.extra ?? []) w(`with ${field} ${what}`, { ...route.valid, [field]: value }, field);
    if (spec.kind === 'string' || spec.kind === 'nullable-string') {
      // confirmPassword only has to match, so a wrong value is named there too.
      w(`with ${field} of 10,000 characters`, { ...route.valid, [field]: HUGE }, field);
      w(`with ${field} holding a NUL character`, { ...route.valid, [field]: `ab\u0000cd` }, field);
      if (field !== 'confirmPassword' && !spec.emptyOk) w(`with ${field} empty`, { ...route.valid, [field]: '' }, field);
    }
  }
  w('with an unknown field', { ...route.valid, isAdmin: true }, 'isAdmin');
  w('with a JSON array body', [route.valid], null);
  w('with a JSON string body', 'hello', null);
  w('with a JSON number body', 42, null);
  return out;
}

const cases = routes.flatMap(casesFor);

describe('bad input', () => {
  let t: TestApp;
  const tokens: Record<'member' | 'admin' | 'hub', string> = { member: '', admin: '', hub: '' };
  const authHeaders = (auth?: 'member' | 'admin' | 'hub') =>
    auth === 'hub' ? { 'x-api-key': tokens.hub } : auth ? { authorization: `Bearer ${tokens[auth]}` } : {};
  beforeAll(async () => {
    t = await buildTestApp();
    tokens.member = (await signIn(t.app, DEMO.manager)).accessToken;
    tokens.admin = (await signInAdmin(t.app)).accessToken;
    tokens.hub = await hubKey(t);
  });
  afterAll(() => t.close());

  it('covers every POST and PUT route the app registered, so a new one cannot escape the table', () => {
    const registered = t.routes.filter((r) => /^(POST|PUT|PATCH) /.test(r));
    const covers = (route: Route, registeredRoute: string) => {
      const [method, path] = registeredRoute.split(' ') as [string, string];
      const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
      return (route.method ?? 'POST') === method && pattern.test(route.url);
    };
    const missing = registered.filter((r) => !(r in EXEMPT) && !routes.some((route) => covers(route, r)));
    expect(missing, 'add a bad-input case to the table for each of these (or an exemption with the reason)').toEqual([]);
    // And the other way: a table entry or an exemption that no longer matches a route is stale.
    expect(routes.filter((route) => !registered.some((r) => covers(route, r))).map((r) => r.url)).toEqual([]);
    expect(Object.keys(EXEMPT).filter((r) => !registered.includes(r))).toEqual([]);
    expect(registered.length).toBeGreaterThanOrEqual(22);
    expect(cases.length).toBeGreaterThan(250);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s is a 400 naming the field', async (_name, c) => {
    const res = await t.app.inject({
      method: c.route.method ?? 'POST', url: c.route.url, remoteAddress: freshIp(), payload: JSON.stringify(c.body),
      headers: { 'content-type': 'application/json', ...authHeaders(c.route.auth) },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; code: string }>();
    expect(body).toMatchObject({ message: expect.any(String), code: 'bad_request' });
    if (c.field) expect(body.message).toContain(c.field);
  });

  it.each(routes.map((r) => [r.url, r] as const))('%s answers malformed JSON with a 400', async (_url, route) => {
    const res = await t.app.inject({
      method: route.method ?? 'POST', url: route.url, remoteAddress: freshIp(), payload: '{"a":',
      headers: { 'content-type': 'application/json', ...authHeaders(route.auth) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 'bad_request' });
  });

  it('answers a body over the size limit with a 413, not a 5xx', async () => {
    const r = await call(t.app, 'POST', '/api/login', { email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }, undefined, freshIp());
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ message: expect.any(String), code: 'payload_too_large' });
  });

  it('answers a body that is not JSON with a 4xx, not a 5xx', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: freshIp(), payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it('rejects an email longer than 254 characters and accepts one of 254', async () => {
    const at = '@example.test';
    const long = `${'a'.repeat(64)}.${'b'.repeat(255 - 64 - 1 - at.length)}${at}`;
    expect(long).toHaveLength(255);
    const r = await call(t.app, 'POST', '/api/forgot-password', { email: long }, undefined, freshIp());
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('email');
    const ok = await call(t.app, 'POST', '/api/forgot-password', { email: long.slice(1) }, undefined, freshIp());
    expect(ok.status).toBe(200);
  });

  it('the sessions used above are still alive (no bad input was acted on)', async () => {
    expect((await call(t.app, 'GET', '/api/me', undefined, tokens.member)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', undefined, tokens.admin)).status).toBe(200);
    await signIn(t.app, DEMO.manager, DEMO.password);
  });

  describe('query strings', () => {
    const queries: [string, string, string][] = [
      ['/api/white-label without Domain', '/api/white-label', 'Domain'],
      ['/api/white-label with an empty Domain', '/api/white-label?Domain=', 'Domain'],
      ['/api/white-label with Domain twice', '/api/white-label?Domain=a.example&Domain=b.example', 'Domain'],
      ['/api/white-label with a Domain of 10,000 characters', `/api/white-label?Domain=${'a'.repeat(10_000)}`, 'Domain'],
      ['/api/white-label with a NUL in Domain', '/api/white-label?Domain=a%00b', 'Domain'],
      ['/api/dev/outbox with to twice', '/api/dev/outbox?to=a&to=b', 'to'],
      ['/api/dev/outbox with a to of 10,000 characters', `/api/dev/outbox?to=${'a'.repeat(10_000)}`, 'to'],
      ['/api/dev/outbox with a NUL in to', '/api/dev/outbox?to=a%00b', 'to'],
      ['/api/companies/{id}/members with an id of 65 characters', `/api/companies/${'x'.repeat(65)}/members`, 'id'],
      ['/api/users with q of 201 characters', `/api/users?q=${'a'.repeat(201)}`, 'q'],
      ['/api/users with q twice', '/api/users?q=a&q=b', 'q'],
      ['/api/plexus with companyId twice', '/api/plexus?companyId=a&companyId=b', 'companyId'],
      ['/api/plexus with a companyId of 65 characters', `/api/plexus?companyId=${'x'.repeat(65)}`, 'companyId'],
      ['/api/site-dashboard/{id} with an id of 65 characters', `/api/site-dashboard/${'x'.repeat(65)}`, 'id'],
      ['/api/site-dashboard/sub-sites/{siteId} with a NUL in siteId', '/api/site-dashboard/sub-sites/a%00b', 'siteId'],
      ['/api/dashboard/company/{id} with an id of 65 characters', `/api/dashboard/company/${'x'.repeat(65)}`, 'id'],
    ];
    // Public routes ignore the (admin) token every query case carries; authenticated ones need it to reach validation.
    it.each(queries)('%s is a 400 naming the field', async (_name, url, field) => {
      const r = await call(t.app, 'GET', url, undefined, tokens.admin);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining(field) });
    });

    it.each([
      ['a space', 'exa%20mple.com'],
      ['a slash', 'example.com%2Fx'],
      ['a scheme', 'https%3A%2F%2Fexample.com'],
      ['a NUL', 'a%00b.example'],
      ['254 characters', 'a'.repeat(254)],
      ['a label of 64 characters', `${'a'.repeat(64)}.example`],
    ])('/api/white-label-settings/{id} with %s in the host name is a 400 naming it', async (_what, domain) => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const body = method === 'PUT' ? { websiteTitle: '' } : undefined;
        const r = await call(t.app, method, `/api/white-label-settings/${domain}`, body, tokens.admin);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('id'), details: expect.arrayContaining([expect.objectContaining({ path: 'id' })]) });
      }
    });

    it('a path parameter over the router limit is a 414 {message, code}, not a 5xx', async () => {
      const r = await call(t.app, 'DELETE', `/api/white-label-settings/${'a'.repeat(10_000)}`, undefined, tokens.admin);
      expect(r.status).toBe(414);
      expect(r.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    });

    it('/dev/mail with a NUL in to is a 400, not a 5xx', async () => {
      const r = await t.app.inject({ method: 'GET', url: '/dev/mail?to=a%00b' });
      expect(r.statusCode).toBe(400);
    });
  });

  describe('ids that name nothing', () => {
    it('are 403 or 404, never a 5xx', async () => {
      const ids = await demoIds(t.deps);
      for (const id of ['0', '-1', "' OR 1=1 --", '../../etc/passwd', 'x'.repeat(64), ids.admin]) {
        const a = await call(t.app, 'POST', '/api/switch-company', { companyId: id }, tokens.member);
        expect(a.status).toBe(403);
        const b = await call(t.app, 'POST', '/api/shadow-company', { companyId: id }, tokens.admin);
        expect(b.status).toBe(404);
      }
    });
  });
});
