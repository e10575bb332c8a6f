import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/database';
import { insertHubApiKey } from '../../server/db/hub-api-keys.repository';
import { sha256 } from '../../server/auth/secrets';
import { rollupsOf, type Rollup } from '../../server/monitoring/ingest';
import { DAY } from '../../server/monitoring/time';
import { startChild, stopChild, throwawayPostgres, type ChildServer, type ThrowawayDb } from '../../bench/load-server';
import { TEST_JWT_SECRET } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite } from './readings-fixtures';

/**
 * Crash safety of ingest (docs/decisions.md, Load bench and crash safety): the real server in a child process takes batches on POST /api/ingest from a few
 * concurrent posters and is killed with SIGKILL while some are in flight. Started again on the same data, every reading
 * of every acknowledged batch must be there with its value, a batch whose answer never came must be there whole or not
 * at all, and every rollup bucket the readings touched must equal what rollupsOf computes from the raw rows. The hub
 * then resends its unanswered batches, as a real one would: nothing may count twice. On PostgreSQL (DATABASE_URL set)
 * the child gets a database of its own.
 */

/** Readings per batch, about: large enough that the server is inside a write most of the time. */
const BATCH_READINGS = 2_000;
/** The posters' concurrency, so that requests are in flight at the kill. */
const POSTERS = 3;
/** Acknowledged batches before the kill. */
const ACKED_BEFORE_KILL = 10;
/** Batches the posters may send at most: the kill must come long before. */
const MAX_BATCHES = 150;
/** One reading per feed every STEP ms; the batches tile time, each feed's readings of batch b right after b − 1's. */
const STEP = 30_000;
/** Feeds of the hub the batches come from. */
const FEEDS = 12;
/** A start with migrations only takes seconds; a 2-core machine busy with other work can make that many. */
const START_TIMEOUT_MS = 90_000;

interface Batch {
  index: number;
  readings: { feedId: string; ts: number; value: number }[];
}

/**
 * Readings of batch b: `perFeed` per feed, the first 6 minutes past a quarter so that batches split 15-minute, hourly
 * and daily buckets between them. Even feeds only rise (their buckets' `rising` is 1), odd ones wander.
 */
function batchOf(index: number, feeds: string[], perFeed: number, t0: number): Batch {
  const readings: Batch['readings'] = [];
  feeds.forEach((feedId, f) => {
    for (let k = 0; k < perFeed; k++) {
      const n = index * perFeed + k;
      const value = f % 2 === 0 ? f + n / 10 : 3 + ((n * 7 + f * 13) % 41) / 10;
      readings.push({ feedId, ts: t0 + n * STEP, value });
    }
  });
  return { index, readings };
}

const key = (feedId: string, ts: number) => `${feedId}\u0000${ts}`;

/** The stored rows of `feeds` in [from, to), by (feed, ts). */
async function storedReadings(db: Db, feeds: string[], from: number, to: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('readings').select(['feedId', 'ts', 'value']).where('feedId', 'in', feeds).where('ts', '>=', from).where('ts', '<', to).execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const k = key(r.feedId, Number(r.ts));
    expect(out.has(k), `(feed, ts) stored twice: ${k}`).toBe(false);
    out.set(k, Number(r.value));
  }
  return out;
}

const bucketKey = (r: Pick<Rollup, 'feedId' | 'grain' | 'bucket'>) => `${r.feedId}/${r.grain}/${r.bucket}`;

/**
 * Every stored rollup of `feeds` with a bucket in [from, to) against rollupsOf over all raw rows of the feed: the same
 * buckets, and in each the same aggregate. A stored `rising` of 0 means "not known" (batches merged out of order), so
 * it only has to be 1 where the raw rows really rise.
 */
async function expectRollupsMatchRaw(db: Db, feeds: { id: string; timezone: string }[], from: number, to: number): Promise<number> {
  let compared = 0;
  for (const feed of feeds) {
    const raw = await db.selectFrom('readings').select(['ts', 'value']).where('feedId', '=', feed.id).orderBy('ts').execute();
    const expected = new Map(
      rollupsOf(feed.id, raw.map((r) => Number(r.ts)), raw.map((r) => Number(r.value)), feed.timezone)
        .filter((r) => r.bucket >= from && r.bucket < to)
        .map((r) => [bucketKey(r), r]),
    );
    const stored = await db.selectFrom('readingRollups').selectAll().where('feedId', '=', feed.id).where('bucket', '>=', from).where('bucket', '<', to).execute();
    expect(stored.map((r) => bucketKey({ ...r, bucket: Number(r.bucket) })).sort(), `rollup buckets of ${feed.id}`).toEqual([...expected.keys()].sort());
    for (const s of stored) {
      const e = expected.get(bucketKey({ ...s, bucket: Number(s.bucket) }))!;
      const where = `${bucketKey(e)}`;
      expect({ min: Number(s.min), max: Number(s.max), count: Number(s.count), firstTs: Number(s.firstTs), first: Number(s.first), lastTs: Number(s.lastTs), last: Number(s.last) }, where)
        .toEqual({ min: e.min, max: e.max, count: e.count, firstTs: e.firstTs, first: e.first, lastTs: e.lastTs, last: e.last });
      // Sums merged batch by batch add in another order than one pass over the rows.
      expect(Math.abs(Number(s.sum) - e.sum), `${where} sum ${s.sum} vs ${e.sum}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(e.sum)));
      expect(Number(s.rising), `${where} rising`).toBeLessThanOrEqual(e.rising);
      compared++;
    }
  }
  return compared;
}

describe('ingest survives kill -9 of its server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitewatch-ingest-crash-'));
  const adminUrl = process.env.DATABASE_URL;
  let pgDb: ThrowawayDb | null = null;
  let db: Db | undefined;
  let server: ChildServer | null = null;

  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED: 'false',
    SIMULATE: 'false',
    SCRYPT_LOG_N: '10',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(dataDir, 'no-client'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });

  beforeAll(async () => {
    if (adminUrl) pgDb = await throwawayPostgres(adminUrl, 'sw_ingest_crash');
  });

  afterAll(async () => {
    await stopChild(server);
    await db?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  });

  it('keeps every acknowledged reading, stores each batch whole or not at all, and keeps rollups equal to the raw rows', { timeout: 180_000 }, async () => {
    // First start: migrates an empty database (no demo world: seeding it would be most of the test's time).
    server = await startChild(env(), { timeoutMs: START_TIMEOUT_MS });
    db = createDb({ databaseUrl: pgDb?.url, sqliteFile: path.join(dataDir, 'sitewatch.db') }).db;

    // One hub whose nodes stand on two sites, a whole-hour zone and a half-hour one, so local days split differently.
    const company = await addCompany(db);
    const london = await addSite(db, company, { timezone: 'Europe/London' });
    const kolkata = await addSite(db, company, { timezone: 'Asia/Kolkata' });
    const hubId = await addHub(db, london);
    const signal = await addSignalType(db, 'instant');
    for (let i = 0; i < FEEDS; i++) await addFeed(db, await addNode(db, hubId, i % 2 ? kolkata : london), signal);
    const feedRows = await db
      .selectFrom('feeds as f')
      .innerJoin('nodes as n', 'n.id', 'f.nodeId')
      .innerJoin('sites as s', 's.id', 'n.siteId')
      .select(['f.id', 's.timezone'])
      .where('n.hubId', '=', hubId)
      .orderBy('f.id')
      .execute();
    const feeds = feedRows.map((f) => f.id);
    // Rules that open and end events as the wandering feeds cross 5, so each batch's transaction writes alerts too.
    await db.insertInto('alertRules').values([
      { scopeFeedId: feeds[1]!, scopeSiteId: null, scopeSignalTypeId: null, condition: 'above' as const, low: null, high: 5, clearBy: 0.2 },
      { scopeFeedId: null, scopeSiteId: kolkata, scopeSignalTypeId: signal, condition: 'outside' as const, low: 3.3, high: 6.5, clearBy: 0 },
    ].map((r, i) => ({
      id: `crash-rule-${i}`, companyId: company, name: `Rule ${i}`, enabled: 1, scopeNodeId: null, ...r, forMinutes: 0, severity: 'major' as const,
      templateId: null, recipients: '[]', escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null, createdAt: Date.now(),
    }))).execute();
    const apiKey = 'crash-test-hub-key-0123456789';
    await insertHubApiKey(db, { id: 'crash-key', hubId, keyHash: sha256(apiKey), label: 'crash test', createdAt: Date.now() });

    const perFeed = Math.ceil(BATCH_READINGS / feeds.length);
    // 25 days back, on a quarter-hour plus 6 minutes, so batch boundaries fall inside buckets.
    const t0 = Math.floor((Date.now() - 25 * DAY) / 900_000) * 900_000 + 6 * 60_000;
    const tEnd = t0 + MAX_BATCHES * perFeed * STEP;
    expect(tEnd, 'the batches would reach the future: fewer batches or a shorter STEP').toBeLessThan(Date.now() - DAY);

    const post = (base: string, b: Batch) =>
      fetch(`${base}/api/ingest`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ readings: b.readings }) });

    // Posters take the next batch until the kill; each batch ends acknowledged (2xx) or unanswered.
    const acked = new Set<number>();
    const unanswered = new Set<number>();
    const refused: string[] = [];
    let next = 0;
    let inFlight = 0;
    let killed = false;
    let inFlightAtKill = 0;
    let killDone!: () => void;
    const kill = new Promise<void>((r) => (killDone = r));
    const first = server;
    const poster = async () => {
      while (!killed && next < MAX_BATCHES) {
        const b = batchOf(next++, feeds, perFeed, t0);
        inFlight++;
        try {
          const res = await post(first.base, b);
          const text = await res.text();
          if (res.ok) acked.add(b.index);
          else refused.push(`${res.status} ${text.slice(0, 200)}`);
        } catch {
          unanswered.add(b.index);
        } finally {
          inFlight--;
        }
        if (!killed && acked.size >= ACKED_BEFORE_KILL && inFlight > 0) {
          killed = true;
          inFlightAtKill = inFlight;
          void stopChild(first, 'SIGKILL').then(killDone);
        }
      }
    };
    await Promise.all(Array.from({ length: POSTERS }, poster));
    await kill;
    expect(refused, `batches refused before the kill; the server said:\n${first.output()}`).toEqual([]);
    expect(killed, `no kill: ${acked.size} batches acknowledged of ${next}`).toBe(true);
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(unanswered.size, 'batches in flight at the kill').toBeGreaterThan(0);
    expect(first.child.signalCode).toBe('SIGKILL');

    // Second start on the same data.
    server = await startChild(env(), { timeoutMs: START_TIMEOUT_MS });
    const sent = next;
    const byIndex = Array.from({ length: sent }, (_, i) => batchOf(i, feeds, perFeed, t0));
    let stored = await storedReadings(db, feeds, t0, tEnd);
    const present = (b: Batch) => b.readings.filter((r) => stored.get(key(r.feedId, r.ts)) === r.value).length;
    for (const i of acked) expect(present(byIndex[i]!), `acknowledged batch ${i}`).toBe(byIndex[i]!.readings.length);
    const committedUnanswered = [...unanswered].filter((i) => present(byIndex[i]!) > 0);
    for (const i of unanswered) expect([0, byIndex[i]!.readings.length], `unanswered batch ${i} is partly stored`).toContain(present(byIndex[i]!));
    // Nothing but what was sent: every stored row of the range is a reading of a sent batch, with its value.
    const sentKeys = new Set(byIndex.flatMap((b) => b.readings.map((r) => key(r.feedId, r.ts))));
    expect([...stored.keys()].filter((k) => !sentKeys.has(k))).toEqual([]);
    const timezones = feedRows.map((f) => ({ id: f.id, timezone: f.timezone }));
    // Daily buckets start at local midnight before t0: a day either side covers them.
    const compared = await expectRollupsMatchRaw(db, timezones, t0 - DAY, tEnd + DAY);
    expect(compared).toBeGreaterThan(0);

    // The hub resends what was never answered, to the restarted server: a batch already committed is all duplicates.
    for (const i of unanswered) {
      const res = await post(server.base, byIndex[i]!);
      const body = (await res.json()) as { data: { accepted: number; duplicates: number } };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const n = byIndex[i]!.readings.length;
      expect(body.data).toEqual(committedUnanswered.includes(i) ? { accepted: 0, duplicates: n } : { accepted: n, duplicates: 0 });
    }
    stored = await storedReadings(db, feeds, t0, tEnd);
    for (const b of byIndex) expect(present(b), `batch ${b.index} after the resend`).toBe(b.readings.length);
    expect(stored.size).toBe(sentKeys.size);
    await expectRollupsMatchRaw(db, timezones, t0 - DAY, tEnd + DAY);
    await stopChild(server);
  });
});
