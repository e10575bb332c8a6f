import type { Kysely } from 'kysely';

/**
 * Wall displays (docs/product.md, Wall displays): a playlist of a company's sites shown without sign-in, opened by a key of which only the
 * hash is kept. The sites are rows of their own, in playlist order, so a deleted site leaves the playlists it was on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('displays')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('every_seconds', 'integer', (c) => c.notNull())
    .addColumn('theme', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('displays_company').on('displays').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('display_sites')
    .addColumn('display_id', 'varchar(64)', (c) => c.notNull().references('displays.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('display_sites_pk', ['display_id', 'site_id'])
    .execute();
  await db.schema.createIndex('display_sites_site').on('display_sites').column('site_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('display_sites').execute();
  await db.schema.dropTable('displays').execute();
}
