import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, DEMO, type TestApp } from './helpers';
import { CONTENT_SECURITY_POLICY } from '../../server/security-headers';

/** Issue 15 finding 2: every answer carries the security headers; API answers are never stored by caches. */
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
    // The demo hosts of DESIGN §6.
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

  it('a forwarded protocol is not believed without a trusted proxy', async () => {
    const r = await call(t.app, 'GET', '/api/health');
    expect(r.status).toBe(200);
    const tls = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBeUndefined();
  });
});

/** Issue 15 finding 3: behind a proxy the client's own address counts, so one client cannot lock sign-in for all. */
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
