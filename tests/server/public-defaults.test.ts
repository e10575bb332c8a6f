import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalUrl, loadConfig, publicDemoWarning } from '../../server/config';

/**
 * Issue 15 finding 1: a server others can reach refuses to start with the dev outbox or the demo accounts unless it is
 * told it is a demo — and then says so. `npm start` on a fresh machine (no PUBLIC_URL) stays the seeded demo.
 */
describe('public servers and the demo defaults', () => {
  it('a local server starts as the demo: outbox and demo accounts, no warning', () => {
    for (const env of [{}, { PUBLIC_URL: 'http://localhost:8080' }, { PUBLIC_URL: 'http://127.0.0.1:8181' }, { PUBLIC_URL: 'http://[::1]:8080' }, { PUBLIC_URL: 'http://app.localhost' }]) {
      const c = loadConfig(env);
      expect(c.mailMode).toBe('outbox');
      expect(c.SEED).toBe(true);
      expect(publicDemoWarning(c, undefined)).toBeNull();
    }
  });

  it('a public URL or production refuses the outbox and the demo accounts, naming what to set', () => {
    for (const env of [{ PUBLIC_URL: 'https://watch.example.com' }, { NODE_ENV: 'production' }, { PUBLIC_URL: 'http://192.168.1.20:8080' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/DEMO: .*development outbox .*demo accounts.*Set SMTP_URL and SEED=false, or DEMO=true/);
    }
    // Mail through SMTP still leaves the demo accounts: refused.
    expect(() => loadConfig({ PUBLIC_URL: 'https://watch.example.com', SMTP_URL: 'smtp://mail.example.com' })).toThrow(/demo accounts/);
    // Real mail and no demo accounts: a production server.
    const prod = loadConfig({ PUBLIC_URL: 'https://watch.example.com', SMTP_URL: 'smtp://mail.example.com', SEED: 'false', NODE_ENV: 'production' });
    expect(prod.mailMode).toBe('smtp');
    expect(publicDemoWarning(prod, 'production')).toBeNull();
  });

  it('DEMO=true runs a public demo knowingly, and the start says so loudly', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://demo.example.com', DEMO: 'true' });
    const warning = publicDemoWarning(c, undefined);
    expect(warning).toMatch(/^WARNING: PUBLIC DEMO \(DEMO=true\) at https:\/\/demo\.example\.com: every mail .* readable .*; the demo accounts sign in with the published password/);
  });

  it('knows a local address', () => {
    expect(isLocalUrl('http://localhost')).toBe(true);
    expect(isLocalUrl('http://127.8.0.1:1')).toBe(true);
    expect(isLocalUrl('http://10.0.0.1')).toBe(false);
    expect(isLocalUrl('https://localhost.example.com')).toBe(false);
    expect(isLocalUrl('not a url')).toBe(false);
  });
});
