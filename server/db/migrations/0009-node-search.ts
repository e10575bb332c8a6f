import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The Nodes list of a large company (50,000 nodes), filtered as one types:
 * - (company, lower(name), id, lower(serial)) replaces (company, lower(name), id). A filter matches every word in the
 *   name or the serial; with the serial in the index, both the page (read in name order until it is full) and the count
 *   test each node inside the index instead of fetching its row. A word found only near the end of the alphabet read
 *   50,000 rows at random (SQLite: 58 → 7 ms; the count 24 → 7 ms).
 * - (hub_id, last_seen_at) replaces (hub_id): a site's node count and its nodes online are counted per hub inside the
 *   index (the Sites list, which every device screen loads for its pickers, took 100 ms at 50,000 nodes and held the
 *   Nodes list's first page behind it).
 * - PostgreSQL with pg_trgm (a contrib extension, absent on some machines): trigram GIN indexes on the same lower()
 *   expressions, which `LIKE '%word%'` uses directly. Without the extension the B-tree above still serves the list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX nodes_company_search ON nodes (company_id, lower(name), id, lower(serial))`.execute(db);
  await db.schema.dropIndex('nodes_company_name').ifExists().execute();
  await db.schema.createIndex('nodes_hub_seen').on('nodes').columns(['hub_id', 'last_seen_at']).execute();
  await db.schema.dropIndex('nodes_hub').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter && (await trigramsAvailable(db))) {
    await sql`CREATE INDEX nodes_name_trgm ON nodes USING gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`CREATE INDEX nodes_serial_trgm ON nodes USING gin (lower(serial) gin_trgm_ops)`.execute(db);
  }
}

/**
 * Whether pg_trgm is installed or can be: the migrations run in one transaction on PostgreSQL, so a refused CREATE
 * EXTENSION (not shipped, or no right to create it) is rolled back to a savepoint instead of failing the migration.
 */
async function trigramsAvailable(db: Kysely<unknown>): Promise<boolean> {
  const shipped = await sql<{ name: string }>`SELECT name FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  if (!shipped.rows.length) return false;
  await sql`SAVEPOINT pg_trgm`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`RELEASE SAVEPOINT pg_trgm`.execute(db);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT pg_trgm`.execute(db);
    return false;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('nodes_serial_trgm').ifExists().execute();
  await db.schema.dropIndex('nodes_name_trgm').ifExists().execute();
  await db.schema.createIndex('nodes_hub').on('nodes').column('hub_id').execute();
  await db.schema.dropIndex('nodes_hub_seen').ifExists().execute();
  await sql`CREATE INDEX nodes_company_name ON nodes (company_id, lower(name), id)`.execute(db);
  await db.schema.dropIndex('nodes_company_search').ifExists().execute();
}
