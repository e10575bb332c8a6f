import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild, stopChild, type ChildServer } from '../../bench/load-server';

/**
 * docs/product.md, Demo world: a default `npm start` (dev outbox, demo accounts) listened on every interface, so anyone on the
 * network read the demo admin's one-time code at /dev/mail. The real server, started as `npm start` starts it.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-listen-'));

/** The demo as `npm start` gives it: every setting that would change the answer is cleared (empty means unset). */
const demoEnv = (extra: Record<string, string> = {}) => ({
  HOST: '', SMTP_URL: '', SEED: '', DEMO: '', PUBLIC_URL: '', NODE_ENV: '',
  PORT: '0', DATA_DIR: path.join(work, 'data'), STATIC_DIR: path.join(work, 'no-client'),
  SCRYPT_LOG_N: '10', SEED_DAYS: '1', SIMULATE: 'false', LOG_LEVEL: 'warn',
  ...extra,
});

/** An address of this machine that others on its network use, when it has one. */
const outward = Object.values(os.networkInterfaces()).flat().find((a) => a && !a.internal && a.family === 'IPv4')?.address;

describe('the listen address of a default start', () => {
  let server: ChildServer | null = null;

  afterAll(async () => {
    await stopChild(server);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('refuses HOST=0.0.0.0 with the demo, naming what to set', async () => {
    const started = await startChild(demoEnv({ HOST: '0.0.0.0' }), { timeoutMs: 120_000 }).then((s) => s, (e: unknown) => e as Error);
    // On a build that starts anyway, the child must not outlive the test.
    if (!(started instanceof Error)) await stopChild(started);
    expect(started).toBeInstanceOf(Error);
    expect((started as Error).message).toMatch(/exited \(1\)[\s\S]*DEMO: HOST 0\.0\.0\.0 listens beyond this machine.*Set SMTP_URL and SEED=false, or DEMO=true/);
  }, 130_000);

  it('without HOST listens on 127.0.0.1 only, and says how to reach it from elsewhere', async () => {
    server = await startChild(demoEnv(), { timeoutMs: 120_000 });
    expect(server.output()).toMatch(/Listening on 127\.0\.0\.1 \(this machine only; .*HOST=0\.0\.0\.0 DEMO=1\)/);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    if (outward) {
      const port = new URL(server.base).port;
      await expect(fetch(`http://${outward}:${port}/dev/mail`)).rejects.toThrow();
    }
  }, 130_000);
});
