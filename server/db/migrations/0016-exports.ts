import type { Kysely } from 'kysely';

/** Export jobs: a queue the workers of every instance share, each job's progress, file and mailed link. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'integer')
    .addColumn('error', 'text')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint')
    .addColumn('not_before', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'varchar(100)')
    .addColumn('token_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('export_jobs_queue').on('export_jobs').columns(['status', 'not_before']).execute();
  await db.schema.createIndex('export_jobs_company').on('export_jobs').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('export_jobs_token').on('export_jobs').column('token_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_jobs').execute();
}
