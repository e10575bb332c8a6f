import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, call, type TestApp } from './helpers';
import { buildIdSource } from '../../server/build-id';
import { healthAnswer } from '../../src/api/contract/common';

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

  it('answers health with the build it hands out, which changes with a new client build', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-build-'));
    const idOf = buildIdSource(dir, undefined, 0);
    const before = idOf();
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/index-aaaa.js"></script>');
    const first = idOf();
    expect(first).not.toBe(before);
    expect(idOf()).toBe(first);
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/index-bbbb.js"></script>');
    fs.utimesSync(path.join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(idOf()).not.toBe(first);
    expect(buildIdSource(dir, 'release-42')()).toBe('release-42');
    const r = await call(t.app, 'GET', '/api/health');
    expect(healthAnswer.parse(r.body.data).buildId).toBe(r.body.data.buildId);
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
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    // Every route Fastify knows under /api (but the document itself and health) is documented, and nothing else.
    const served = t.routes
      .filter((r) => r.includes(' /api/') && !r.endsWith('/api/health') && !r.endsWith('/api/openapi.json'))
      .map((r) => r.replace(/:(\w+)/g, '{$1}'));
    expect([...documented].sort()).toEqual([...served].sort());
    for (const line of ['PUT /api/me', 'GET /api/users', 'PUT /api/white-label-settings/{id}', 'POST /api/external-login/callback']) {
      expect(documented).toContain(line);
    }
    expect(doc.paths['/api/login']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/me']!.put!.requestBody).toBeDefined();
    expect(doc.paths['/api/white-label-settings/{id}']!.delete!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(doc.paths['/api/external-login/{provider}/start']!.post!.responses).toHaveProperty('404');
  });
});
