import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { ReadingRollupsTable } from '../db/schema';
import { HOUR, QUARTER, localDayStart, nextLocalDayStart, type Grain } from './time';
import { rawQuery, rowsPerStatement, valuesList } from './sql';
import { evaluateStored, type FeedReadings, type TouchedEvent } from '../alerts/engine';

/** One reading as stored: epoch ms, a finite value. */
export interface ReadingInput {
  feedId: string;
  ts: number;
  value: number;
}

export interface StoreOptions {
  /**
   * When the hub was heard from: the ingest route passes the time the batch arrived. Without it (seed, backfill) the
   * hub counts as seen at its newest reading. Nodes are always seen at their newest reading.
   */
  seenAt?: number;
}

export interface StoreResult {
  /** Readings stored now. */
  accepted: number;
  /** Readings whose (feed, ts) was already stored, or repeated in the batch; they change nothing. */
  duplicates: number;
  /** Alert events the readings opened, changed or ended, to announce once committed (absent when none). */
  alerts?: TouchedEvent[];
}

/** Where a feed's readings roll up: its node and hub (last seen) and its site's zone (the local day). */
interface FeedHome {
  nodeId: string;
  hubId: string;
  timezone: string;
}

/** One rollup bucket's aggregate, as stored in reading_rollups. */
export type Rollup = Selectable<ReadingRollupsTable>;

const FEED_CHUNK = 5_000;

async function feedHomes(db: Db, feedIds: string[]): Promise<Map<string, FeedHome>> {
  const homes = new Map<string, FeedHome>();
  for (let i = 0; i < feedIds.length; i += FEED_CHUNK) {
    const rows = await db
      .selectFrom('feeds')
      .innerJoin('nodes', 'nodes.id', 'feeds.nodeId')
      .innerJoin('sites', 'sites.id', 'nodes.siteId')
      .select(['feeds.id', 'feeds.nodeId', 'nodes.hubId', 'sites.timezone'])
      .where('feeds.id', 'in', feedIds.slice(i, i + FEED_CHUNK))
      .execute();
    for (const r of rows) homes.set(r.id, { nodeId: r.nodeId, hubId: r.hubId, timezone: r.timezone });
  }
  return homes;
}

const ALL_GRAINS: readonly Grain[] = ['15m', '1h', '1d'];

/**
 * The 15m, 1h and local-day aggregates of one feed's readings, which must be sorted by ts with no repeated ts.
 * Exported for rebuilds and the seed (whose history older than raw retention keeps only some `grains`); ingest
 * merges these into the stored rollups.
 */
export function rollupsOf(
  feedId: string, ts: ArrayLike<number>, values: ArrayLike<number>, timezone: string, out: Rollup[] = [], grains: readonly Grain[] = ALL_GRAINS,
): Rollup[] {
  const [quarter, hour, day] = [grains.includes('15m'), grains.includes('1h'), grains.includes('1d')];
  const open: Record<Grain, Rollup | null> = { '15m': null, '1h': null, '1d': null };
  let dayStart = -Infinity;
  let dayEnd = -Infinity;
  const add = (grain: Grain, bucket: number, t: number, v: number) => {
    const r = open[grain];
    if (r && r.bucket === bucket) {
      if (v < r.min) r.min = v;
      if (v > r.max) r.max = v;
      r.sum += v;
      r.count++;
      if (v < r.last) r.rising = 0;
      r.lastTs = t;
      r.last = v;
      return;
    }
    const next: Rollup = { feedId, grain, bucket, min: v, max: v, sum: v, count: 1, firstTs: t, first: v, lastTs: t, last: v, rising: 1 };
    out.push(next);
    open[grain] = next;
  };
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    const v = values[i]!;
    if (quarter) add('15m', t - (((t % QUARTER) + QUARTER) % QUARTER), t, v);
    if (hour) add('1h', t - (((t % HOUR) + HOUR) % HOUR), t, v);
    if (!day) continue;
    if (t >= dayEnd || t < dayStart) {
      dayStart = localDayStart(t, timezone);
      dayEnd = nextLocalDayStart(dayStart, timezone);
    }
    add('1d', dayStart, t, v);
  }
  return out;
}

const ROLLUP_COLUMNS = 'feed_id, grain, bucket, "min", "max", "sum", "count", first_ts, "first", last_ts, "last", rising';
const R = 'reading_rollups';
// Merging keeps every aggregate exact whatever order readings arrive in; only "rising" needs the batch to lie wholly
// after (or before) what is stored, and otherwise becomes "not known" (0), which sends the engine to raw rows.
const ROLLUP_MERGE = `ON CONFLICT (feed_id, grain, bucket) DO UPDATE SET
  "min" = CASE WHEN excluded."min" < ${R}."min" THEN excluded."min" ELSE ${R}."min" END,
  "max" = CASE WHEN excluded."max" > ${R}."max" THEN excluded."max" ELSE ${R}."max" END,
  "sum" = ${R}."sum" + excluded."sum",
  "count" = ${R}."count" + excluded."count",
  first_ts = CASE WHEN excluded.first_ts < ${R}.first_ts THEN excluded.first_ts ELSE ${R}.first_ts END,
  "first" = CASE WHEN excluded.first_ts < ${R}.first_ts THEN excluded."first" ELSE ${R}."first" END,
  last_ts = CASE WHEN excluded.last_ts > ${R}.last_ts THEN excluded.last_ts ELSE ${R}.last_ts END,
  "last" = CASE WHEN excluded.last_ts > ${R}.last_ts THEN excluded."last" ELSE ${R}."last" END,
  rising = CASE
    WHEN excluded.first_ts > ${R}.last_ts AND ${R}.rising = 1 AND excluded.rising = 1 AND excluded."first" >= ${R}."last" THEN 1
    WHEN excluded.last_ts < ${R}.first_ts AND ${R}.rising = 1 AND excluded.rising = 1 AND excluded."last" <= ${R}."first" THEN 1
    ELSE 0 END`;

/**
 * Merges aggregates into the stored rollups, exactly as ingest does. Exported for the seed, which writes the history
 * older than raw retention as rollups alone; written before the newer readings, it keeps "rising" exact.
 */
export async function upsertRollups(db: Db, rollups: Rollup[]): Promise<void> {
  const per = rowsPerStatement(db, 12, 1_000);
  // One order for every writer: rollupsOf opens a day before the quarters inside it, so two batches on either side
  // of a boundary reached the shared day and quarter rows in opposite orders and PostgreSQL aborted one as a deadlock.
  const sorted = [...rollups].sort((a, b) => (a.feedId !== b.feedId ? (a.feedId < b.feedId ? -1 : 1) : a.grain !== b.grain ? (a.grain < b.grain ? -1 : 1) : a.bucket - b.bucket));
  for (let i = 0; i < sorted.length; i += per) {
    const chunk = sorted.slice(i, i + per);
    const params: unknown[] = [];
    for (const r of chunk) params.push(r.feedId, r.grain, r.bucket, r.min, r.max, r.sum, r.count, r.firstTs, r.first, r.lastTs, r.last, r.rising);
    await rawQuery(db, `INSERT INTO ${R} (${ROLLUP_COLUMNS}) VALUES ${valuesList('(?,?,?,?,?,?,?,?,?,?,?,?)', chunk.length)} ${ROLLUP_MERGE}`, params);
  }
}

/** Inserts sorted, distinct readings; answers which of them were new (a bitmap over `rows`). */
async function insertReadings(db: Db, feedIds: string[], ts: number[], values: number[]): Promise<Uint8Array> {
  const isNew = new Uint8Array(ts.length);
  const per = rowsPerStatement(db, 3, 2_000);
  for (let i = 0; i < ts.length; i += per) {
    const end = Math.min(ts.length, i + per);
    const params: unknown[] = [];
    for (let j = i; j < end; j++) params.push(feedIds[j], ts[j], values[j]);
    const stored = await rawQuery<{ feed_id: string; ts: number | string }>(
      db,
      `INSERT INTO readings (feed_id, ts, "value") VALUES ${valuesList('(?,?,?)', end - i)} ON CONFLICT (feed_id, ts) DO NOTHING RETURNING feed_id, ts`,
      params,
    );
    if (stored.length === end - i) {
      isNew.fill(1, i, end);
    } else if (stored.length > 0) {
      const keys = new Set(stored.map((r) => `${r.feed_id}\u0000${Number(r.ts)}`));
      for (let j = i; j < end; j++) if (keys.has(`${feedIds[j]}\u0000${ts[j]}`)) isNew[j] = 1;
    }
  }
  return isNew;
}

async function upsertLatest(db: Db, latest: { feedId: string; ts: number; value: number }[]): Promise<void> {
  const per = rowsPerStatement(db, 3, 2_000);
  for (let i = 0; i < latest.length; i += per) {
    const chunk = latest.slice(i, i + per);
    await rawQuery(
      db,
      `INSERT INTO feed_latest (feed_id, ts, "value") VALUES ${valuesList('(?,?,?)', chunk.length)}
       ON CONFLICT (feed_id) DO UPDATE SET ts = excluded.ts, "value" = excluded."value" WHERE excluded.ts > feed_latest.ts`,
      chunk.flatMap((l) => [l.feedId, l.ts, l.value]),
    );
  }
}

/**
 * A node's battery is its battery feed's latest reading (signal type `battery`, %): kept on the node for lists, Plexus
 * and battery rules. One statement per batch, for the batch's feeds that are battery feeds.
 */
async function batteryFromLatest(db: Db, feedIds: readonly string[]): Promise<void> {
  for (let i = 0; i < feedIds.length; i += 500) {
    const chunk = feedIds.slice(i, i + 500);
    await db
      .updateTable('nodes')
      .set((eb) => ({
        batteryPct: eb
          .selectFrom('feedLatest as fl')
          .innerJoin('feeds as f', 'f.id', 'fl.feedId')
          .innerJoin('signalTypes as st', 'st.id', 'f.signalTypeId')
          .select('fl.value')
          .whereRef('f.nodeId', '=', 'nodes.id')
          .where('st.key', '=', 'battery')
          .orderBy('fl.ts', 'desc')
          .limit(1),
      }))
      .where('id', 'in', (eb) =>
        eb.selectFrom('feeds as f').innerJoin('signalTypes as st', 'st.id', 'f.signalTypeId').select('f.nodeId').where('f.id', 'in', chunk).where('st.key', '=', 'battery'),
      )
      .execute();
  }
}

/** Moves last_seen_at forward (never back) for each id. */
async function touchLastSeen(db: Db, table: 'nodes' | 'hubs', seen: Map<string, number>): Promise<void> {
  const entries = [...seen].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const per = rowsPerStatement(db, 2, 1_000);
  for (let i = 0; i < entries.length; i += per) {
    const chunk = entries.slice(i, i + per);
    await rawQuery(
      db,
      `UPDATE ${table} SET last_seen_at = v.ts
       FROM (SELECT column1 AS id, column2 AS ts FROM (VALUES ${valuesList('(CAST(? AS varchar(64)), CAST(? AS bigint))', chunk.length)}) AS x) AS v
       WHERE ${table}.id = v.id AND (${table}.last_seen_at IS NULL OR ${table}.last_seen_at < v.ts)`,
      chunk.flat(),
    );
  }
}

/**
 * Stores readings idempotently on (feed, ts): a reading already stored (or repeated in the batch) is a duplicate and
 * changes nothing, not even its value — a hub resending a batch after a lost answer must not rewrite history. Keeps
 * the 15m / 1h / local-day rollups, feed_latest and the nodes' and hubs' last_seen_at in step, all in one transaction
 * (the caller's, when `db` is one). Every feed must exist; the ingest route checks that before calling.
 */
export async function storeReadings(db: Db, rows: readonly ReadingInput[], opts: StoreOptions = {}): Promise<StoreResult> {
  if (rows.length === 0) return { accepted: 0, duplicates: 0 };
  const byFeed = new Map<string, ReadingInput[]>();
  for (const r of rows) {
    if (!Number.isFinite(r.value) || !Number.isSafeInteger(r.ts)) throw new Error(`storeReadings: bad reading ${JSON.stringify(r)}`);
    let list = byFeed.get(r.feedId);
    if (!list) byFeed.set(r.feedId, (list = []));
    list.push(r);
  }
  // A fixed order (feed, ts) for every write, so concurrent batches on PostgreSQL lock rows in the same order.
  const feedIds = [...byFeed.keys()].sort();
  const homes = await feedHomes(db, feedIds);
  const missing = feedIds.filter((f) => !homes.has(f));
  if (missing.length) throw new Error(`storeReadings: unknown feed(s) ${missing.slice(0, 5).join(', ')}`);

  const feedOf: string[] = [];
  const ts: number[] = [];
  const vs: number[] = [];
  const starts: number[] = [];
  for (const f of feedIds) {
    // Stable: of readings repeated in the batch, the first one given wins.
    const list = byFeed.get(f)!.sort((a, b) => a.ts - b.ts);
    starts.push(ts.length);
    let prev = NaN;
    for (const r of list) {
      if (r.ts === prev) continue;
      prev = r.ts;
      feedOf.push(f);
      ts.push(r.ts);
      vs.push(r.value);
    }
  }
  starts.push(ts.length);

  const work = async (trx: Db): Promise<StoreResult> => {
    const isNew = await insertReadings(trx, feedOf, ts, vs);
    const rollups: Rollup[] = [];
    const latest: { feedId: string; ts: number; value: number }[] = [];
    const fresh: FeedReadings[] = [];
    const nodeSeen = new Map<string, number>();
    const hubSeen = new Map<string, number>();
    let accepted = 0;
    for (let k = 0; k < feedIds.length; k++) {
      const feedId = feedIds[k]!;
      const home = homes.get(feedId)!;
      const a = starts[k]!;
      const b = starts[k + 1]!;
      const newest = ts[b - 1]!;
      nodeSeen.set(home.nodeId, Math.max(nodeSeen.get(home.nodeId) ?? -Infinity, newest));
      hubSeen.set(home.hubId, Math.max(hubSeen.get(home.hubId) ?? -Infinity, opts.seenAt ?? newest));
      const newTs: number[] = [];
      const newVs: number[] = [];
      for (let j = a; j < b; j++) {
        if (isNew[j]) {
          newTs.push(ts[j]!);
          newVs.push(vs[j]!);
        }
      }
      if (newTs.length === 0) continue;
      accepted += newTs.length;
      rollupsOf(feedId, newTs, newVs, home.timezone, rollups);
      latest.push({ feedId, ts: newTs[newTs.length - 1]!, value: newVs[newVs.length - 1]! });
      fresh.push({ feedId, ts: newTs, values: newVs });
    }
    await upsertRollups(trx, rollups);
    await upsertLatest(trx, latest);
    await touchLastSeen(trx, 'nodes', nodeSeen);
    await touchLastSeen(trx, 'hubs', hubSeen);
    await batteryFromLatest(trx, latest.map((l) => l.feedId));
    // Alerts in the same transaction: an event exists exactly when the readings that opened it are committed.
    const alerts = await evaluateStored(trx, fresh, opts.seenAt ?? Date.now());
    return { accepted, duplicates: rows.length - accepted, ...(alerts.length ? { alerts } : {}) };
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Recomputes the rollups of `feedIds` from their raw readings: after a site's time zone changes (its local days move)
 * or to turn "not known" rising flags back into facts. Readings are read a feed at a time. History older than the raw
 * readings (the seed's older days, RAW_RETENTION_DAYS) has only its rollups, which this would lose.
 */
export async function rebuildRollups(db: Db, feedIds: string[]): Promise<void> {
  const homes = await feedHomes(db, [...new Set(feedIds)].sort());
  await db.transaction().execute(async (trx) => {
    for (const [feedId, home] of homes) {
      await trx.deleteFrom('readingRollups').where('feedId', '=', feedId).execute();
      const rows = await rawQuery<{ ts: number | string; value: number }>(trx, 'SELECT ts, "value" FROM readings WHERE feed_id = ? ORDER BY ts', [feedId]);
      const rollups = rollupsOf(feedId, rows.map((r) => Number(r.ts)), rows.map((r) => r.value), home.timezone);
      await upsertRollups(trx, rollups);
    }
  });
}
