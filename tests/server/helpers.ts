import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { createDeps } from '../../server/bootstrap';
import { app as appPlugin } from '../../server/app';
import { seedIfEmpty } from '../../server/seed/seed';
import type { AppDeps } from '../../server/context';

export const TEST_LOG_N = 10;

/** A fresh PostgreSQL database per suite when DATABASE_URL is set, so suites never share state. */
async function freshPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sw_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function buildTestApp(env: Record<string, string> = {}, opts: { seed?: boolean; now?: () => number } = {}): Promise<TestApp> {
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null;
  const config = loadConfig({
    SCRYPT_LOG_N: String(TEST_LOG_N),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: path.join(os.tmpdir(), 'sitewatch-test'),
    STATIC_DIR: path.join(os.tmpdir(), 'sitewatch-no-client'),
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const deps = await createDeps(config, { sqliteFile: ':memory:', log: () => {} });
  if (opts.now) {
    // Tests that move the clock get a service bound to their clock.
    const { AuthService } = await import('../../server/auth/auth.service');
    const { TokenService } = await import('../../server/auth/tokens');
    deps.auth = new AuthService({
      db: deps.db, config, mailer: deps.mailer, tokens: new TokenService(config.JWT_SECRET!, config.ACCESS_TOKEN_TTL),
      secret: config.JWT_SECRET!, log: () => {}, now: opts.now,
    });
  }
  if (opts.seed !== false) await seedIfEmpty(deps.db, TEST_LOG_N);
  const app = Fastify({ logger: false });
  await app.register(appPlugin, deps);
  await app.ready();
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await deps.close();
      await pgDb?.drop();
    },
  };
}

export const DEMO = {
  admin: 'admin@sitewatch.test',
  manager: 'manager@sitewatch.test',
  user: 'user@sitewatch.test',
  viewer: 'viewer@sitewatch.test',
  password: 'Demo1234',
};

let ipCounter = 1;
/** A distinct client address per call site, so per-address limits of one test never touch another. */
export const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

export async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string, ip?: string) {
  const opts: InjectOptions = { method, url, remoteAddress: ip ?? '127.0.0.1' };
  if (body !== undefined) opts.payload = body as InjectOptions['payload'];
  if (token) opts.headers = { authorization: `Bearer ${token}` };
  const res = await app.inject(opts);
  let json: unknown = undefined;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: json as { data?: any; message?: string; code?: string }, headers: res.headers };
}

/** Signs in an account without MFA and returns its session. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO.password) {
  const r = await call(app, 'POST', '/api/login', { email, password }, undefined, freshIp());
  if (r.status !== 200 || r.body.data?.requireMFV) throw new Error(`sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** The newest one-time code mailed to `email`, read from the dev outbox like a person would. */
export async function lastCode(app: FastifyInstance, email: string): Promise<string> {
  const r = await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const m = /\b(\d{6})\b/.exec(r.body.data?.[0]?.text ?? '');
  if (!m) throw new Error(`no code mailed to ${email}`);
  return m[1]!;
}

/** Signs in the admin through MFA. */
export async function signInAdmin(app: FastifyInstance) {
  const ip = freshIp();
  const r = await call(app, 'POST', '/api/login', { email: DEMO.admin, password: DEMO.password }, undefined, ip);
  const code = await lastCode(app, DEMO.admin);
  const v = await call(app, 'POST', '/api/verify-opt', { mfaToken: r.body.data.mfaToken, code }, undefined, ip);
  if (v.status !== 200) throw new Error(`admin verify failed: ${JSON.stringify(v.body)}`);
  return v.body.data;
}
