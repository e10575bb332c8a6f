import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { createDeps } from '../server/bootstrap';
import { app, serverOptions } from '../server/app';
import { seedIfEmpty } from '../server/seed/seed';

/**
 * The demo world as `npm start` builds it: seed time and database size on a fresh SQLite file (or the PostgreSQL of
 * DATABASE_URL), then the median and p90 latency of every dashboard and site call on it. Not a ratio bench: a
 * measurement for docs/decisions.md ("The demo world"). `npx tsx bench/world.ts [--days N] [--history-days N] [--sites N]`
 * (--days as `npm run seed`: every device N days, all raw).
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
};

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-world-'));
  const config = loadConfig({
    DATA_DIR: dir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', LOG_LEVEL: 'silent', SCRYPT_LOG_N: '12',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const deps = await createDeps(config);
  const days = arg('days');
  const world = {
    ...(days ? { days, fridgeDays: days, historyDays: days } : {}),
    ...(arg('history-days') ? { historyDays: arg('history-days') } : {}),
    ...(arg('sites') ? { sites: arg('sites') } : {}),
  };
  const t0 = performance.now();
  await seedIfEmpty(deps.db, 12, { world, log: (line) => console.log(line) });
  console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s (accounts and world)`);
  if (!config.DATABASE_URL) {
    const file = path.join(dir, 'sitewatch.db');
    const size = ['', '-wal'].reduce((s, x) => s + (fs.existsSync(file + x) ? fs.statSync(file + x).size : 0), 0);
    console.log(`database: ${(size / 1e6).toFixed(0)} MB`);
  }
  const f = Fastify({ ...serverOptions, logger: false });
  await f.register(app, deps);
  await f.ready();
  try {
    await measure(f);
  } finally {
    await f.close();
    await deps.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(f: FastifyInstance): Promise<void> {
  const login = async (email: string) => (await f.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Demo1234' } })).json().data;
  const user = (await login('user@sitewatch.test')).accessToken as string;
  const manager = (await login('manager@sitewatch.test')).accessToken as string;
  const pending = await login('admin@sitewatch.test');
  const mail = (await f.inject({ method: 'GET', url: '/api/dev/outbox?to=admin@sitewatch.test' })).json().data[0];
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  const admin = (await f.inject({ method: 'POST', url: '/api/verify-opt', payload: { mfaToken: pending.mfaToken, code } })).json().data.accessToken as string;
  const get = (url: string, token: string) => f.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const sites = (await get('/api/sites', user)).json().data as { id: string; nodeCount: number }[];
  const site = [...sites].sort((a, b) => b.nodeCount - a.nodeCount)[0]!.id;
  const parent = ((await get('/api/sites', manager)).json().data as { id: string; subSiteCount: number }[]).find((s) => s.subSiteCount > 0)!.id;
  const company = ((await get('/api/companies', admin)).json().data as { id: string; name: string }[]).find((c) => c.name.startsWith('Mackwell'))!.id;
  const calls: [string, string][] = [
    ['/api/dashboard', user], [`/api/dashboard/company/${company}`, admin], [`/api/dashboard/${site}/nodes`, user],
    [`/api/site-dashboard/${site}`, user], [`/api/site-dashboard/sub-sites/${parent}`, manager], [`/api/site-dashboard/${site}/nodes`, user],
    [`/api/site-dashboard/${site}/hubs`, user], [`/api/site-dashboard/check-permission/${site}`, user], ['/api/sites', user],
    [`/api/sites/${site}/tree`, user], ['/api/admin/overview', admin], [`/api/plexus?companyId=${company}`, admin],
  ];
  for (const [url, token] of calls) {
    const times: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let i = 0; i < 31; i++) {
      const t = performance.now();
      const res = await get(url, token);
      if (i > 0) times.push(performance.now() - t);
      bytes = res.body.length;
      status = res.statusCode;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(q * (times.length - 1))]!.toFixed(1);
    console.log(`${url.replace(/[0-9a-f-]{36}/g, '{id}').padEnd(44)} ${status}  median ${at(0.5).padStart(6)} ms  p90 ${at(0.9).padStart(6)} ms  ${(bytes / 1024).toFixed(1)} KB`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
