import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AppDeps } from '../context';
import { isPostgres } from '../monitoring/sql';
import { DAY, HOUR, localDayStart } from '../monitoring/time';
import { INGEST_MAX_AGE_MS } from '../routes/ingest';
import { every } from './every';

/**
 * The readings table's upkeep (migration 0022, docs/decisions.md "Readings partitions and retention"). On PostgreSQL:
 * a partition for every UTC month ingest may write to (from 730 days back, or the retention horizon, to MONTHS_AHEAD
 * ahead), and rows that fell into readings_default moved into months of their own. On both databases: raw readings
 * older than RAW_RETENTION_DAYS deleted, whole local days of each feed's site, while every rollup stays.
 */

/** Months made ready past the current one: a job stopped this long still leaves new readings in their month. */
export const MONTHS_AHEAD = 3;
/** Held around every partition change, so instances running the job at once take turns (any fixed number will do). */
const LOCK_KEY = 1_593_700_022;
/** Feeds per retention DELETE: one statement reads each feed's oldest rows through the primary key. */
const FEED_CHUNK = 500;

const monthOf = (ts: number) => {
  const d = new Date(ts);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const startOf = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1);
/** The partition of `month` (UTC year × 12 + month from 0): readings_y2026m11 holds [2026-11-01, 2026-12-01). */
export const partitionName = (month: number) => `readings_y${Math.floor(month / 12)}m${String((month % 12) + 1).padStart(2, '0')}`;

export interface ReadingPartition {
  name: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
}

/** readings' month partitions, oldest first, read from their bounds (the default partition aside); none on SQLite. */
export async function readingPartitions(db: Db): Promise<ReadingPartition[]> {
  if (!isPostgres(db)) return [];
  const { rows } = await sql<{ name: string; bound: string }>`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'readings'::regclass`.execute(db);
  const out: ReadingPartition[] = [];
  for (const r of rows) {
    const m = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(r.bound);
    if (m) out.push({ name: r.name, from: Number(m[1]), to: Number(m[2]) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/** The months (as year × 12 + month) holding a row of readings_default. */
async function monthsInDefault(db: Db): Promise<number[]> {
  const { rows } = await sql<{ y: number; m: number }>`
    SELECT DISTINCT extract(year FROM t)::int AS y, extract(month FROM t)::int AS m
    FROM (SELECT to_timestamp(ts / 1000.0) AT TIME ZONE 'UTC' AS t FROM readings_default) r`.execute(db);
  return rows.map((r) => Number(r.y) * 12 + Number(r.m) - 1).filter((m) => Number.isFinite(startOf(m + 1)));
}

/**
 * Makes `month` a partition, taking its rows out of readings_default in the same transaction. A plain CREATE … PARTITION
 * OF would fail once the default holds one of the month's rows; instead the month is filled as a table of its own and
 * attached (its CHECK spares ATTACH a scan of it). Writers of the default wait meanwhile, so none slips a row in
 * between the move and the attach. Answers the rows moved, or null when the partition exists already.
 */
async function addMonth(db: Db, month: number): Promise<number | null> {
  const name = partitionName(month);
  const [lo, hi] = [sql.lit(startOf(month)), sql.lit(startOf(month + 1))];
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    // Another instance may have made it while this one waited for the lock.
    const exists = await sql<{ r: string | null }>`SELECT to_regclass(${name})::text AS r`.execute(trx);
    if (exists.rows[0]?.r) return null;
    // Waiting long for a table lock would queue every reader behind this job; the next pass tries again.
    await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
    await sql`LOCK TABLE readings_default IN EXCLUSIVE MODE`.execute(trx);
    const t = sql.id(name);
    await sql`CREATE TABLE ${t} (LIKE readings INCLUDING DEFAULTS)`.execute(trx);
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.id(`${name}_bounds`)} CHECK (ts >= ${lo} AND ts < ${hi})`.execute(trx);
    const moved = await sql`WITH moved AS (DELETE FROM readings_default WHERE ts >= ${lo} AND ts < ${hi} RETURNING feed_id, ts, "value")
      INSERT INTO ${t} (feed_id, ts, "value") SELECT feed_id, ts, "value" FROM moved`.execute(trx);
    await sql`ALTER TABLE ${t} ADD CONSTRAINT ${sql.id(`${name}_pkey`)} PRIMARY KEY (feed_id, ts)`.execute(trx);
    await sql`ALTER TABLE readings ATTACH PARTITION ${t} FOR VALUES FROM (${lo}) TO (${hi})`.execute(trx);
    await sql`ALTER TABLE ${t} DROP CONSTRAINT ${sql.id(`${name}_bounds`)}`.execute(trx);
    return Number(moved.numAffectedRows ?? 0);
  });
}

/** Drops a month past retention whole; false when another instance dropped it first. */
async function dropMonth(db: Db, name: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const exists = await sql<{ r: string | null }>`SELECT to_regclass(${name})::text AS r`.execute(trx);
    if (!exists.rows[0]?.r) return false;
    await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
    await sql`DROP TABLE ${sql.id(name)}`.execute(trx);
    return true;
  });
}

export interface PartitionsResult {
  /** Partitions made by this pass. */
  created: string[];
  /** Rows moved out of readings_default into them. */
  moved: number;
}

/**
 * PostgreSQL: every month from `keepFrom` (or 730 days back, the oldest reading ingest accepts, whichever is later) to
 * MONTHS_AHEAD months past `now` has its partition, and so has every month with rows in readings_default. Idempotent;
 * instances take turns on an advisory lock. Nothing on SQLite.
 */
export async function ensurePartitions(db: Db, now: number, keepFrom = -Infinity): Promise<PartitionsResult> {
  const result: PartitionsResult = { created: [], moved: 0 };
  if (!isPostgres(db)) return result;
  const have = new Set((await readingPartitions(db)).map((p) => monthOf(p.from)));
  const want = new Set<number>(await monthsInDefault(db));
  for (let m = monthOf(Math.max(now - INGEST_MAX_AGE_MS, keepFrom)); m <= monthOf(now) + MONTHS_AHEAD; m++) want.add(m);
  for (const m of [...want].sort((a, b) => a - b)) {
    if (have.has(m)) continue;
    const moved = await addMonth(db, m);
    if (moved === null) continue;
    result.created.push(partitionName(m));
    result.moved += moved;
  }
  return result;
}

export interface RetentionResult {
  /** Where each zone's feeds now keep raw readings from: its local midnight `days` days back. */
  cuts: Record<string, number>;
  /** Before this instant no feed keeps a raw reading. */
  everywhere: number;
  /** Month partitions dropped whole (PostgreSQL). */
  dropped: string[];
  /** Rows deleted one by one: the boundary days, or everything on SQLite. */
  deleted: number;
}

/**
 * Deletes raw readings older than `days` days; rollups stay, and with them every aggregated view. Each feed keeps
 * whole local days of its site (from the local midnight `days` days back), so no rollup bucket is left half raw: the
 * engine reads raw rows inside a bucket only to sum a counter's non-rising bucket, and then needs all of them. On
 * PostgreSQL the months wholly before every zone's cut are dropped as partitions (and readings_default loses its rows
 * before it); the rest goes by DELETEs of FEED_CHUNK feeds at a time through the primary key.
 */
export async function applyRawRetention(db: Db, now: number, days: number): Promise<RetentionResult> {
  const feeds = await db
    .selectFrom('feeds')
    .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
    .innerJoin('sites', 'sites.id', 'nodes.siteId')
    .select(['feeds.id', 'sites.timezone'])
    .orderBy('feeds.id')
    .execute();
  const byZone = new Map<string, string[]>();
  for (const f of feeds) {
    const ids = byZone.get(f.timezone);
    if (ids) ids.push(f.id);
    else byZone.set(f.timezone, [f.id]);
  }
  const horizon = now - days * DAY;
  const cuts = Object.fromEntries([...byZone.keys()].map((z) => [z, localDayStart(horizon, z)]));
  // Before every zone's cut (a local midnight is less than a day before its instant): gone for any feed, even one
  // that no longer exists.
  const everywhere = Math.min(horizon - DAY, ...Object.values(cuts));
  const result: RetentionResult = { cuts, everywhere, dropped: [], deleted: 0 };
  if (isPostgres(db)) {
    for (const p of await readingPartitions(db)) {
      if (p.to <= everywhere && (await dropMonth(db, p.name))) result.dropped.push(p.name);
    }
    result.deleted += Number((await sql`DELETE FROM readings_default WHERE ts < ${everywhere}`.execute(db)).numAffectedRows ?? 0);
  }
  for (const [zone, ids] of byZone) {
    for (let i = 0; i < ids.length; i += FEED_CHUNK) {
      const r = await db.deleteFrom('readings').where('feedId', 'in', ids.slice(i, i + FEED_CHUNK)).where('ts', '<', cuts[zone]!).executeTakeFirst();
      result.deleted += Number(r.numDeletedRows);
    }
  }
  return result;
}

export interface UpkeepOptions {
  /** RAW_RETENTION_DAYS; absent keeps every raw reading. */
  retentionDays?: number;
}

/** One pass of the job: retention first (so no row is moved only to be dropped), then the partitions. */
export async function maintainReadings(db: Db, now: number, opts: UpkeepOptions = {}): Promise<PartitionsResult & Partial<RetentionResult>> {
  const retention = opts.retentionDays === undefined ? undefined : await applyRawRetention(db, now, opts.retentionDays);
  return { ...retention, ...(await ensurePartitions(db, now, retention?.everywhere)) };
}

/**
 * The job, on every instance: a pass at start (so this month's partition exists before long), then hourly. Passes never
 * overlap; a failed one is logged and the next tries again.
 */
export function startReadingsUpkeep(deps: Pick<AppDeps, 'db' | 'auth' | 'config'>, opts: { log?: (line: string) => void; periodMs?: number } = {}) {
  let busy = false;
  const pass = async () => {
    if (busy) return;
    busy = true;
    try {
      const r = await maintainReadings(deps.db, deps.auth.now(), { retentionDays: deps.config.RAW_RETENTION_DAYS });
      if (r.created.length) opts.log?.(`readings: made partitions ${r.created.join(', ')} (${r.moved} rows moved out of readings_default)`);
      if (r.dropped?.length || r.deleted) opts.log?.(`readings: retention dropped ${r.dropped?.join(', ') || 'no partitions'} and deleted ${r.deleted ?? 0} older raw rows`);
    } finally {
      busy = false;
    }
  };
  const first = pass().catch((e: unknown) => opts.log?.(`readings upkeep: pass failed (${e instanceof Error ? e.message : String(e)})`));
  const timer = every('readings upkeep', opts.periodMs ?? HOUR, pass, opts.log);
  return {
    async stop() {
      await first;
      await timer.stop();
    },
  };
}
