import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { expect } from 'vitest';
import pg from 'pg';
import { loadConfig, trustProxyOf } from '../../server/config';
import { logSerializers } from '../../server/log-redact';
import { createDeps } from '../../server/bootstrap';
import { app as appPlugin, serverOptions } from '../../server/app';
import { SERVER_ERROR_CODES } from '../../src/api/contract/errors';
import { seedIfEmpty } from '../../server/seed/seed';
import type { AppDeps } from '../../server/context';

export const TEST_LOG_N = 10;
/** The JWT secret of every test app, so tests can forge tokens with it (or with another key). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

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
  /** Every route the app registered, as "METHOD /path/:param" (HEAD routes Fastify adds are left out). */
  routes: string[];
  /** The routes marked PUBLIC: they answer without a session. */
  publicRoutes: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  /** The clock of the auth service (expiries, rate-limit windows); Date.now when absent. */
  now?: () => number;
  /** Receives every server log line (the service log and Fastify's own log at trace level). */
  log?: (line: string) => void;
}

export async function buildTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const pgDb = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null;
  const config = loadConfig({
    SCRYPT_LOG_N: String(TEST_LOG_N),
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: path.join(os.tmpdir(), 'sitewatch-test'),
    STATIC_DIR: path.join(os.tmpdir(), 'sitewatch-no-client'),
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const log = opts.log ?? (() => {});
  const deps = await createDeps(config, { sqliteFile: ':memory:', log });
  if (opts.now) {
    // Tests that move the clock get a service bound to their clock.
    const { AuthService } = await import('../../server/auth/auth.service');
    const { TokenService } = await import('../../server/auth/tokens');
    deps.auth = new AuthService({
      db: deps.db, config, mailer: deps.mailer, tokens: new TokenService(config.JWT_SECRET!, config.ACCESS_TOKEN_TTL),
      secret: config.JWT_SECRET!, log, now: opts.now,
    });
  }
  if (opts.seed !== false) await seedIfEmpty(deps.db, TEST_LOG_N);
  const app = Fastify({ ...serverOptions, trustProxy: trustProxyOf(config), logger: opts.log ? { level: 'trace', serializers: logSerializers, stream: { write: (line: string) => log(line) } } : false });
  const routes: string[] = [];
  const publicRoutes: string[] = [];
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) {
      if (m === 'HEAD') continue;
      routes.push(`${m} ${r.url}`);
      if (r.config?.public) publicRoutes.push(`${m} ${r.url}`);
    }
  });
  await app.register(appPlugin, deps);
  await app.ready();
  depsOfApp.set(app, deps);
  return {
    app,
    deps,
    routes,
    publicRoutes,
    close: async () => {
      await app.close();
      await deps.close();
      await pgDb?.drop();
    },
  };
}

/** Each test app's dependencies, for helpers that are handed only the app. */
const depsOfApp = new WeakMap<FastifyInstance, AppDeps>();

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
  // Every error answer carries one of the contract's codes, which the client has words for in every language.
  const code = (json as { code?: unknown } | undefined)?.code;
  if (res.statusCode >= 400 && typeof code === 'string' && !(SERVER_ERROR_CODES as readonly string[]).includes(code)) {
    throw new Error(`${method} ${url} answered ${res.statusCode} with code "${code}", which is not in src/api/contract/errors.ts`);
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

/** A clock tests can move; pass `clock.now` to buildTestApp. */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export const MINUTE = 60_000;

let userCounter = 0;
/** A new account (no memberships, MFA off) made through signup, so a test may change its password freely. */
export async function newUser(app: FastifyInstance, opts: { mfa?: boolean; deps?: AppDeps } = {}) {
  const email = `u${++userCounter}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const password = 'Start1234';
  const r = await call(app, 'POST', '/api/signup', { name: `Test User ${userCounter}`, email, password, confirmPassword: password, acceptTerms: true }, undefined, freshIp());
  if (r.status !== 201) throw new Error(`signup failed: ${r.status} ${JSON.stringify(r.body)}`);
  await confirmEmail(app, email);
  // The confirmation mail has done its job; tests of other mail count from an empty mailbox.
  await depsOfApp.get(app)?.db.deleteFrom('mailOutbox').where('toAddr', '=', email).execute();
  if (opts.mfa) {
    if (!opts.deps) throw new Error('newUser({ mfa }) needs deps');
    await opts.deps.db.updateTable('users').set({ mfaEnabled: 1 }).where('email', '=', email).execute();
  }
  return { email, password };
}

/** The mails sent to `email`, newest first, as the dev outbox answers them. */
export async function mailsTo(app: FastifyInstance, email: string): Promise<{ to: string; subject: string; text: string; html: string; at: string }[]> {
  const r = await call(app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return r.body.data as never;
}

/** Waits until `email` has received `count` mails (reset mail is sent after the answer). */
export async function waitForMails(app: FastifyInstance, email: string, count: number) {
  for (let i = 0; i < 200; i++) {
    const mails = await mailsTo(app, email);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`expected ${count} mail(s) to ${email}`);
}

/** The token in the newest of `count` mails to `email` whose text has a link matching `link` (other mails ignored). */
async function linkTokenFor(app: FastifyInstance, email: string, link: RegExp, count: number, what: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const found = (await mailsTo(app, email)).map((m) => link.exec(m.text)).filter((m) => m !== null);
    if (found.length >= count) return decodeURIComponent(found[0]![1]!);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`expected ${count} ${what} mail(s) to ${email}`);
}

/** The token of the newest sign-up confirmation link mailed to `email`, once `count` of them have arrived. */
export const verificationTokenFor = (app: FastifyInstance, email: string, count = 1) =>
  linkTokenFor(app, email, /verify-email\?token=([^\s"&<]+)/, count, 'confirmation');

/** Follows the sign-up's confirmation link, as its owner does from the mail. */
export async function confirmEmail(app: FastifyInstance, email: string, count = 1): Promise<void> {
  const token = await verificationTokenFor(app, email, count);
  const r = await call(app, 'POST', '/api/verify-email', { token });
  if (r.status !== 200) throw new Error(`verify-email failed: ${r.status} ${JSON.stringify(r.body)}`);
}

/** The reset token from the newest reset mail to `email`, once `count` reset mails have arrived. */
export const resetTokenFor = (app: FastifyInstance, email: string, count = 1) =>
  linkTokenFor(app, email, /resetpassword\?token=([^\s"&<]+)/, count, 'reset');

/** The accept token from the newest invitation mail with an accept link to `email`, once `count` such mails arrived. */
export const acceptTokenFor = (app: FastifyInstance, email: string, count = 1) =>
  linkTokenFor(app, email, /\/api\/invitations\/([A-Za-z0-9_-]+)/, count, 'invitation');

/** Accepts the newest invitation to `email` as its person does: the mail's link, then its button. */
export async function acceptInvitationOf(app: FastifyInstance, email: string, count = 1): Promise<void> {
  const token = await acceptTokenFor(app, email, count);
  const r = await app.inject({ method: 'POST', url: `/api/invitations/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  if (r.statusCode !== 200) throw new Error(`accepting the invitation of ${email}: ${r.statusCode}`);
}

/** Ids of the seeded world, looked up by name and email. */
export async function demoIds(deps: AppDeps) {
  const users = await deps.db.selectFrom('users').select(['id', 'email']).execute();
  const companies = await deps.db.selectFrom('companies').select(['id', 'name']).execute();
  const user = (email: string) => users.find((u) => u.email === email)!.id;
  const company = (name: string) => companies.find((c) => c.name === name)!.id;
  return {
    admin: user(DEMO.admin),
    manager: user(DEMO.manager),
    user: user(DEMO.user),
    viewer: user(DEMO.viewer),
    northwind: company('Northwind Care Homes'),
    harbour: company('Harbour Pharmacy Group'),
    mackwell: company('Mackwell Lighting Services'),
  };
}

/** A session with every field docs/product.md, Sessions names (other fields are the contract's own business). */
export function expectSession(data: unknown, want: { role?: string; companyId?: string | null; isShadow?: boolean; email?: string } = {}) {
  expect(data).toMatchObject({
    accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    refreshToken: expect.any(String),
    tokenType: 'Bearer',
    expiresIn: expect.any(Number),
    role: want.role ?? expect.stringMatching(/^(admin|manager|user|viewer)$/),
    companyId: want.companyId === undefined ? expect.toSatisfy((v: unknown) => v === null || typeof v === 'string') : want.companyId,
    isShadow: want.isShadow ?? false,
    basicInfo: expect.objectContaining({
      id: expect.any(String),
      name: expect.any(String),
      email: want.email ?? expect.any(String),
      locale: expect.stringMatching(/^(en|zh|es|fr|it|ar)$/),
    }),
    requireMFV: false,
  });
  const s = data as { expiresIn: number; refreshToken: string };
  expect(s.expiresIn).toBeGreaterThan(0);
  expect(s.refreshToken.length).toBeGreaterThanOrEqual(32);
}

/** A session's token for another of its companies. */
export async function switchTo(app: FastifyInstance, token: string, companyId: string): Promise<string> {
  return (await call(app, 'POST', '/api/switch-company', { companyId }, token)).body.data.accessToken as string;
}

/**
 * A token per role acting for Northwind (the admin switched in), the manager's for Mackwell, the admin's own, and a
 * company shadow of Harbour (a company none of the demo members belong to): who the management suites act as.
 */
export async function roleTokens(app: FastifyInstance, ids: Awaited<ReturnType<typeof demoIds>>) {
  const manager = (await signIn(app, DEMO.manager)).accessToken as string;
  const admin = (await signInAdmin(app)).accessToken as string;
  return {
    manager: await switchTo(app, manager, ids.northwind),
    managerMackwell: await switchTo(app, manager, ids.mackwell),
    user: (await signIn(app, DEMO.user)).accessToken as string,
    viewer: (await signIn(app, DEMO.viewer)).accessToken as string,
    admin,
    adminNorthwind: await switchTo(app, admin, ids.northwind),
    shadowHarbour: (await call(app, 'POST', '/api/shadow-company', { companyId: ids.harbour }, admin)).body.data.accessToken as string,
  };
}
