import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, request } from '../../src/api/client';
import { bindApi, TokenUnavailableError, type ReportedFailure } from '../../src/api/bindings';

// The api client against a real HTTP server on loopback: every way a call can fail gets its own code, and only a
// call that got no answer at all is a network error (docs/product.md, Errors).

const answers: Record<string, (res: http.ServerResponse) => void> = {
  '/ok': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { n: 1 } })),
  '/portal': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to the Wi-Fi</body></html>'),
  '/shape': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { n: 'one' } })),
  '/bad-gateway': (res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>'),
  '/refused': (res) => res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No right', code: 'forbidden' })),
  '/slow': (res) => {
    setTimeout(() => res.writeHead(200).end('{}'), 2000);
  },
  // The connection drops before any answer: what a dead network looks like to fetch.
  '/hang-up': (res) => {
    res.socket?.destroy();
  },
};

let server: http.Server;
let base = '';
const failures: ReportedFailure[] = [];
let successes = 0;
const n = z.object({ n: z.number() });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = answers[req.url ?? ''];
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  vi.stubEnv('VITE_API_BASE_URL', base);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  failures.length = 0;
  successes = 0;
  bindApi({ getAccessToken: async () => 'token', onSuccess: () => void successes++, onFailure: (e) => void failures.push(e) });
});

const failureOf = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
};

describe('api client failures', () => {
  it('answers data and reports a success', async () => {
    expect(await request(n, 'GET', '/ok')).toEqual({ n: 1 });
    expect(successes).toBe(1);
  });

  it('a public call\'s success also reports (docs/product.md, Errors: any successful response resets the 401 counter)', async () => {
    await request(n, 'GET', '/ok', { isPublic: true });
    expect(successes).toBe(1);
  });

  it('an HTML page with 200 (a proxy, a captive portal) is invalid_response with its status, not a network error', async () => {
    const e = await failureOf(request(n, 'GET', '/portal'));
    expect([e.status, e.code, e.isNetwork]).toEqual([200, 'invalid_response', false]);
    expect(failures).toEqual([expect.objectContaining({ status: 200, code: 'invalid_response' })]);
  });

  it('an answer that fails the contract is invalid_response', async () => {
    const e = await failureOf(request(n, 'GET', '/shape'));
    expect([e.status, e.code, e.isNetwork]).toEqual([200, 'invalid_response', false]);
  });

  it('an error status without the contract\'s body is http_error with that status', async () => {
    const e = await failureOf(request(n, 'GET', '/bad-gateway'));
    expect([e.status, e.code, e.isNetwork]).toEqual([502, 'http_error', false]);
  });

  it('the server\'s error body gives status, code and message', async () => {
    const e = await failureOf(request(n, 'GET', '/refused'));
    expect([e.status, e.code, e.message]).toEqual([403, 'forbidden', 'No right']);
  });

  it('a timeout is code timeout, not a network error', async () => {
    const e = await failureOf(request(n, 'GET', '/slow', { timeout: 100 }));
    expect([e.status, e.code, e.isNetwork]).toEqual([0, 'timeout', false]);
  });

  it('no answer at all is the one network_error', async () => {
    const e = await failureOf(request(n, 'GET', '/hang-up'));
    expect([e.status, e.code, e.isNetwork]).toEqual([0, 'network_error', true]);
    expect(failures).toEqual([expect.objectContaining({ status: 0, code: 'network_error' })]);
  });

  it('a call whose token could not be had fails with the refresh\'s status and code, never as a network error', async () => {
    bindApi({ getAccessToken: async () => Promise.reject(new TokenUnavailableError({ status: 401, code: 'invalid_refresh_token', message: 'Session expired' })) });
    const e = await failureOf(request(n, 'GET', '/ok'));
    expect([e.status, e.code, e.message, e.isNetwork]).toEqual([401, 'invalid_refresh_token', 'Session expired', false]);
    expect(failures).toEqual([expect.objectContaining({ status: 401, code: 'invalid_refresh_token' })]);
  });
});
