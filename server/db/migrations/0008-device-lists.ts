import { sql, type Kysely } from 'kysely';

/**
 * The device management lists (hubs, nodes, feeds) filter by company and page in name order by default. With one index
 * per table on (company, lower(name), id) — the exact order of the list, tiebreak included — a page is read off the
 * index instead of sorting every row of the company (50,000 nodes). Feeds are also counted per signal type for one
 * company (the signal types list), which (company, signal type) answers without reading other companies' feeds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['hubs', 'nodes', 'feeds']) {
    await sql`CREATE INDEX ${sql.id(`${table}_company_name`)} ON ${sql.table(table)} (company_id, lower(name), id)`.execute(db);
  }
  await db.schema.createIndex('feeds_company_type').on('feeds').columns(['company_id', 'signal_type_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feeds_company_type').ifExists().execute();
  for (const table of ['hubs', 'nodes', 'feeds']) await db.schema.dropIndex(`${table}_company_name`).ifExists().execute();
}
