import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, call, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from './readings-fixtures';
import { createDb, type Db } from '../../server/db/database';
import { storeReadings } from '../../server/monitoring/ingest';
import { localDayStart } from '../../server/monitoring/time';
import { MONTHS_AHEAD, ensurePartitions, maintainReadings, partitionName, readingPartitions } from '../../server/jobs/partitions';
import { INGEST_MAX_AGE_MS, INGEST_MAX_FUTURE_MS } from '../../server/routes/ingest';

const DAY = 86_400_000;
const QUARTER = 900_000;
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Partitions exist on PostgreSQL only; SQLite keeps one clustered table (migration 0006), so there is nothing to look at. */
const pgOnly = it.skipIf(!onPostgres);

const monthOf = (ts: number) => new Date(ts).getUTCFullYear() * 12 + new Date(ts).getUTCMonth();
const rowsIn = async (db: Db, table: string) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);
/** Where each of a feed's rows lives: partition name → rows. */
async function placement(db: Db, feedId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ part: string; n: string }>`SELECT tableoid::regclass::text AS part, count(*) AS n FROM readings WHERE feed_id = ${feedId} GROUP BY 1`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.part, Number(r.n)]));
}

describe('readings partitions (PostgreSQL) and raw retention (both databases)', () => {
  let t: TestApp;
  let db: Db;
  let company: string;
  let token: string;
  const now = Date.now();

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.deps.db;
    company = await addCompany(db);
    token = (await memberOf(t.app, db, company, 'viewer')).token;
  });
  afterAll(() => t.close());

  /** A site in `zone` with one feed of `kind`. */
  async function feedIn(zone: string, kind: 'instant' | 'counter') {
    const site = await addSite(db, company, { timezone: zone });
    const node = await addNode(db, await addHub(db, site));
    return { site, feed: await addFeed(db, node, await addSignalType(db, kind)) };
  }

  const readings = async (site: string, body: Record<string, unknown>) => {
    const r = await call(t.app, 'POST', `/api/site-dashboard/${site}/readings`, body, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.series as { t: number[]; [k: string]: number[] }[];
  };

  pgOnly('is partitioned by month after the migration: 730 days back to MONTHS_AHEAD ahead, a default, one primary key', async () => {
    const kind = await sql<{ k: string }>`SELECT relkind::text AS k FROM pg_class WHERE oid = 'readings'::regclass`.execute(db);
    expect(kind.rows[0]!.k).toBe('p');
    const names = (await readingPartitions(db)).map((p) => p.name);
    for (let m = monthOf(now - INGEST_MAX_AGE_MS); m <= monthOf(now) + MONTHS_AHEAD; m++) expect(names).toContain(partitionName(m));
    expect(names).toContain(`readings_y${new Date(now).getUTCFullYear()}m${String(new Date(now).getUTCMonth() + 1).padStart(2, '0')}`);
    const def = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_inherits WHERE inhparent = 'readings'::regclass AND inhrelid = 'readings_default'::regclass`.execute(db);
    expect(Number(def.rows[0]!.n)).toBe(1);
    const pk = await sql<{ def: string }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'readings'::regclass AND contype = 'p'`.execute(db);
    expect(pk.rows.map((r) => r.def)).toEqual(['PRIMARY KEY (feed_id, ts)']);
  });

  it('stores what ingest accepts (730 days back to 5 minutes ahead) in month partitions, and anything else in the default', async () => {
    const { site, feed } = await feedIn('Europe/London', 'instant');
    const oldest = now - INGEST_MAX_AGE_MS + DAY;
    const odd = Date.UTC(2019, 5, 10, 12);
    const rows = [{ feedId: feed, ts: odd, value: 1 }, { feedId: feed, ts: oldest, value: 2 }, { feedId: feed, ts: now + INGEST_MAX_FUTURE_MS - 1, value: 3 }];
    expect((await storeReadings(db, rows)).accepted).toBe(3);
    // A range spans at most 400 days: one call around each reading.
    const around = async (ts: number) => {
      const s = await readings(site, { feedIds: [feed], from: new Date(ts - DAY).toISOString(), to: new Date(ts + 2 * DAY).toISOString(), interval: '24hours', dataViewType: 'RawData' });
      return s[0]!.value;
    };
    const answers = async () => [await around(odd), await around(oldest), await around(now)];
    expect(await answers()).toEqual([[1], [2], [3]]);
    if (onPostgres) {
      expect(await placement(db, feed)).toEqual({ readings_default: 1, [partitionName(monthOf(oldest))]: 1, [partitionName(monthOf(now + INGEST_MAX_FUTURE_MS))]: 1 });
      // The pass gives the odd month a partition of its own, moving the row out of the default.
      const pass = await ensurePartitions(db, now);
      expect(pass).toEqual({ created: [partitionName(monthOf(odd))], moved: 1 });
      expect(await placement(db, feed)).toEqual({ readings_y2019m06: 1, [partitionName(monthOf(oldest))]: 1, [partitionName(monthOf(now + INGEST_MAX_FUTURE_MS))]: 1 });
      expect(await rowsIn(db, 'readings_default')).toBe(0);
      // A later reading of that month goes straight to it.
      await storeReadings(db, [{ feedId: feed, ts: odd + DAY, value: 4 }]);
      expect((await placement(db, feed)).readings_y2019m06).toBe(2);
    }
    expect(await answers()).toEqual([onPostgres ? [1, 4] : [1], [2], [3]]);
  });

  pgOnly('makes the months ahead once, whether passes run one after another or at once on two instances', async () => {
    const later = now + 8 * 31 * DAY;
    const expected = [];
    const have = new Set((await readingPartitions(db)).map((p) => p.name));
    for (let m = monthOf(now) + MONTHS_AHEAD + 1; m <= monthOf(later) + MONTHS_AHEAD; m++) if (!have.has(partitionName(m))) expected.push(partitionName(m));
    expect(expected.length).toBeGreaterThanOrEqual(7);
    const other = createDb({ databaseUrl: t.deps.config.DATABASE_URL });
    try {
      const passes = await Promise.all([ensurePartitions(db, later), ensurePartitions(other.db, later), ensurePartitions(db, later), ensurePartitions(other.db, later)]);
      const made = passes.flatMap((p) => p.created);
      expect([...made].sort()).toEqual([...expected].sort());
      expect(await ensurePartitions(other.db, later)).toEqual({ created: [], moved: 0 });
    } finally {
      await other.db.destroy();
    }
    const names = (await readingPartitions(db)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([...have, ...expected]));
    expect(new Set(names).size).toBe(names.length);
  });

  describe('raw retention', () => {
    const KEEP = 30;
    const HISTORY = 75;
    const from = Math.floor((now - HISTORY * DAY) / QUARTER) * QUARTER;
    const to = Math.floor(now / QUARTER) * QUARTER;
    let london: { site: string; feed: string };
    let kolkata: { site: string; feed: string };
    let meter: { site: string; feed: string };
    let reset: number;

    beforeAll(async () => {
      london = await feedIn('Europe/London', 'instant');
      kolkata = await feedIn('Asia/Kolkata', 'instant');
      meter = await feedIn('America/Santiago', 'counter');
      const rows = [];
      // The meter is replaced (register back to zero) 50 days ago, at local noon: a non-rising day past retention. (A
      // fixed offset from `from` fell on Santiago's midnight when the suite ran between 01:15 and 01:30 UTC, and a day
      // that starts with the reset does rise.)
      reset = localDayStart(from + 25 * DAY, 'America/Santiago') + 12 * 4 * QUARTER;
      let register = 1000;
      for (let ts = from; ts < to; ts += QUARTER) {
        rows.push({ feedId: london.feed, ts, value: 4 + Math.sin(ts / 7e6) });
        rows.push({ feedId: kolkata.feed, ts, value: 20 + Math.cos(ts / 9e6) });
        register = ts === reset ? 0.25 : register + 0.5 + ((ts / QUARTER) % 3);
        rows.push({ feedId: meter.feed, ts, value: register });
      }
      for (let i = 0; i < rows.length; i += 5_000) await storeReadings(db, rows.slice(i, i + 5_000));
    });

    const rollups = () => db.selectFrom('readingRollups').selectAll().where('feedId', 'in', [london.feed, kolkata.feed, meter.feed]).orderBy('feedId').orderBy('grain').orderBy('bucket').execute();
    const span = (a: number, b: number) => ({ from: new Date(a).toISOString(), to: new Date(b).toISOString() });
    /** Every view that rollups serve, over the whole history, for each feed's site. */
    const aggregated = async () => {
      const out: unknown[] = [];
      for (const f of [london, kolkata]) {
        out.push(await readings(f.site, { feedIds: [f.feed], ...span(from, to), interval: '24hours', dataViewType: 'MinMax' }));
        out.push(await readings(f.site, { feedIds: [f.feed], ...span(from, to), interval: '1hour', aggregation: 2, dataViewType: 'RawData' }));
        out.push(await readings(f.site, { feedIds: [f.feed], ...span(from, to), interval: '15minutes', aggregation: 6, dataViewType: 'RawData' }));
      }
      for (const interval of ['24hours', '1hour', '15minutes']) {
        out.push(await readings(meter.site, { feedIds: [meter.feed], ...span(from, to), interval, dataViewType: 'ConsumptionPeriod' }));
        out.push(await readings(meter.site, { feedIds: [meter.feed], ...span(from, to), interval, dataViewType: 'ConsumptionOverTime' }));
      }
      return out;
    };
    const raw = (f: { site: string; feed: string }, a: number, b: number) => readings(f.site, { feedIds: [f.feed], ...span(a, b), interval: '15minutes', dataViewType: 'RawData' });

    it('deletes raw readings before the local midnight KEEP days back, keeps every rollup, and answers aggregated views unchanged', async () => {
      const rollupsBefore = await rollups();
      const viewsBefore = await aggregated();
      const rawBefore = { london: await raw(london, from, to), kolkata: await raw(kolkata, from, to), recent: await raw(london, now - 10 * DAY, to) };
      // The reset's day really is summed from raw rows before retention (its daily bucket does not rise).
      expect(rollupsBefore.some((r) => r.feedId === meter.feed && r.grain === '1d' && r.rising === 0 && r.firstTs <= reset && r.lastTs >= reset)).toBe(true);
      const partitionsBefore = await readingPartitions(db);

      const pass = await maintainReadings(db, now, { retentionDays: KEEP });
      const cut = (zone: string) => localDayStart(now - KEEP * DAY, zone);
      expect(pass.cuts).toMatchObject({ 'Europe/London': cut('Europe/London'), 'Asia/Kolkata': cut('Asia/Kolkata'), 'America/Santiago': cut('America/Santiago') });
      for (const [f, zone] of [[london, 'Europe/London'], [kolkata, 'Asia/Kolkata'], [meter, 'America/Santiago']] as const) {
        const left = await db.selectFrom('readings').select([sql<number>`min(ts)`.as('first'), sql<number>`count(*)`.as('n')]).where('feedId', '=', f.feed).executeTakeFirstOrThrow();
        const first = Math.ceil(cut(zone) / QUARTER) * QUARTER;
        expect(Number(left.first), zone).toBe(first);
        expect(Number(left.n), zone).toBe((to - first) / QUARTER);
      }
      expect(await rollups()).toEqual(rollupsBefore);
      expect(await aggregated()).toEqual(viewsBefore);
      // RawData without aggregation answers what is kept: the same points from the cut on, none before.
      const kept = (s: { t: number[]; value: number[] }[], at: number) => {
        const i = s[0]!.t.findIndex((x) => x >= at);
        return { t: s[0]!.t.slice(i), value: s[0]!.value.slice(i) };
      };
      const rawAfter = await raw(london, from, to);
      expect(rawAfter[0]!.t[0]).toBe(Math.ceil(cut('Europe/London') / QUARTER) * QUARTER);
      expect({ t: rawAfter[0]!.t, value: rawAfter[0]!.value }).toEqual(kept(rawBefore.london as never, cut('Europe/London')));
      expect((await raw(kolkata, from, to))[0]!.t[0]).toBe(Math.ceil(cut('Asia/Kolkata') / QUARTER) * QUARTER);
      expect(await raw(london, now - 10 * DAY, to)).toEqual(rawBefore.recent);

      if (onPostgres) {
        // Months wholly before every cut went as partitions; the window of partitions now starts at the cut's month.
        const gone = partitionsBefore.filter((p) => p.to <= pass.everywhere!).map((p) => p.name);
        expect(gone.length).toBeGreaterThan(0);
        expect(pass.dropped).toEqual(gone);
        const after = await readingPartitions(db);
        expect(after.filter((p) => p.to <= pass.everywhere!)).toEqual([]);
        expect(after.map((p) => p.name)).toContain(partitionName(monthOf(pass.everywhere!)));
      }
      // The next pass finds nothing to do, and makes no month it would drop again.
      expect(await maintainReadings(db, now, { retentionDays: KEEP })).toMatchObject({ created: [], moved: 0, dropped: [], deleted: 0 });
    });

    it('leaves raw readings alone without RAW_RETENTION_DAYS', async () => {
      const count = await rowsIn(db, 'readings');
      const pass = await maintainReadings(db, now + 400 * DAY);
      expect(pass.deleted).toBeUndefined();
      expect(await rowsIn(db, 'readings')).toBe(count);
    });
  });
});
