import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helpers';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the dialect in use', async () => {
    const r = await call(t.app, 'GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body.data.dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const r = await call(t.app, 'GET', '/api/nope');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 'not_found' });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists every API route the app answers, with request and answer schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    // Every route Fastify knows under /api (but the document itself and health) is documented.
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const line of ['POST /api/login', 'POST /api/verify-opt', 'POST /api/exit-shadow', 'GET /api/me', 'GET /api/white-label', 'GET /api/dev/outbox']) {
      expect(documented).toContain(line);
    }
    expect(routes).toContain('openapi.json');
    expect(doc.paths['/api/login']!.post!.requestBody).toBeDefined();
  });
});
