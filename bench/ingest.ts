import path from 'node:path';
import { createDb, migrateToLatest, type Db } from '../server/db/database';
import type { AlertRulesTable } from '../server/db/alerts.schema';
import { storeReadings } from '../server/monitoring/ingest';
import { rawQuery, rowsPerStatement, valuesList } from '../server/monitoring/sql';
import { median, tempDir } from './readings-world';

/**
 * Ingest on a SQLite file, in batches like the seed's, three ways alternated into the same growing tables:
 * - rules: storeReadings for feeds of a company with 10,000 enabled alert rules: most watch the company's
 *   other 10,000 feeds (by feed, by node, by site and signal type); some watch the ingested feeds, a few of them
 *   tripping so that events open, peak and end during the run. The goal is on this leg.
 * - bare: storeReadings for the same shape of feeds in a company without rules; rules must keep ≥ 0.7 of it.
 * - plain: chunked inserts of the same rows into readings alone (B7's baseline: what rollups, latest values and
 *   last seen cost).
 * 15-minute readings are the worst case: nearly one rollup row per reading.
 */

const FEEDS = 100;
const BATCH = 20_000;
const BATCHES_PER_ROUND = 5;
const PAIRS = 7;
const GOAL = 50_000;
const RATIO_GOAL = 0.7;
/** The rules company's other devices: sites × nodes per site, one temperature feed per node. */
const OTHER_SITES = 100;
const NODES_PER_SITE = 100;
const RULES = 10_000;

const CO = 'bench-co';
const BARE_CO = 'bench-bare';
const USER = 'bench-user';
const TEMP = 'bench-temp';
const BATTERY = 'bench-battery';

async function site(db: Db, id: string, companyId: string, now: number): Promise<void> {
  await db.insertInto('sites').values({ id, companyId, parentSiteId: null, name: id, address: '', coordinates: '', latitude: null, longitude: null, timezone: 'Europe/London', safeMin: null, safeMax: null, createdAt: now }).execute();
  await db.insertInto('hubs').values({ id: `${id}-hub`, siteId: id, companyId, serial: `${id}-hub`, name: id, firmware: '', reportingPeriodS: 900, lastSeenAt: null, createdAt: now }).execute();
}

/** `count` nodes with one feed each on `siteId`, written in multi-row inserts (10,000 one by one would take seconds). */
async function nodes(db: Db, siteId: string, companyId: string, prefix: string, count: number, now: number, signalTypeId = TEMP): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-node-${i}`);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.insertInto('nodes').values(chunk.map((id) => ({ id, hubId: `${siteId}-hub`, siteId, companyId, name: id, serial: id, deviceType: 'Fridge Probe', batteryPct: null, signalDbm: null, lastSeenAt: null, createdAt: now }))).execute();
    await db.insertInto('feeds').values(chunk.map((id) => ({ id: `${id}-feed`, nodeId: id, companyId, signalTypeId, name: id, rangeMin: null, rangeMax: null }))).execute();
  }
  return ids.map((id) => `${id}-feed`);
}

type Rule = Pick<AlertRulesTable, 'scopeFeedId' | 'scopeNodeId' | 'scopeSiteId' | 'scopeSignalTypeId' | 'condition' | 'low' | 'high' | 'forMinutes' | 'clearBy' | 'severity'>;

const scope = (s: Partial<Pick<Rule, 'scopeFeedId' | 'scopeNodeId' | 'scopeSiteId' | 'scopeSignalTypeId'>>) => ({ scopeFeedId: null, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null, ...s });
const SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;

/**
 * The rules company: the ingested site with FEEDS feeds, OTHER_SITES × NODES_PER_SITE other feeds (plus a battery feed
 * per node of the first sites), and RULES rules. Of the rules on the ingested feeds, one feed in ten has an `above`
 * that its sine wave crosses a few times a batch; the others never trip.
 */
async function rulesWorld(db: Db, now: number): Promise<string[]> {
  await db.insertInto('companies').values({ id: CO, name: 'Bench', customerType: 'UKE', timezone: 'Europe/London', createdAt: now }).execute();
  await site(db, 'rules-site', CO, now);
  const ingested = await nodes(db, 'rules-site', CO, 'rules', FEEDS, now);
  const rules: Rule[] = [];
  // On the ingested feeds: per feed, tripping for one in ten (above 6.8 °C for 30 min, clear by 0.3) or far out of reach.
  ingested.forEach((feed, f) => rules.push({ ...scope({ scopeFeedId: feed }), condition: 'above', low: null, high: f % 10 === 0 ? 6.8 : 40, forMinutes: 30, clearBy: 0.3, severity: 'major' }));
  // A node rule on a fifth of them, and the site's signal-type rules that watch them all (none trip; 15-minute data is never 2 h silent).
  for (let n = 0; n < FEEDS; n += 5) rules.push({ ...scope({ scopeNodeId: `rules-node-${n}` }), condition: 'below', low: -10, high: null, forMinutes: 15, clearBy: 0.5, severity: 'minor' });
  rules.push({ ...scope({ scopeSiteId: 'rules-site', scopeSignalTypeId: TEMP }), condition: 'outside', low: -25, high: 45, forMinutes: 0, clearBy: 0, severity: 'critical' });
  rules.push({ ...scope({ scopeSiteId: 'rules-site', scopeSignalTypeId: TEMP }), condition: 'no_data', low: null, high: null, forMinutes: 120, clearBy: null, severity: 'warning' });

  // Elsewhere in the company: sites of fridges, each with site rules, node rules, feed rules and battery rules.
  const other: { site: string; nodes: string[]; feeds: string[] }[] = [];
  for (let s = 0; s < OTHER_SITES; s++) {
    const id = `other-${s}`;
    await site(db, id, CO, now);
    const feeds = await nodes(db, id, CO, id, NODES_PER_SITE, now);
    other.push({ site: id, nodes: feeds.map((f) => f.replace(/-feed$/, '')), feeds });
  }
  for (let s = 0; s < 10; s++) await nodes(db, `other-${s}`, CO, `other-${s}-battery`, NODES_PER_SITE, now, BATTERY);
  const perSite = Math.ceil((RULES - rules.length) / OTHER_SITES);
  for (let k = 0; rules.length < RULES; k++) {
    const o = other[k % OTHER_SITES]!;
    const i = Math.floor(k / OTHER_SITES);
    const severity = SEVERITIES[k % 4]!;
    if (i < 4) rules.push({ ...scope({ scopeSiteId: o.site, scopeSignalTypeId: TEMP }), condition: i % 2 ? 'below' : 'above', low: i % 2 ? 0 : null, high: i % 2 ? null : 8 + i, forMinutes: 15 * i, clearBy: 0.5, severity });
    else if (i === 4 && k % OTHER_SITES < 10) rules.push({ ...scope({ scopeSiteId: o.site, scopeSignalTypeId: BATTERY }), condition: 'battery_below', low: 20, high: null, forMinutes: 0, clearBy: 5, severity });
    else if (i < perSite / 2) rules.push({ ...scope({ scopeNodeId: o.nodes[i % NODES_PER_SITE] }), condition: i % 3 ? 'outside' : 'no_data', low: i % 3 ? 1 : null, high: i % 3 ? 8 : null, forMinutes: 30, clearBy: i % 3 ? 0.5 : null, severity });
    else rules.push({ ...scope({ scopeFeedId: o.feeds[i % NODES_PER_SITE] }), condition: 'above', low: null, high: 5 + (i % 5), forMinutes: 15 * (i % 4), clearBy: 0.5, severity });
  }
  const rows = rules.map((r, i) => ({
    id: `rule-${i}`, companyId: CO, name: `Rule ${i}`, enabled: 1, ...r, templateId: null, recipients: JSON.stringify([USER]), escalateTo: '[]',
    escalateAfterMinutes: null, mutedUntil: null, createdAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('alertRules').values(rows.slice(i, i + 500)).execute();
  return ingested;
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
    const now = Date.now();
    await db.insertInto('signalTypes').values([
      { id: TEMP, key: TEMP, name: 'Temperature', unit: '°C', kind: 'instant' },
      { id: BATTERY, key: 'battery', name: 'Battery', unit: '%', kind: 'instant' },
    ]).execute();
    await db.insertInto('users').values({ id: USER, email: 'bench@example.test', name: 'Bench', passwordHash: 'x', mfaEnabled: 0, locale: 'en', platformRole: null, disabled: 0, lastLoginAt: null, createdAt: now }).execute();
    const rulesFeeds = await rulesWorld(db, now);
    await db.insertInto('companies').values({ id: BARE_CO, name: 'Bare', customerType: 'UKE', timezone: 'Europe/London', createdAt: now }).execute();
    await site(db, 'bare-site', BARE_CO, now);
    await site(db, 'plain-site', BARE_CO, now);
    const start = Date.parse('2024-01-01T00:00:00Z');
    const withRules = { feeds: rulesFeeds, next: start };
    const bare = { feeds: await nodes(db, 'bare-site', BARE_CO, 'bare', FEEDS, now), next: start };
    const plain = { feeds: await nodes(db, 'plain-site', BARE_CO, 'plain', FEEDS, now), next: start };
    const batch = (w: typeof bare) => {
      const rows = [];
      for (let k = 0; k < BATCH / FEEDS; k++, w.next += 900_000) {
        for (let f = 0; f < FEEDS; f++) rows.push({ feedId: w.feeds[f]!, ts: w.next, value: 5 + 2 * Math.sin(w.next / 8.64e6 + f) });
      }
      return rows;
    };
    const rate = async (w: typeof bare, store: (rows: ReturnType<typeof batch>) => Promise<unknown>) => {
      const batches = Array.from({ length: BATCHES_PER_ROUND }, () => batch(w));
      const t0 = performance.now();
      for (const b of batches) await store(b);
      return (BATCH * BATCHES_PER_ROUND) / ((performance.now() - t0) / 1000);
    };
    const ruled: number[] = [];
    const bareRates: number[] = [];
    const plainRates: number[] = [];
    let touched = 0;
    for (let i = 0; i < PAIRS; i++) {
      // The order turns each round, so no leg always runs on the tables (and the caches) the one before left.
      const legs = [
        async () => ruled.push(await rate(withRules, async (rows) => (touched += (await storeReadings(db, rows)).alerts?.length ?? 0))),
        async () => bareRates.push(await rate(bare, (rows) => storeReadings(db, rows))),
        async () => plainRates.push(await rate(plain, (rows) => plainInsert(db, rows))),
      ];
      for (let j = 0; j < legs.length; j++) await legs[(i + j) % legs.length]!();
    }
    const events = await db.selectFrom('alertEvents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const value = median(ruled);
    const base = median(bareRates);
    const plainRate = median(plainRates);
    // Each round's own ratio, then their median: the machine's load drifts over a run, and a round's legs share it.
    const ratio = median(ruled.map((r, i) => r / bareRates[i]!));
    const fmt = (x: number) => Math.round(x).toLocaleString('en');
    if (Number(events.n) === 0) throw new Error('bench ingest: the tripping rules opened no event, so the rules leg measured less than it claims');
    return {
      ok: value >= GOAL && ratio >= RATIO_GOAL,
      line:
        `bench ingest: ${fmt(value)} readings/s with ${fmt(RULES)} alert rules (baseline ${fmt(base)} readings/s without rules, ratio ${ratio.toFixed(2)}, ` +
        `goal ≥ ${fmt(GOAL)} readings/s and ratio ≥ ${RATIO_GOAL}; ${fmt(Number(events.n))} events opened, ${fmt(touched)} event changes announced; ` +
        `B7: without rules ${(base / plainRate).toFixed(2)}× plain inserts of ${fmt(plainRate)} readings/s)`,
    };
  } finally {
    await db.destroy();
    tmp.remove();
  }
}
