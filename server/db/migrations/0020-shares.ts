import type { Kysely } from 'kysely';

/**
 * Shared dashboard links (docs/product.md, Share links): one site read without sign-in until the link expires or is revoked. Only the
 * token's hash is kept, unique so that a lookup by it is one index probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_shares')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(64)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('site_shares_site').on('site_shares').columns(['site_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_shares').execute();
}
