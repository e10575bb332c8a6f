import type { Kysely } from 'kysely';

/** The newest reading of each feed, maintained on ingest, so "now" views never scan readings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_latest')
    .addColumn('feed_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_latest').ifExists().execute();
}
