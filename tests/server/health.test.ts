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
