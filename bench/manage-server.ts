import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../server/config';
import { createDeps } from '../server/bootstrap';
import { app as appPlugin, serverOptions } from '../server/app';
import { seedIfEmpty } from '../server/seed/seed';
import type { Db } from '../server/db/database';
import { nodeSearchStats, warmNodeSearch } from '../server/resources/node-search';
import { hubId, hubName, MANAGE_HUBS, MANAGE_NODES, MANAGE_NOW, MANAGE_SITES, nodeSpec, siteId, siteName, siteOfHub, TAG } from './browser/manage-data';

/**
 * The server of `npm run bench -- manage`, in a process of its own as in production: the Fastify app on a SQLite file
 * in DATA_DIR, seeded with the demo world and the bench's 50,000 nodes in the manager's company, serving the bench
 * page from STATIC_DIR. Forked by bench/manage.ts, which drives Chromium through Playwright; in one process, the
 * driver's handling of every request's DevTools events (sent as the request goes out) sat in the server's event loop.
 */

export interface ReadyMessage {
  type: 'ready';
  origin: string;
  token: string;
  /** The server's copy of the list: ms to finish building it, and its estimated size. */
  copy: { ms: number; mb: number };
}

export interface StatsMessage {
  type: 'stats';
  /** How long the server held each list call, request in to response out (ms). */
  held: number[];
  served: number;
  fallbacks: number;
}

export type ControlMessage = { type: 'stats' } | { type: 'stop' };

/** The bench's 50,000 nodes (bench/browser/manage-data.ts) in the company, one transaction; exported for profiling scripts. */
export async function seedNodes(db: Db, companyId: string): Promise<void> {
  const now = MANAGE_NOW;
  await db.insertInto('signalTypes').values({ id: 'bench-type', companyId: null, key: 'bench_type', name: 'Bench', unit: '', kind: 'instant' }).execute();
  await db.insertInto('nodeTags').values({ ...TAG, companyId }).execute();
  await db.transaction().execute(async (trx) => {
    const sites = Array.from({ length: MANAGE_SITES }, (_, s) => ({
      id: siteId(s), companyId, parentSiteId: null, name: siteName(s), address: '', coordinates: '', latitude: null, longitude: null,
      timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: now,
    }));
    for (let i = 0; i < sites.length; i += 500) await trx.insertInto('sites').values(sites.slice(i, i + 500)).execute();
    const hubs = Array.from({ length: MANAGE_HUBS }, (_, h) => ({
      id: hubId(h), siteId: siteId(siteOfHub(h)), companyId, serial: `H${h}`, name: hubName(h), firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: now,
    }));
    for (let i = 0; i < hubs.length; i += 500) await trx.insertInto('hubs').values(hubs.slice(i, i + 500)).execute();
    for (let b = 0; b < MANAGE_NODES; b += 1000) {
      const specs = Array.from({ length: Math.min(1000, MANAGE_NODES - b) }, (_, j) => nodeSpec(b + j));
      await trx
        .insertInto('nodes')
        .values(specs.map((n) => ({
          id: n.id, hubId: hubId(n.hub), siteId: siteId(siteOfHub(n.hub)), companyId, name: n.name, serial: n.serial, deviceType: n.deviceType,
          batteryPct: n.batteryPct, signalDbm: n.signalDbm, lastSeenAt: n.lastSeenAt, createdAt: now,
        })))
        .execute();
      const tagged = specs.filter((n) => n.tagged);
      if (tagged.length) await trx.insertInto('nodeTagLinks').values(tagged.map((n) => ({ nodeId: n.id, tagId: TAG.id }))).execute();
      const fed = specs.filter((n) => n.feed);
      if (fed.length)
        await trx.insertInto('feeds').values(fed.map((n) => ({ id: `${n.id}-f`, nodeId: n.id, companyId, signalTypeId: 'bench-type', name: 'Temperature', rangeMin: null, rangeMax: null }))).execute();
    }
  });
  await sql`ANALYZE`.execute(db);
}

async function main(): Promise<void> {
  const [dir, staticDir] = process.argv.slice(2);
  if (!dir || !staticDir || !process.send) throw new Error('usage: fork bench/manage-server.ts DATA_DIR STATIC_DIR');
  const send = (m: ReadyMessage | StatsMessage) => process.send!(m);
  const config = loadConfig({ DATA_DIR: dir, STATIC_DIR: staticDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0', LOG_LEVEL: 'silent', SCRYPT_LOG_N: '10' });
  const deps = await createDeps(config, { sqliteFile: path.join(dir, 'sitewatch.db'), log: () => {} });
  const server = Fastify({ ...serverOptions, logger: false });
  const handling = new Map<string, number>();
  const held: number[] = [];
  await seedIfEmpty(deps.db, 10);
  // How long the server holds each list call, to tell its share of a keystroke from the network's and the page's.
  server.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/nodes?')) handling.set(req.id, performance.now());
  });
  server.addHook('onResponse', async (req) => {
    const t = handling.get(req.id);
    if (t !== undefined) held.push(performance.now() - t);
    handling.delete(req.id);
  });
  await server.register(appPlugin, deps);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const login = await server.inject({ method: 'POST', url: '/api/login', payload: { email: 'manager@sitewatch.test', password: 'Demo1234' } });
  const token = (login.json() as { data?: { accessToken?: string } }).data?.accessToken;
  if (!token) throw new Error(`bench manage: the manager's sign-in failed: ${login.body}`);
  const companyId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cid: string }).cid;
  await seedNodes(deps.db, companyId);
  const check = await server.inject({ method: 'GET', url: '/api/nodes?limit=1', headers: { authorization: `Bearer ${token}` } });
  const total = (check.json() as { total?: number }).total;
  if (total !== MANAGE_NODES) throw new Error(`bench manage: the server lists ${total} nodes, not ${MANAGE_NODES}: ${check.body.slice(0, 200)}`);
  // The call above started the company's copy (server/resources/node-search.ts); a server that has listed the
  // company once since its last write holds it, as this one then does.
  const built = performance.now();
  if (!(await warmNodeSearch(deps.db, companyId))) throw new Error('bench manage: the server could not build its copy of the nodes');
  held.length = 0;
  send({ type: 'ready', origin, token, copy: { ms: performance.now() - built, mb: nodeSearchStats(deps.db).bytes / 1e6 } });
  process.on('message', (m: ControlMessage) => {
    if (m.type === 'stats') {
      const stats = nodeSearchStats(deps.db);
      send({ type: 'stats', held, served: stats.served, fallbacks: stats.fallbacks });
    } else {
      void server.close().then(() => deps.close()).then(() => process.exit(0));
    }
  });
}

// Run when forked; imported (profiling scripts), it only lends seedNodes.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
