import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, DEMO, type TestApp } from './helpers';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '../../server/security-headers';
import viteConfig from '../../vite.config';

/** Every answer carries the security headers; API answers are never stored by caches. */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const directives = () => new Map(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

  it('the policy allows no inline or foreign script, no framing, no plugins', () => {
    const csp = directives();
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).toEqual(["'self'", 'https://maps.googleapis.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // The demo hosts of docs/product.md, Template demos.
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://api.github.com', 'https://www.googleapis.com']));
    expect(csp.get('img-src')).toContain('https:');
  });

  it('API answers, public and signed in, errors included, carry them and no-store', async () => {
    const s = await signIn(t.app, DEMO.user, DEMO.password);
    for (const r of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/sites', headers: { authorization: `Bearer ${s.accessToken}` } }),
      await t.app.inject({ method: 'GET', url: '/api/sites' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]) {
      expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['cache-control']).toBe('no-store');
      // Plain HTTP here: HSTS only over TLS.
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("keeps a mailed link page's own no-referrer (finding 9a)", async () => {
    // An unknown acknowledge token answers the link page itself, which sends no referrer: its URL is the token.
    const r = await t.app.inject({ method: 'GET', url: '/api/alert-links/not-a-real-token-at-all-xxxxx' });
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it("lets a route's stricter referrer policy stand, and replaces a looser one", async () => {
    const f = Fastify();
    securityHeaders(f);
    for (const policy of ['no-referrer', 'same-origin', 'strict-origin', 'unsafe-url', 'origin', 'no-referrer-when-downgrade', 'no-referrer, unsafe-url']) {
      f.get(`/${encodeURIComponent(policy)}`, async (_req, reply) => reply.header('Referrer-Policy', policy).send('x'));
    }
    f.get('/none', async () => 'x');
    const policyOf = async (url: string) => (await f.inject({ method: 'GET', url })).headers['referrer-policy'];
    for (const strict of ['no-referrer', 'same-origin', 'strict-origin']) expect(await policyOf(`/${strict}`)).toBe(strict);
    for (const loose of ['unsafe-url', 'origin', 'no-referrer-when-downgrade', 'no-referrer, unsafe-url']) {
      expect(await policyOf(`/${encodeURIComponent(loose)}`)).toBe('strict-origin-when-cross-origin');
    }
    expect(await policyOf('/none')).toBe('strict-origin-when-cross-origin');
    await f.close();
  });

  it('the development mail page, which shows one-time codes, is never stored (finding 9c)', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/dev/mail?to=${encodeURIComponent(DEMO.admin)}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('a forwarded protocol is not believed without a trusted proxy', async () => {
    const r = await call(t.app, 'GET', '/api/health');
    expect(r.status).toBe(200);
    const tls = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBeUndefined();
  });
});

/** Behind a proxy the client's own address counts, so one client cannot lock sign-in for all. */
describe('TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  const viaProxy = (client: string, body: unknown, proxy = '10.1.2.3') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: body as object, remoteAddress: proxy, headers: { 'x-forwarded-for': client } });

  it('rate-limits each client behind the trusted proxy on its own', async () => {
    const wrong = (i: number) => ({ email: `nobody-${i}-${Date.now()}@example.test`, password: 'Wrong1234' });
    // 100 sign-ins per address: a noisy client behind the proxy reaches the limit…
    for (let i = 0; i < 100; i++) expect((await viaProxy('203.0.113.7', wrong(i))).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.7', wrong(100))).statusCode).toBe(429);
    // …and another client behind the same proxy still signs in.
    const ok = await viaProxy('198.51.100.9', { email: DEMO.user, password: DEMO.password });
    expect(ok.statusCode).toBe(200);
  });

  it('believes the forwarded protocol of a trusted proxy only, and then sends HSTS', async () => {
    const trusted = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.8' } });
    expect(trusted.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const stranger = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.1', headers: { 'x-forwarded-proto': 'https' } });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses a setting that is neither hops nor addresses, naming it', async () => {
    const { loadConfig, ConfigError } = await import('../../server/config');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

/** Finding 9b: the built client's source maps are for the team, never served. */
describe('the built client', () => {
  let t: TestApp;
  let dist: string;
  const MAP = JSON.stringify({ version: 3, sources: ['src/secret.ts'], sourcesContent: ['const internal = "source";'], mappings: 'AAAA' });
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Sitewatch</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);\n');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), MAP);
    fs.writeFileSync(path.join(dist, 'assets', 'style-abc123.css.map'), MAP);
    t = await buildTestApp({ STATIC_DIR: dist }, { seed: false });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the bundle but answers 404 for every spelling of a source map', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(js.statusCode).toBe(200);
    for (const url of ['/assets/app-abc123.js.map', '/assets/style-abc123.css.map', '/assets/app-abc123.js%2emap', '/assets/app-abc123.js.map?x=1', '/assets/APP-ABC123.JS.MAP']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const r = await t.app.inject({ method, url });
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(r.body).not.toContain('sourcesContent');
      }
    }
  });

  it('the build writes hidden maps: kept for decoding stacks, named by no bundle', () => {
    expect(viteConfig).toMatchObject({ build: { sourcemap: 'hidden' } });
  });
});
