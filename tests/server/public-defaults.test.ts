import { describe, expect, it } from 'vitest';
import { ConfigError, isLocalUrl, isLoopbackHost, loadConfig, publicDemoWarning } from '../../server/config';

/**
 * A server others can reach refuses to start with the dev outbox or the demo accounts unless it is
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

/**
 * A server that listens beyond loopback is one others can reach, whatever its PUBLIC_URL: a default `npm start` on
 * 0.0.0.0 let anyone on the network read the demo admin's one-time code at /dev/mail.
 */
describe('the listen address and the demo defaults', () => {
  const SMTP = 'smtp://mail.example.com';

  it('HOST defaults to loopback while the outbox or the demo accounts are on, and to every interface without them', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ SEED: 'false' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ SMTP_URL: SMTP }).HOST).toBe('127.0.0.1');
    // Being a public demo does not open the doors by itself: listening beyond loopback is said with HOST.
    expect(loadConfig({ DEMO: '1' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ SMTP_URL: SMTP, SEED: 'false' }).HOST).toBe('0.0.0.0');
  });

  it('a non-loopback HOST with the outbox or the demo accounts refuses to start, naming HOST, SMTP_URL, SEED and DEMO', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'sitewatch.example.com']) {
      for (const env of [{ HOST }, { HOST, SEED: 'false' }, { HOST, SMTP_URL: SMTP }]) {
        expect(() => loadConfig(env), HOST).toThrow(ConfigError);
        expect(() => loadConfig(env), HOST).toThrow(new RegExp(`DEMO: HOST ${HOST.replace(/\./g, '\\.')} listens beyond this machine.*Set SMTP_URL and SEED=false, or DEMO=true.*leave HOST unset`));
      }
    }
    expect(() => loadConfig({ HOST: '0.0.0.0', SEED: 'false' })).toThrow(/development outbox \(SMTP_URL is unset\)/);
    expect(() => loadConfig({ HOST: '0.0.0.0', SMTP_URL: SMTP })).toThrow(/demo accounts/);
  });

  it('a loopback HOST keeps the demo as it is', () => {
    for (const HOST of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) {
      const c = loadConfig({ HOST });
      expect(c.HOST).toBe(HOST);
      expect(publicDemoWarning(c, undefined)).toBeNull();
    }
  });

  it('HOST=0.0.0.0 DEMO=1 runs a reachable demo knowingly (a container), and the start says so loudly', () => {
    const c = loadConfig({ HOST: '0.0.0.0', DEMO: '1' });
    expect(c.HOST).toBe('0.0.0.0');
    expect(publicDemoWarning(c, undefined)).toMatch(/^WARNING: PUBLIC DEMO \(DEMO=true\) at every address of this machine \(HOST=0\.0\.0\.0\): every mail .* readable .*; the demo accounts/);
  });

  it('real mail and no demo accounts listen anywhere without DEMO', () => {
    const c = loadConfig({ HOST: '0.0.0.0', SMTP_URL: SMTP, SEED: 'false' });
    expect(c.HOST).toBe('0.0.0.0');
    expect(publicDemoWarning(c, undefined)).toBeNull();
  });

  it('knows a loopback host: 127.0.0.0/8, ::1 and localhost', () => {
    // Shorthand spellings ("127.1", "0:0:0:0:0:0:0:1") are the addresses the system binds them to.
    for (const h of ['127.0.0.1', '127.255.0.9', '127.1', '::1', '[::1]', '0:0:0:0:0:0:0:1', 'localhost', 'LOCALHOST', 'app.localhost']) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', 'localhost:80', 'localhost/x', '127.0.0.256', '']) expect(isLoopbackHost(h), h).toBe(false);
  });
});
