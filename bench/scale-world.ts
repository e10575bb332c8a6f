import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { createDeps } from '../server/bootstrap';
import { app as appPlugin, serverOptions } from '../server/app';
import { seedIfEmpty } from '../server/seed/seed';
import { planWorld, type WorldCompany, type WorldPlan } from '../server/seed/plan';
import { SIGNAL_TYPES } from '../server/seed/patterns';
import type { Db } from '../server/db/database';
import { localDayStart, nextLocalDayStart } from '../server/monitoring/time';

/**
 * A demo world on its own throwaway PostgreSQL database for `bench scale`: the seed's layout (planWorld) at `sites`
 * sites, and its history in the seed's shape, generated inside the database: raw 15-minute readings with their
 * 15-minute rollups over the last 7 whole local days, hourly and local-day rollups over 90 days, for every feed. The
 * seed's own path (storeReadings) takes ~4 minutes for one demo world on PostgreSQL, so ten (82 M rows) would take most
 * of an hour; the database writes the same rows itself, into UNLOGGED tables (a throwaway database needs no WAL) whose
 * primary keys are built after the rows. Reads are the same as on logged, incrementally indexed tables.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const QUARTER = 900_000;
export const RAW_DAYS = 7;
export const HISTORY_DAYS = 90;

export interface ScaleWorld {
  app: FastifyInstance;
  db: Db;
  plan: WorldPlan;
  /** A member's token (the demo user's, of Northwind Care Homes). */
  token: string;
  /** The company of that member. */
  companyId: string;
  /** Rows written: raw readings and rollups. */
  rows: { readings: number; rollups: number };
  buildMs: number;
  close(): Promise<void>;
}

/** The admin URL answers within a couple of seconds, or the bench is skipped. */
export async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Structure as the seed's writer inserts it, without the history: signal types, tags, sites, hubs, nodes and feeds. */
async function writeStructure(db: Db, plan: WorldPlan): Promise<void> {
  await db
    .insertInto('signalTypes')
    .values(SIGNAL_TYPES.map((s) => ({ id: `st-${s.key}`, key: s.key, name: s.name, unit: s.unit, kind: s.kind })))
    .onConflict((oc) => oc.column('key').where('companyId', 'is', null).doNothing())
    .execute();
  const types = new Map((await db.selectFrom('signalTypes').select(['id', 'key']).where('companyId', 'is', null).execute()).map((t) => [t.key, t.id]));
  const chunked = async <T>(rows: T[], insert: (c: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 1_000) await insert(rows.slice(i, i + 1_000));
  };
  await db.transaction().execute(async (trx) => {
    await chunked(plan.tags, (c) => trx.insertInto('nodeTags').values(c).execute());
    const sites = [...plan.sites].sort((a, b) => Number(a.parentSiteId !== null) - Number(b.parentSiteId !== null));
    await chunked(sites, (c) => trx.insertInto('sites').values(c).execute());
    await chunked(plan.hubs, (c) => trx.insertInto('hubs').values(c.map(({ quietSince: _q, ...h }) => ({ ...h, lastSeenAt: plan.end }))).execute());
    await chunked(plan.nodes, (c) =>
      trx
        .insertInto('nodes')
        .values(c.map((n) => ({
          id: n.id, hubId: n.hubId, siteId: n.siteId, companyId: n.companyId, name: n.name, serial: n.serial,
          deviceType: n.deviceType, batteryPct: n.batteryPct, signalDbm: n.signalDbm, lastSeenAt: plan.end, createdAt: n.createdAt,
        })))
        .execute(),
    );
    await chunked(plan.nodes.flatMap((n) => n.feeds), (c) =>
      trx
        .insertInto('feeds')
        .values(c.map((f) => ({ id: f.id, nodeId: f.nodeId, companyId: f.companyId, signalTypeId: types.get(f.signalKey)!, name: f.name, rangeMin: f.rangeMin, rangeMax: f.rangeMax })))
        .execute(),
    );
    await chunked(plan.nodes.flatMap((n) => n.tagIds.map((tagId) => ({ nodeId: n.id, tagId }))), (c) => trx.insertInto('nodeTagLinks').values(c).execute());
  });
}

/**
 * The history, written by the database from small tables of instants (quarter hours, hours, each zone's local
 * midnights) joined to the feeds: a value is computed once per instant, not per row (four times faster than
 * generate_series per feed). Readings on one connection, rollups on another; primary keys dropped before, built after.
 */
async function writeHistory(url: string, plan: WorldPlan): Promise<{ readings: number; rollups: number }> {
  const kinds = new Map<string, string>(SIGNAL_TYPES.map((s) => [s.key, s.kind]));
  const feeds = plan.nodes.flatMap((n) =>
    n.feeds.map((f) => ({ id: f.id, zone: n.timezone, counter: kinds.get(f.signalKey) === 'counter', from: f.from, rawFrom: Math.max(f.from, f.rawFrom), dayFrom: localDayStart(f.from, n.timezone) })),
  );
  const end = plan.end;
  const session = async <T>(fn: (c: pg.Client) => Promise<T>) =>
    admin(url, async (c) => {
      await c.query("SET maintenance_work_mem = '1GB'");
      return fn(c);
    });
  await session(async (c) => {
    await c.query(`CREATE TABLE bench_feeds (id varchar(64) PRIMARY KEY, zone text NOT NULL, counter boolean NOT NULL, from_ts bigint NOT NULL,
      raw_from bigint NOT NULL, hour_from bigint NOT NULL, day_from bigint NOT NULL, k double precision NOT NULL)`);
    for (let i = 0; i < feeds.length; i += 1_000) {
      const chunk = feeds.slice(i, i + 1_000);
      await c.query(
        `INSERT INTO bench_feeds VALUES ${chunk.map((_, j) => `(${Array.from({ length: 8 }, (_x, n) => `$${j * 8 + n + 1}`).join(',')})`).join(',')}`,
        chunk.flatMap((f, j) => [f.id, f.zone, f.counter, f.from, f.rawFrom, f.from - (f.from % HOUR), f.dayFrom, ((i + j) % 100) / 50]),
      );
    }
    // An instant feed wanders around 5 (°C, %…), a counter rises by 1 an hour: values only have to look like readings.
    const instants = (name: string, from: number, step: number) =>
      c.query(`CREATE TABLE ${name} AS SELECT b, 5 + 2 * sin(b::float8 / 3.7e6) AS v FROM generate_series(${from}::bigint, ${end}::bigint, ${step}::bigint) b`);
    await instants('bench_quarters', Math.min(...feeds.map((f) => f.rawFrom)), QUARTER);
    await instants('bench_hours', Math.min(...feeds.map((f) => f.from - (f.from % HOUR))), HOUR);
    const zones = [...new Set(feeds.map((f) => f.zone))];
    const dayRows: [string, number][] = [];
    for (const zone of zones) {
      for (let d = Math.min(...feeds.filter((f) => f.zone === zone).map((f) => f.dayFrom)); d <= end; d = nextLocalDayStart(d, zone)) dayRows.push([zone, d]);
    }
    await c.query(`CREATE TABLE bench_days AS SELECT z AS zone, b, 5 + 2 * sin(b::float8 / 3.7e6) AS v FROM unnest($1::text[], $2::bigint[]) AS t(z, b)`, [dayRows.map((r) => r[0]), dayRows.map((r) => r[1])]);
    const parts = await c.query<{ name: string }>("SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'readings'::regclass");
    for (const p of parts.rows) await c.query(`ALTER TABLE ${p.name} SET UNLOGGED`);
    await c.query('ALTER TABLE reading_rollups SET UNLOGGED');
    await c.query('ALTER TABLE readings DROP CONSTRAINT readings_pk');
    await c.query('ALTER TABLE reading_rollups DROP CONSTRAINT reading_rollups_pk');
  });
  const value = `CASE WHEN f.counter THEN (t.b - f.from_ts) / 3.6e6::float8 ELSE t.v + f.k END`;
  // Feeds in key order, each with its instants in key order (OFFSET 0 keeps the planner from flattening the join):
  // the rows reach the heap sorted as the primary key, whose build then finds its input presorted.
  const rows = (instants: string) => `(SELECT * FROM bench_feeds ORDER BY id) f CROSS JOIN LATERAL (${instants} OFFSET 0) t`;
  const count = (r: pg.QueryResult) => r.rowCount ?? 0;
  const [a, b] = await Promise.all([
    session(async (c) => {
      const readings = count(await c.query(`INSERT INTO readings (feed_id, ts, "value") SELECT f.id, t.b, ${value}
        FROM ${rows('SELECT b, v FROM bench_quarters WHERE b >= f.raw_from')}`));
      await c.query('ALTER TABLE readings ADD CONSTRAINT readings_pk PRIMARY KEY (feed_id, ts)');
      return readings;
    }),
    session(async (c) => {
      const grains = `SELECT '15m' AS g, b, v, 1 AS n, 0 AS span FROM bench_quarters WHERE b >= f.raw_from
        UNION ALL SELECT '1d', b, v, 96, ${DAY - QUARTER} FROM bench_days WHERE zone = f.zone AND b >= f.day_from
        UNION ALL SELECT '1h', b, v, 4, ${HOUR - QUARTER} FROM bench_hours WHERE b >= f.hour_from`;
      const rollups = count(await c.query(`INSERT INTO reading_rollups (feed_id, grain, bucket, "min", "max", "sum", "count", first_ts, "first", last_ts, "last", rising)
        SELECT id, g, b, v - 0.3, v + 0.3, v * n, n, b, v, b + span, v, 1 FROM (SELECT f.id, t.g, t.b, t.n, t.span, ${value} AS v FROM ${rows(grains)}) r`));
      await c.query('ALTER TABLE reading_rollups ADD CONSTRAINT reading_rollups_pk PRIMARY KEY (feed_id, grain, bucket)');
      return rollups;
    }),
  ]);
  await session(async (c) => {
    await c.query('DROP TABLE bench_feeds, bench_quarters, bench_hours, bench_days');
    // Statistics as a live database would have them (decisions.md "PostgreSQL statistics").
    await c.query('ANALYZE');
  });
  return { readings: a, rollups: b };
}

/**
 * Builds the world of `sites` sites on a new database next to `adminUrl`, ending at `now`, with the app on it and a
 * Northwind member signed in. close() drops the database.
 */
export async function buildScaleWorld(adminUrl: string, sites: number, now: number, log: (line: string) => void = () => {}): Promise<ScaleWorld> {
  const t0 = performance.now();
  const name = `sw_bench_scale_${sites}_${crypto.randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-bench-scale-'));
  let deps: Awaited<ReturnType<typeof createDeps>> | null = null;
  let app: FastifyInstance | null = null;
  const close = async () => {
    await app?.close();
    await deps?.close();
    fs.rmSync(dir, { recursive: true, force: true });
    await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
  try {
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: url, STATIC_DIR: path.join(dir, 'no-client'), LOG_LEVEL: 'silent', SCRYPT_LOG_N: '10', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
    deps = await createDeps(config, { log: () => {} });
    await seedIfEmpty(deps.db, 10);
    const companies = (await deps.db.selectFrom('companies').select(['id', 'name', 'customerType', 'timezone']).orderBy('name').execute()) as WorldCompany[];
    const plan = planWorld(companies, { sites, days: RAW_DAYS, fridgeDays: RAW_DAYS, historyDays: HISTORY_DAYS, now });
    await writeStructure(deps.db, plan);
    const rows = await writeHistory(url, plan);
    const buildMs = performance.now() - t0;
    log(`bench scale: ${sites} sites, ${plan.nodes.length} nodes, ${plan.nodes.reduce((s, n) => s + n.feeds.length, 0)} feeds, ${rows.readings} readings and ${rows.rollups} rollups built in ${(buildMs / 1000).toFixed(0)} s`);
    app = Fastify({ ...serverOptions, logger: false });
    await app.register(appPlugin, deps);
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'user@sitewatch.test', password: 'Demo1234' } });
    const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
    const companyId = companies.find((c) => c.name === 'Northwind Care Homes')!.id;
    return { app, db: deps.db, plan, token, companyId, rows, buildMs, close };
  } catch (e) {
    await close();
    throw e;
  }
}
