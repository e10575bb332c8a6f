import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * SQLite only: readings and their rollups become WITHOUT ROWID tables, clustered on their primary keys. A rowid table
 * writes every reading twice (the row, then the (feed_id, ts) index) and reads a feed's range through the index then
 * the row; clustered, ingest writes once and range scans read consecutive pages. PostgreSQL keeps its heap + index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`CREATE TABLE readings_clustered (
    feed_id varchar(64) NOT NULL, ts bigint NOT NULL, "value" double precision NOT NULL,
    PRIMARY KEY (feed_id, ts)) WITHOUT ROWID`.execute(db);
  await sql`INSERT INTO readings_clustered (feed_id, ts, "value") SELECT feed_id, ts, "value" FROM readings`.execute(db);
  await sql`DROP TABLE readings`.execute(db);
  await sql`ALTER TABLE readings_clustered RENAME TO readings`.execute(db);

  await sql`CREATE TABLE reading_rollups_clustered (
    feed_id varchar(64) NOT NULL, grain varchar(8) NOT NULL, bucket bigint NOT NULL,
    "min" double precision NOT NULL, "max" double precision NOT NULL, "sum" double precision NOT NULL, "count" integer NOT NULL,
    first_ts bigint NOT NULL, "first" double precision NOT NULL, last_ts bigint NOT NULL, "last" double precision NOT NULL,
    rising integer NOT NULL DEFAULT 0,
    PRIMARY KEY (feed_id, grain, bucket)) WITHOUT ROWID`.execute(db);
  await sql`INSERT INTO reading_rollups_clustered SELECT feed_id, grain, bucket, "min", "max", "sum", "count", first_ts, "first", last_ts, "last", rising FROM reading_rollups`.execute(db);
  await sql`DROP TABLE reading_rollups`.execute(db);
  await sql`ALTER TABLE reading_rollups_clustered RENAME TO reading_rollups`.execute(db);
}

// Same columns and keys either way; going back needs no change.
export async function down(): Promise<void> {}
