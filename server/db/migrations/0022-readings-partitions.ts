import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: readings become a table partitioned by RANGE on ts, one partition per UTC month
 * (readings_y2026m11 holds [2026-11-01, 2026-12-01)), plus readings_default for any other instant, so a write never
 * fails for want of a partition. Same name, columns and primary key (feed_id, ts), which holds the partition key.
 * Existing rows are copied inside the migrator's one transaction. Created here: every month holding a row, and the
 * months ingest can write to now (730 days back, three ahead); server/jobs/partitions.ts keeps that window moving.
 * The constants are copied rather than imported, so this file means the same thing forever. SQLite is untouched.
 */
const DAY = 86_400_000;
const BACK_MS = 730 * DAY;
const MONTHS_AHEAD = 3;

const monthOf = (ts: number) => {
  const d = new Date(ts);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const startOf = (month: number) => Date.UTC(Math.floor(month / 12), month % 12, 1);
const nameOf = (month: number) => `readings_y${Math.floor(month / 12)}m${String((month % 12) + 1).padStart(2, '0')}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const now = Date.now();
  const months = new Set<number>();
  for (let m = monthOf(now - BACK_MS); m <= monthOf(now) + MONTHS_AHEAD; m++) months.add(m);
  // Months are counted in SQL so an old table is read once here, and once more by the copy.
  const held = await sql<{ y: number; m: number }>`
    SELECT DISTINCT extract(year FROM t)::int AS y, extract(month FROM t)::int AS m
    FROM (SELECT to_timestamp(ts / 1000.0) AT TIME ZONE 'UTC' AS t FROM readings) r`.execute(db);
  for (const r of held.rows) {
    const m = Number(r.y) * 12 + Number(r.m) - 1;
    // Beyond what a Date can hold the default partition keeps them.
    if (Number.isFinite(startOf(m + 1))) months.add(m);
  }

  await sql`ALTER TABLE readings RENAME TO readings_unpartitioned`.execute(db);
  await sql`ALTER TABLE readings_unpartitioned RENAME CONSTRAINT readings_pk TO readings_unpartitioned_pk`.execute(db);
  await sql`CREATE TABLE readings (
    feed_id varchar(64) NOT NULL, ts bigint NOT NULL, "value" double precision NOT NULL,
    CONSTRAINT readings_pk PRIMARY KEY (feed_id, ts)) PARTITION BY RANGE (ts)`.execute(db);
  await sql`CREATE TABLE readings_default PARTITION OF readings DEFAULT`.execute(db);
  for (const m of [...months].sort((a, b) => a - b)) {
    await sql`CREATE TABLE ${sql.id(nameOf(m))} PARTITION OF readings
      FOR VALUES FROM (${sql.lit(startOf(m))}) TO (${sql.lit(startOf(m + 1))})`.execute(db);
  }
  await sql`INSERT INTO readings (feed_id, ts, "value") SELECT feed_id, ts, "value" FROM readings_unpartitioned`.execute(db);
  await sql`DROP TABLE readings_unpartitioned`.execute(db);
}

/** Back to one plain table, rows and primary key kept. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`CREATE TABLE readings_plain (
    feed_id varchar(64) NOT NULL, ts bigint NOT NULL, "value" double precision NOT NULL,
    CONSTRAINT readings_plain_pk PRIMARY KEY (feed_id, ts))`.execute(db);
  await sql`INSERT INTO readings_plain SELECT feed_id, ts, "value" FROM readings`.execute(db);
  await sql`DROP TABLE readings`.execute(db);
  await sql`ALTER TABLE readings_plain RENAME TO readings`.execute(db);
  await sql`ALTER TABLE readings RENAME CONSTRAINT readings_plain_pk TO readings_pk`.execute(db);
}
