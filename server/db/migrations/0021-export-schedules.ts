import type { Kysely } from 'kysely';

/**
 * Export schedules: a site's export queued weekly or monthly for chosen members through the same
 * job queue. A job gains its recipients (null: its owner, as every job before this migration) and the schedule that
 * queued it; no foreign key there, so deleting a schedule keeps the jobs it made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_schedules')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('every', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('anchor_at', 'bigint', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('export_schedules_company').on('export_schedules').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('export_schedules_due').on('export_schedules').column('next_run_at').execute();
  await db.schema.alterTable('export_jobs').addColumn('recipients', 'text').execute();
  await db.schema.alterTable('export_jobs').addColumn('schedule_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('export_jobs').dropColumn('schedule_id').execute();
  await db.schema.alterTable('export_jobs').dropColumn('recipients').execute();
  await db.schema.dropTable('export_schedules').execute();
}
