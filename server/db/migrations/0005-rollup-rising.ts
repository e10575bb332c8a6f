import type { Kysely } from 'kysely';

/**
 * Whether a rollup bucket's readings never decrease, so a counter's consumption inside it is last − first. Existing
 * rows get 0 ("not known"), which only makes the readings engine read those buckets' raw rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reading_rollups').addColumn('rising', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reading_rollups').dropColumn('rising').execute();
}
