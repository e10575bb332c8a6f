import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

// One authentication hook guards every API route (server/context.ts): derived from the registered routes, so a route
// added tomorrow is checked here without anyone listing it.

/** The routes that answer without a session, each for a reason; anything else public is a finding. */
const PUBLIC_ROUTES = [
  'GET /api/alert-links/:token', // a notification mail's single-use acknowledge link: the page (changes nothing)
  'POST /api/alert-links/:token', // …and its button, acting as the person it was mailed to
  'GET /api/invitations/:token', // an invitation mail's accept link: the page (changes nothing)
  'POST /api/invitations/:token', // …and its button, accepting as the person it was mailed to
  'GET /api/displays/current', // a wall display's key (X-Display-Key), not a session
  'GET /api/displays/current/sites/:id', // …and each site of its playlist
  'POST /api/displays/current/sites/:id/readings', // …and that site's readings
  'GET /api/dev/outbox', // the development outbox: only with the outbox transport, never with SMTP
  'GET /api/external-login/providers', // the sign-in page's buttons
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/white-label', // branding before sign-in
  'GET /dev/mail',
  'GET /api/export-jobs/:id/file', // the mailed link's token, not a session
  'GET /api/shared/:token', // a shared dashboard link's token, not a session
  'POST /api/shared/:token/readings', // …and its readings, of that site only
  'POST /api/external-login/:provider/start',
  'POST /api/external-login/callback',
  'POST /api/forgot-password',
  'POST /api/forgot-password/verify-token',
  'POST /api/ingest', // a hub's API key, not a session
  'POST /api/login',
  'POST /api/refresh-token',
  'POST /api/resend-opt',
  'POST /api/reset-password',
  'POST /api/signup',
  'POST /api/verify-email',
  'POST /api/verify-opt',
].sort();

describe('authentication of every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the public routes are exactly the reviewed list', () => {
    expect([...t.publicRoutes].sort()).toEqual(PUBLIC_ROUTES);
  });

  it('every other API route answers 401 without a token, and with a forged one, before reading its input', async () => {
    const guarded = t.routes.filter((r) => r.split(' ')[1]!.startsWith('/api/') && !t.publicRoutes.includes(r));
    expect(guarded.length).toBeGreaterThan(20);
    for (const route of guarded) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:\w+/g, 'x');
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { anything: 1 };
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const r = await t.app.inject({ method: method as 'GET', url, payload, headers: authorization ? { authorization } : {} });
        expect(r.statusCode, `${route} ${authorization ?? 'no token'}`).toBe(401);
        expect(r.json().data, route).toBeUndefined();
      }
    }
  });
});
