import { fork } from 'node:child_process';
import { nextMessage } from './child-messages';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { app as appPlugin, serverOptions } from '../server/app';
import { sha256 } from '../server/auth/secrets';
import { insertHubApiKey } from '../server/db/hub-api-keys.repository';
import { benchCompany, tempDir } from './readings-world';
import type { ControlMessage, DoneMessage, ReadyMessage } from './stream-clients';

/**
 * The live measure: the real server on a SQLite file, listening on loopback, with CLIENTS open `GET /api/stream`
 * connections held by a separate load-generator process (bench/stream-clients.ts). A hub posts a batch of FEEDS
 * readings to `POST /api/ingest` BATCHES_PER_S times a second for SECONDS; every reading's ts is the moment it was
 * posted, so each frame's arrival minus its ts is its ingest-to-delivery latency (store, commit, publish, fan-out,
 * socket, the client's parse). p99 over every frame of every client, against the same run with one client.
 */

const CLIENTS = 1_000;
const FEEDS = 10;
const BATCHES_PER_S = 10;
const SECONDS = 20;
const GOAL_P99_MS = 500;
/** After the last post, this long for the last frames to land; a frame later than this counts as lost. */
const DRAIN_MS = 3_000;

const clientsScript = fileURLToPath(new URL('./stream-clients.ts', import.meta.url));

interface Run {
  p50: number;
  p99: number;
  max: number;
  /** Frames expected (every reading to every client) and received. */
  expected: number;
  received: number;
  /** Load generator CPU while the readings flowed, s (user + system). */
  cpuS: number;
  /** This process (the server, and the hub's posts) over the same time, s. */
  serverCpuS: number;
  /** The longest the server's event loop and the load generator's were held up, and the slowest ingest post, ms. */
  serverStallMs: number;
  clientStallMs: number;
  slowestPostMs: number;
  disconnected: number;
}

/** The soft limit on open files: each side holds a socket per client, the server its database files besides. */
function openFilesLimit(): number {
  try {
    const line = /^Max open files\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line?.[1] === 'unlimited' ? Infinity : Number(line?.[1] ?? Infinity);
  } catch {
    return Infinity;
  }
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function measure(base: string, token: string, key: string, feeds: string[], clients: number): Promise<Run> {
  const child = fork(clientsScript, [`${base}/api/stream`, token, String(clients)], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' });
  const next = <T extends ReadyMessage | DoneMessage>(type: T['type'], ms: number) => nextMessage<ReadyMessage | DoneMessage, T>(child, 'bench stream: the load generator', type, ms);
  const control = (m: ControlMessage) => child.send(m);
  try {
    const ready = await next<ReadyMessage>('ready', 120_000);
    if (ready.connected < clients) throw new Error(`bench stream: ${ready.connected} of ${clients} streams opened (${ready.failed.join('; ')})`);
    control({ type: 'start' });
    const cpuFrom = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let slowestPost = 0;
    const batches = SECONDS * BATCHES_PER_S;
    const posts: Promise<number>[] = [];
    const t0 = performance.now();
    for (let k = 0; k < batches; k++) {
      // A steady schedule, not back to back: a slow answer must not thin out the load it is measured under.
      const wait = t0 + (k * 1000) / BATCHES_PER_S - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const ts = Date.now();
      const sent = performance.now();
      posts.push(
        fetch(`${base}/api/ingest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify({ readings: feeds.map((feedId, f) => ({ feedId, ts, value: 5 + Math.sin(k / 10 + f) })) }),
        }).then(async (res) => {
          await res.arrayBuffer();
          slowestPost = Math.max(slowestPost, performance.now() - sent);
          return res.status;
        }),
      );
    }
    const statuses = await Promise.all(posts);
    const refused = statuses.filter((s) => s !== 200).length;
    if (refused) throw new Error(`bench stream: ${refused} of ${batches} ingest posts were refused (first ${statuses.find((s) => s !== 200)})`);
    await new Promise((r) => setTimeout(r, DRAIN_MS));
    const done = next<DoneMessage>('done', 60_000);
    control({ type: 'stop' });
    const cpu = process.cpuUsage(cpuFrom);
    loop.disable();
    const r = await done;
    const sorted = r.latencies.sort();
    return {
      p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] ?? NaN,
      expected: batches * feeds.length * clients, received: sorted.length, cpuS: (r.cpuUs.user + r.cpuUs.system) / 1e6, serverCpuS: (cpu.user + cpu.system) / 1e6,
      serverStallMs: loop.max / 1e6, clientStallMs: r.stallMs, slowestPostMs: slowestPost, disconnected: r.disconnected,
    };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

export async function stream(): Promise<{ line: string; ok: boolean }> {
  const limit = openFilesLimit();
  if (limit < CLIENTS + 200) {
    return { ok: false, line: `bench stream: the open-files limit (${limit}) is below the ${CLIENTS} sockets plus files each process needs; raise it (ulimit -n, up to ulimit -Hn) and run again  ← goal missed` };
  }
  const tmp = tempDir('stream');
  const { deps, ids, now } = await benchCompany(tmp.dir);
  const app = Fastify({ ...serverOptions, logger: false });
  try {
    const db = deps.db;
    const feeds: string[] = [];
    for (let i = 0; i < FEEDS; i++) {
      const node = `bench-node-${i}`;
      await db.insertInto('nodes').values({ id: node, hubId: ids.hub, siteId: ids.site, companyId: ids.company, name: node, serial: node, deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: now }).execute();
      await db.insertInto('feeds').values({ id: `${node}-feed`, nodeId: node, companyId: ids.company, signalTypeId: 'bench-temp', name: `Probe ${i}`, rangeMin: 2, rangeMax: 8 }).execute();
      feeds.push(`${node}-feed`);
    }
    const key = 'bench-hub-key-0123456789abcdef';
    await insertHubApiKey(db, { id: 'bench-key', hubId: ids.hub, keyHash: sha256(key), label: 'bench', createdAt: now });

    await app.register(appPlugin, deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'bench@example.test', password: 'Bench1234' } });
    const token = login.json<{ data?: { accessToken?: string } }>().data?.accessToken;
    if (!token) throw new Error(`bench stream: sign-in failed: ${login.body}`);

    const one = await measure(base, token, key, feeds, 1);
    const many = await measure(base, token, key, feeds, CLIENTS);
    const lost = many.expected - many.received + (one.expected - one.received);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    return {
      ok: many.p99 <= GOAL_P99_MS && lost === 0 && many.disconnected === 0,
      line:
        `bench stream: p99 ${ms(many.p99)} with ${CLIENTS.toLocaleString('en')} clients vs baseline p99 ${ms(one.p99)} with 1 client ` +
        `(ratio ${(many.p99 / Math.max(one.p99, 1)).toFixed(2)}, goal p99 ≤ ${GOAL_P99_MS} ms; load generator CPU ${many.cpuS.toFixed(1)} s user+sys over ${SECONDS} s (server ${many.serverCpuS.toFixed(1)} s), ` +
        `p50 ${ms(many.p50)} vs ${ms(one.p50)}, max ${ms(many.max)}; longest stall of the server's loop ${ms(many.serverStallMs)}, the load generator's ${ms(many.clientStallMs)}, slowest ingest ${ms(many.slowestPostMs)}; ${FEEDS} readings × ${BATCHES_PER_S} posts/s → ${(many.received).toLocaleString('en')} of ${many.expected.toLocaleString('en')} frames` +
        `${lost ? `, ${lost.toLocaleString('en')} lost` : ''}${many.disconnected ? `, ${many.disconnected} streams cut` : ''})`,
    };
  } finally {
    await app.close();
    await deps.close();
    tmp.remove();
  }
}
