/**
 * Writes a planned world into the database: its rows in one transaction, then each feed's history through the same
 * ingest path as a hub's batch.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { rollupsOf, storeReadings, upsertRollups, type ReadingInput, type Rollup } from '../monitoring/ingest';
import { evaluateStored, type FeedReadings } from '../alerts/engine';
import { clears } from '../alerts/evaluator';
import { seedAlertRules, settleSeededAlerts, watchedFeeds } from './alerts';
import { seedPeople } from './people';
import { HOUR, offsetAt, type Grain } from '../monitoring/time';
import type { WorldOptions } from './catalogue';
import { feedHistory } from './history';
import { SIGNAL_TYPES } from './patterns';
import { planWorld, type WorldPlan } from './plan';
import { fridgeReports, lastMonths, signersOf } from './reports';
import type { MedicationFridgeReportsTable } from '../db/reports.schema';

export interface WorldSummary {
  sites: number;
  hubs: number;
  nodes: number;
  feeds: number;
  /** Raw readings written (through storeReadings, which also keeps their rollups). */
  readings: number;
  /** Rollup rows of the history older than raw retention, written alone. */
  historyRollups: number;
  ms: number;
}

const CHUNK_ROWS = 500;
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) await insert(rows.slice(i, i + CHUNK_ROWS));
}

/** Rows handed to storeReadings at a time: large enough to amortise its transaction, small enough to stay in cache. */
export const READINGS_CHUNK = 50_000;

/**
 * The grains the history older than raw retention keeps. Hours and local days serve every interval from an hour up;
 * quarter-hours beside them are one row per reading (17 M more rows by default, about another minute of seeding), so
 * they are kept only where hours need them: a zone off the whole hour (Asia/Kolkata) builds its hours from them.
 */
function historyGrains(zone: string, from: number, to: number): Grain[] {
  const wholeHours = offsetAt(from, zone) % HOUR === 0 && offsetAt(to, zone) % HOUR === 0;
  return wholeHours ? ['1h', '1d'] : ['15m', '1h', '1d'];
}

/**
 * Writes a planned world: signal types, tags, sites, hubs, nodes and feeds directly; then each feed's history in one
 * pass: the readings inside its retention window through storeReadings, the same path a hub's batch takes (it keeps
 * rollups, latest values and last-seen times), and the older history as its hourly and daily rollups alone, computed
 * by the same rollupsOf and merged by the same upsert, so both halves agree bucket for bucket.
 */
export async function writeWorld(db: Db, plan: WorldPlan, log: (line: string) => void = () => {}): Promise<WorldSummary> {
  const t0 = performance.now();
  await db
    .insertInto('signalTypes')
    .values(SIGNAL_TYPES.map((s) => ({ id: `st-${s.key}`, key: s.key, name: s.name, unit: s.unit, kind: s.kind })))
    // The built-in types' own unique index (signal_types_builtin_key): keys are unique per company, built-ins among themselves.
    .onConflict((oc) => oc.column('key').where('companyId', 'is', null).doNothing())
    .execute();
  const types = new Map((await db.selectFrom('signalTypes').select(['id', 'key']).where('companyId', 'is', null).execute()).map((t) => [t.key, t.id]));

  await db.transaction().execute(async (trx) => {
    await insertChunked(plan.tags, (c) => trx.insertInto('nodeTags').values(c).execute());
    // Parents before their sub-sites (the foreign key).
    const sites = [...plan.sites].sort((a, b) => Number(a.parentSiteId !== null) - Number(b.parentSiteId !== null));
    await insertChunked(sites, (c) => trx.insertInto('sites').values(c).execute());
    await insertChunked(plan.hubs, (c) =>
      trx.insertInto('hubs').values(c.map(({ quietSince: _q, ...h }) => ({ ...h, lastSeenAt: null }))).execute(),
    );
    await insertChunked(plan.nodes, (c) =>
      trx
        .insertInto('nodes')
        .values(c.map((n) => ({
          id: n.id, hubId: n.hubId, siteId: n.siteId, companyId: n.companyId, name: n.name, serial: n.serial,
          deviceType: n.deviceType, batteryPct: n.batteryPct, signalDbm: n.signalDbm, lastSeenAt: null, createdAt: n.createdAt,
        })))
        .execute(),
    );
    const feeds = plan.nodes.flatMap((n) => n.feeds);
    await insertChunked(feeds, (c) =>
      trx
        .insertInto('feeds')
        .values(c.map((f) => ({
          id: f.id, nodeId: f.nodeId, companyId: f.companyId, signalTypeId: types.get(f.signalKey)!, name: f.name,
          rangeMin: f.rangeMin, rangeMax: f.rangeMax,
        })))
        .execute(),
    );
    const links = plan.nodes.flatMap((n) => n.tagIds.map((tagId) => ({ nodeId: n.id, tagId })));
    await insertChunked(links, (c) => trx.insertInto('nodeTagLinks').values(c).execute());
  });
  // Before the rules, whose recipients are each company's managers.
  await seedPeople(db, plan);
  // Before the readings: the evaluator opens the history's events as the readings are stored, as it would live.
  await seedAlertRules(db, plan);
  const watched = watchedFeeds(plan);

  let readings = 0;
  let historyRollups = 0;
  let chunk: ReadingInput[] = [];
  let older: Rollup[] = [];
  let olderWatched: FeedReadings[] = [];
  const flush = async () => {
    if (chunk.length === 0 && older.length === 0) return;
    await db.transaction().execute(async (trx) => {
      // The older history first: the readings after it then merge into shared buckets as a later batch would, which
      // keeps each bucket's rising flag exact, and the evaluator meets every reading in time order.
      await upsertRollups(trx, older);
      await evaluateStored(trx, olderWatched, Date.now());
      readings += (await storeReadings(trx, chunk)).accepted;
    });
    historyRollups += older.length;
    chunk = [];
    older = [];
    olderWatched = [];
  };
  // The fridge logs are computed from the same readings as they are generated, so they cost no second pass.
  const signers = await signersOf(db, [...new Set(plan.nodes.map((n) => n.companyId))]);
  const sites = new Map(plan.sites.map((s) => [s.id, s]));
  const reports: MedicationFridgeReportsTable[] = [];
  const lastMonth = lastMonths(plan);
  for (const node of plan.nodes) {
    const grains = historyGrains(node.timezone, node.feeds[0]?.from ?? plan.end, plan.end);
    const logged = node.deviceType === 'Fridge Probe' ? node.feeds.find((f) => f.signalKey === 'temperature') : undefined;
    for (const feed of node.feeds) {
      const { ts, value } = feedHistory(plan, node, feed);
      const signer = signers.get(node.companyId);
      if (feed === logged && signer) reports.push(...fridgeReports(plan, sites.get(node.siteId)!, node, feed, { ts, value }, lastMonth.get(node.id) ?? 'none', signer));
      let raw = 0;
      while (raw < ts.length && ts[raw]! < feed.rawFrom) raw++;
      if (raw > 0) rollupsOf(feed.id, ts.subarray(0, raw), value.subarray(0, raw), node.timezone, older, grains);
      const rule = watched.get(feed.id);
      if (raw > 0 && rule !== undefined) {
        // The evaluator starts clear here, and readings that stay clear of a threshold rule change nothing but its last
        // time: the last one stands for them all (most lights never fail a test in three months).
        const first = rule && value.subarray(0, raw).every((v) => clears(rule, v)) ? raw - 1 : 0;
        olderWatched.push({ feedId: feed.id, ts: Array.from(ts.subarray(first, raw)), values: Array.from(value.subarray(first, raw)) });
      }
      for (let i = raw; i < ts.length; i++) chunk.push({ feedId: feed.id, ts: ts[i]!, value: value[i]! });
      if (chunk.length >= READINGS_CHUNK || older.length >= READINGS_CHUNK) await flush();
    }
  }
  await flush();
  await insertChunked(reports, (c) => db.insertInto('medicationFridgeReports').values(c).execute());
  await settleSeededAlerts(db, plan);
  const summary = {
    sites: plan.sites.length, hubs: plan.hubs.length, nodes: plan.nodes.length,
    feeds: plan.nodes.reduce((s, n) => s + n.feeds.length, 0), readings, historyRollups, ms: Math.round(performance.now() - t0),
  };
  log(`demo world: ${summary.sites} sites, ${summary.hubs} hubs, ${summary.nodes} nodes, ${summary.feeds} feeds, ${summary.readings} readings`
    + ` and ${summary.historyRollups} rollups of older history in ${(summary.ms / 1000).toFixed(1)} s`);
  return summary;
}

/** Plans and writes the world for the companies in the database (the demo companies on a fresh one). */
export async function seedWorld(db: Db, options: Partial<WorldOptions> = {}, log?: (line: string) => void): Promise<{ plan: WorldPlan; summary: WorldSummary }> {
  const companies = await db.selectFrom('companies').select(['id', 'name', 'customerType', 'timezone']).orderBy('name').execute();
  const plan = planWorld(companies, options);
  return { plan, summary: await writeWorld(db, plan, log) };
}

/** True when the database has no sites yet (the world is seeded once, like the accounts). */
export async function worldIsEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('sites').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
  return !row;
}
