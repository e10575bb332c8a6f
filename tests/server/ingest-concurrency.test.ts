import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite } from './readings-fixtures';
import { rollupsOf, storeReadings } from '../../server/monitoring/ingest';

/**
 * Batches of one hub stored at once, each right after the one before in time, so neighbours share their boundary's
 * quarter, hour and day rollup rows. On PostgreSQL two such transactions used to take those rows in opposite orders
 * (a day opens before the quarters inside it) and one was aborted as a deadlock, a 500 to the hub (found
 * by tests/server/ingest-crash.test.ts). Every batch must now be stored, and the rollups must equal the raw rows.
 */

const FEEDS = 10;
const BATCHES = 60;
/** Readings per feed per batch, 30 s apart: 100 minutes, so boundaries fall inside quarters, hours and days alike. */
const PER_FEED = 200;
const WRITERS = 5;

describe('concurrent ingest batches', () => {
  let t: TestApp;
  const feeds: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
    const db = t.deps.db;
    const site = await addSite(db, await addCompany(db), { timezone: 'Europe/London' });
    const hub = await addHub(db, site);
    const sig = await addSignalType(db, 'instant');
    for (let i = 0; i < FEEDS; i++) feeds.push(await addFeed(db, await addNode(db, hub), sig));
    feeds.sort();
  });
  afterAll(() => t.close());

  it('stores every batch without a deadlock and keeps the rollups equal to the raw rows', { timeout: 60_000 }, async () => {
    const t0 = Date.parse('2025-03-29T22:06:00Z');
    const batch = (b: number) =>
      feeds.flatMap((feedId, f) => Array.from({ length: PER_FEED }, (_, k) => ({ feedId, ts: t0 + (b * PER_FEED + k) * 30_000, value: ((b * PER_FEED + k) * 7 + f) % 23 })));
    let next = 0;
    const failures: string[] = [];
    const writer = async () => {
      while (next < BATCHES) {
        const b = next++;
        try {
          const r = await storeReadings(t.deps.db, batch(b));
          expect(r.accepted).toBe(FEEDS * PER_FEED);
        } catch (e) {
          failures.push(`batch ${b}: ${(e as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    expect(failures).toEqual([]);

    for (const feedId of feeds) {
      const raw = await t.deps.db.selectFrom('readings').select(['ts', 'value']).where('feedId', '=', feedId).orderBy('ts').execute();
      expect(raw).toHaveLength(BATCHES * PER_FEED);
      const expected = rollupsOf(feedId, raw.map((r) => Number(r.ts)), raw.map((r) => Number(r.value)), 'Europe/London')
        .map(({ feedId: _f, rising: _r, ...r }) => r)
        .sort((a, b) => (a.grain !== b.grain ? (a.grain < b.grain ? -1 : 1) : a.bucket - b.bucket));
      const stored = (await t.deps.db.selectFrom('readingRollups').selectAll().where('feedId', '=', feedId).execute())
        .map((s) => ({ grain: s.grain, bucket: Number(s.bucket), min: Number(s.min), max: Number(s.max), sum: Number(s.sum), count: Number(s.count), firstTs: Number(s.firstTs), first: Number(s.first), lastTs: Number(s.lastTs), last: Number(s.last) }))
        .sort((a, b) => (a.grain !== b.grain ? (a.grain < b.grain ? -1 : 1) : a.bucket - b.bucket));
      // Whole values: the sums are exact in any order of addition.
      expect(stored).toEqual(expected);
    }
  });
});
