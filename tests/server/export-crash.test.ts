import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type Db } from '../../server/db/database';
import { DEMO, TEST_JWT_SECRET } from './helpers';
import { startChild, stopChild, throwawayPostgres, type ChildServer, type ThrowawayDb } from '../../bench/load-server';

/**
 * Crash safety of exports: the real server in a child process is killed with SIGKILL in the middle of an export job and
 * started again on the same data. The job must end Sent, nothing stays Pending, and its link is mailed exactly once.
 * On PostgreSQL (DATABASE_URL set) the child gets a database of its own.
 */
/** Readings the job exports: enough that it runs for seconds, so the kill lands in the middle of it. */
const ROWS = 1_000_000;
/** The restarted server takes the dead worker's job up once this lease (seconds) runs out. */
const LEASE_S = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Generous: on two cores shared with the rest of the suite a cold tsx start can take most of a minute. */
const START_TIMEOUT_MS = 90_000;

async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as T };
}

interface JobView {
  id: string;
  status: 'Pending' | 'Sent' | 'Error';
  progress: number;
  rowCount: number | null;
  error: string | null;
}

describe('an export job survives kill -9 of its server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-crash-'));
  const adminUrl = process.env.DATABASE_URL;
  let pgDb: ThrowawayDb | undefined;
  let databaseUrl: string | undefined;
  let db: Db;
  let server: ChildServer | null = null;

  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DAYS: '1',
    SIMULATE: 'false',
    SCRYPT_LOG_N: '10',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(dataDir, 'no-client'),
    EXPORT_LEASE_S: String(LEASE_S),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  beforeAll(async () => {
    if (adminUrl) {
      pgDb = await throwawayPostgres(adminUrl, 'sw_crash');
      databaseUrl = pgDb.url;
    }
  });

  afterAll(async () => {
    await stopChild(server);
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  });

  it('finishes the job after a restart, leaves nothing Pending and mails the link once', { timeout: 180_000 }, async () => {
    // First start: migrates and seeds a day of the demo world.
    server = await startChild(env(), { timeoutMs: START_TIMEOUT_MS });
    db = createDb({ databaseUrl, sqliteFile: path.join(dataDir, 'sitewatch.db') }).db;
    const login = await api<{ data: { accessToken: string; companyId: string } }>(server.base, 'POST', '/api/login', undefined, { email: DEMO.manager, password: DEMO.password });
    expect(login.status).toBe(200);
    const { accessToken: token, companyId } = login.body.data;

    // One fridge feed of the manager's company gets a reading every half second for a week: a million-row raw export.
    const feed = await db
      .selectFrom('feeds as f')
      .innerJoin('nodes as n', 'n.id', 'f.nodeId')
      .innerJoin('sites as s', 's.id', 'n.siteId')
      .select(['f.id as feedId', 's.id as siteId'])
      .where('s.companyId', '=', companyId)
      .orderBy('f.id')
      .executeTakeFirstOrThrow();
    const to = Date.now();
    const from = to - 7 * 86_400_000;
    const step = Math.floor((to - from) / ROWS);
    if (databaseUrl) {
      await sql`INSERT INTO readings (feed_id, ts, value)
        SELECT ${feed.feedId}, ${from + 7}::bigint + i * ${step}::bigint, 4 + (i % 100) / 25.0 FROM generate_series(0, ${ROWS - 1}) AS g(i)
        ON CONFLICT DO NOTHING`.execute(db);
      // What autovacuum would do within a minute: with the statistics of the seed, the planner would sort the feed's
      // whole million rows for every page instead of walking the index.
      await sql`ANALYZE readings`.execute(db);
    } else {
      await sql`WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${ROWS - 1})
        INSERT INTO readings (feed_id, ts, value) SELECT ${feed.feedId}, ${from + 7} + i * ${step}, 4 + (i % 100) / 25.0 FROM k WHERE true
        ON CONFLICT DO NOTHING`.execute(db);
    }

    const query = { feedIds: [feed.feedId], from: new Date(from).toISOString(), to: new Date(to).toISOString(), interval: '1hour', dataViewType: 'RawData' };
    const queued = await api<{ data: { id: string } }>(server.base, 'POST', `/api/site-dashboard/${feed.siteId}/export/readings`, token, query);
    expect(queued.status).toBe(202);
    const jobId = queued.body.data.id;
    const job = async (s: ChildServer) => (await api<{ data: JobView }>(s.base, 'GET', `/api/export-jobs/${jobId}`, token)).body.data;

    // Running: the worker has reported progress (and with it renewed its lease). Kill it there.
    let seen: JobView;
    for (;;) {
      seen = await job(server);
      if (seen.status !== 'Pending' || seen.progress > 0) break;
      await sleep(25);
    }
    await stopChild(server, 'SIGKILL');
    expect(seen.status, 'the job ended before the kill: make ROWS larger').toBe('Pending');
    const dead = await db.selectFrom('exportJobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(dead).toMatchObject({ status: 'Pending', attempts: 1 });
    expect(Number(dead.progress)).toBeLessThan(1);
    expect(Number(dead.leaseUntil)).toBeGreaterThan(0);

    // Second start on the same data: the worker takes the job up once the dead one's lease runs out.
    server = await startChild(env(), { timeoutMs: START_TIMEOUT_MS });
    const deadline = Date.now() + 40_000;
    let done: JobView;
    for (;;) {
      done = await job(server);
      if (done.status !== 'Pending' || Date.now() > deadline) break;
      await sleep(100);
    }
    expect(done, server.output()).toMatchObject({ status: 'Sent', progress: 1, error: null });
    expect(done.rowCount).toBeGreaterThanOrEqual(ROWS);

    const row = await db.selectFrom('exportJobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    const pending = await db.selectFrom('exportJobs').select('id').where('status', '=', 'Pending').execute();
    expect(pending).toEqual([]);
    const file = path.join(dataDir, 'exports', row.fileName!);
    expect(fs.statSync(file).size).toBeGreaterThan(ROWS * 40);
    expect(fs.existsSync(`${file}.part`)).toBe(false);

    // The mail follows the Sent mark, once; give a late duplicate time to show up before counting.
    await sleep(1_500);
    const outbox = await api<{ data: { text: string }[] }>(server.base, 'GET', `/api/dev/outbox?to=${encodeURIComponent(DEMO.manager)}`);
    expect(outbox.body.data.filter((m) => m.text.includes(`/api/export-jobs/${jobId}/file?token=`))).toHaveLength(1);
    await stopChild(server);
  });
});
