import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { bodySchemaOf, isWrite, routesOf, type Route } from './fuzz/routes';
import { runShard, type Problem, type RouteStats, type ShardJob } from './fuzz/run';

// Every write route the app registered gets at least 10,000 bodies generated from its contract schema
// (tests/server/fuzz/bodies.ts), sent by a caller that may use it with its own company's ids in the path. No answer
// may be a 5xx or show a stack trace or a server path, and every 400 names a field (docs/decisions.md, "Fuzzing and
// the route matrix"). On PostgreSQL (CI's second run of the server suite) 1,000 per route look for what only that
// database does: races between concurrent writes, its lower(), its types.
// FUZZ_SEED repeats a run (the seed is printed), FUZZ_COUNT sets the bodies per route, FUZZ_ROUTES (a regular
// expression) narrows the routes, FUZZ_FAMILIES the kinds of body (bodies.ts), FUZZ_THREADS the threads the routes
// are shared among (one per core, at most 2), FUZZ_VERBOSE prints each route's answers, FUZZ_LOG the server's errors.

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20260315;
const COUNT = process.env.FUZZ_COUNT ? Number(process.env.FUZZ_COUNT) : process.env.DATABASE_URL ? 1_000 : 10_000;
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;
const THREADS = Number(process.env.FUZZ_THREADS ?? Math.min(2, os.availableParallelism()));
const CONCURRENCY = 16;

/** A shard in a worker thread of its own (TypeScript through tsx, as the server runs); routes are reported as they end. */
function inThread(job: ShardJob, onRoute: (s: RouteStats) => void): Promise<{ stats: RouteStats[]; problems: Problem[] }> {
  const file = new URL('./fuzz/worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`, { eval: true, workerData: job });
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { type: string; stats?: RouteStats; message?: string } & Partial<{ stats: RouteStats[]; problems: Problem[] }>) => {
      if (m.type === 'route') onRoute(m.stats as RouteStats);
      else if (m.type === 'done') resolve({ stats: m.stats as RouteStats[], problems: m.problems! });
      else reject(new Error(m.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => code !== 0 && reject(new Error(`fuzz thread exited with ${code}`)));
  });
}

describe('fuzz', () => {
  let t: TestApp;
  let writes: Route[];

  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
    writes = routesOf(t.routes, t.publicRoutes).filter(isWrite);
  });
  afterAll(() => t?.close());

  it('knows the body schema of every write route the app registered (or that it reads none)', () => {
    const unknown = writes.filter((r) => bodySchemaOf(r) === undefined).map((r) => r.key);
    expect(unknown, 'give each a body in the API document (server/openapi.ts) or list it in NO_BODY with the reason').toEqual([]);
    expect(writes.filter((r) => bodySchemaOf(r)).length).toBeGreaterThanOrEqual(50);
  });

  it(`sends ${COUNT.toLocaleString('en')} bodies to each write route: no 5xx, no stack trace, every 400 names a field`, { timeout: 1_500_000 }, async () => {
    const routes = writes.filter((r) => bodySchemaOf(r) && (!ONLY || ONLY.test(r.key))).map((r) => r.key);
    const started = performance.now();
    // The process's CPU time, every thread's.
    const cpu0 = process.cpuUsage();
    const progress = (s: RouteStats) => {
      if (process.env.FUZZ_VERBOSE) process.stderr.write(`${s.route}: ${(s.ms / 1000).toFixed(1)} s ${JSON.stringify(s.statuses)}\n`);
    };
    const shards = Array.from({ length: Math.max(1, THREADS) }, (_, i) => routes.filter((_r, j) => j % Math.max(1, THREADS) === i));
    const results = await Promise.all(
      shards.map((shard) => {
        const job: ShardJob = { routes: shard, seed: SEED, count: COUNT, concurrency: CONCURRENCY };
        return THREADS > 1 ? inThread(job, progress) : runShard(job, progress);
      }),
    );
    const stats = results.flatMap((r) => r.stats);
    const problems = results.flatMap((r) => r.problems);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu0);
    const cpu = (used.user + used.system) / 1e6;
    const total = stats.reduce((n, s) => n + s.bodies, 0);
    const accepted = stats.reduce((n, s) => n + Object.entries(s.statuses).filter(([st]) => Number(st) < 300).reduce((m, [, c]) => m + c, 0), 0);
    const by = (k: Problem['kind']) => problems.filter((p) => p.kind === k).length;
    console.log(
      `fuzz: ${routes.length} routes × ${COUNT.toLocaleString('en')} bodies (${total.toLocaleString('en')} in all, ${accepted.toLocaleString('en')} accepted), ` +
        `${by('5xx')} 5xx, ${by('leak')} stack traces or server paths, ${by('no-field')} 400s without a field; seed ${SEED} (FUZZ_SEED), ` +
        `${seconds.toFixed(1)} s on ${shards.length} thread(s), ${cpu.toFixed(1)} s CPU`,
    );
    // Two examples of each kind of problem per route and family, with what reproduces them.
    const seen = new Map<string, number>();
    const report = problems
      .filter((p) => {
        const k = `${p.route} ${p.kind} ${p.family}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
        return seen.get(k)! <= 2;
      })
      .map((p) => `${p.kind} ${p.status} ${p.route} body #${p.index} (${p.family}: ${p.note.slice(0, 120)}) ${p.payload.slice(0, 120)} → ${p.answer.slice(0, 200)}`);
    expect(report).toEqual([]);
    expect(stats.map((s) => s.route).sort()).toEqual([...routes].sort());
    for (const s of stats) expect(s.bodies, s.route).toBeGreaterThanOrEqual(COUNT);
  });
});
