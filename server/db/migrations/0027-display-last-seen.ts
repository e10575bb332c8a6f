import type { Kysely } from 'kysely';

/**
 * When each wall display last reached the server (its page's start, its stream), so a manager sees a screen that went
 * dark. Null until the display first connects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('displays').addColumn('last_seen_at', 'bigint').execute();
}
