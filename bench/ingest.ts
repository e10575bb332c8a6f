import path from 'node:path';
import { createDb, migrateToLatest, type Db } from '../server/db/database';
import { storeReadings } from '../server/monitoring/ingest';
import { rawQuery, rowsPerStatement, valuesList } from '../server/monitoring/sql';
import { median, tempDir } from './readings-world';

/**
 * B7: readings stored through storeReadings (readings, three rollup grains, latest values, last seen) on a SQLite
 * file, in batches like the seed's, against plain chunked inserts of the same rows into readings alone — alternated,
 * into the same growing table. 15-minute readings are the worst case: nearly one rollup row per reading.
 */

const FEEDS = 100;
const BATCH = 20_000;
const BATCHES_PER_ROUND = 5;
const PAIRS = 7;
const GOAL = 50_000;

async function world(db: Db, prefix: string): Promise<string[]> {
  const now = Date.now();
  const site = `${prefix}-site`;
  const hub = `${prefix}-hub`;
  await db.insertInto('sites').values({ id: site, companyId: 'bench-co', parentSiteId: null, name: site, address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: now }).execute();
  await db.insertInto('hubs').values({ id: hub, siteId: site, companyId: 'bench-co', serial: hub, name: hub, firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: now }).execute();
  const feeds: string[] = [];
  for (let i = 0; i < FEEDS; i++) {
    const node = `${prefix}-node-${i}`;
    await db.insertInto('nodes').values({ id: node, hubId: hub, siteId: site, companyId: 'bench-co', name: node, serial: node, deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: now }).execute();
    await db.insertInto('feeds').values({ id: `${node}-feed`, nodeId: node, companyId: 'bench-co', signalTypeId: 'bench-temp', name: node, rangeMin: null, rangeMax: null }).execute();
    feeds.push(`${node}-feed`);
  }
  return feeds;
}

/** The plain baseline: the same multi-row insert storeReadings starts with, and nothing else. */
async function plainInsert(db: Db, rows: { feedId: string; ts: number; value: number }[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const per = rowsPerStatement(trx, 3, 2_000);
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      await rawQuery(trx, `INSERT INTO readings (feed_id, ts, "value") VALUES ${valuesList('(?,?,?)', chunk.length)} ON CONFLICT (feed_id, ts) DO NOTHING`, chunk.flatMap((r) => [r.feedId, r.ts, r.value]));
    }
  });
}

export async function ingest(): Promise<{ line: string; ok: boolean }> {
  const tmp = tempDir('ingest');
  const { db } = createDb({ sqliteFile: path.join(tmp.dir, 'ingest.db') });
  try {
    await migrateToLatest(db);
    await db.insertInto('companies').values({ id: 'bench-co', name: 'Bench', customerType: 'UKE', timezone: 'Europe/London', createdAt: Date.now() }).execute();
    await db.insertInto('signalTypes').values({ id: 'bench-temp', key: 'bench-temp', name: 'Temperature', unit: '°C', kind: 'instant' }).execute();
    const ours = { feeds: await world(db, 'ours'), next: Date.parse('2024-01-01T00:00:00Z') };
    const plain = { feeds: await world(db, 'plain'), next: Date.parse('2024-01-01T00:00:00Z') };
    const batch = (w: typeof ours) => {
      const rows = [];
      for (let k = 0; k < BATCH / FEEDS; k++, w.next += 900_000) {
        for (let f = 0; f < FEEDS; f++) rows.push({ feedId: w.feeds[f]!, ts: w.next, value: 5 + 2 * Math.sin(w.next / 8.64e6 + f) });
      }
      return rows;
    };
    const rate = async (w: typeof ours, store: (rows: ReturnType<typeof batch>) => Promise<unknown>) => {
      const batches = Array.from({ length: BATCHES_PER_ROUND }, () => batch(w));
      const t0 = performance.now();
      for (const b of batches) await store(b);
      return (BATCH * BATCHES_PER_ROUND) / ((performance.now() - t0) / 1000);
    };
    const mine: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      mine.push(await rate(ours, (rows) => storeReadings(db, rows)));
      base.push(await rate(plain, (rows) => plainInsert(db, rows)));
    }
    const value = median(mine);
    const baseline = median(base);
    const fmt = (x: number) => Math.round(x).toLocaleString('en');
    return {
      ok: value >= GOAL,
      line: `bench ingest: ${fmt(value)} readings/s (baseline ${fmt(baseline)} readings/s plain inserts without rollups, ratio ${(value / baseline).toFixed(2)}, goal ≥ ${fmt(GOAL)} readings/s)`,
    };
  } finally {
    await db.destroy();
    tmp.remove();
  }
}
