import type { Kysely } from 'kysely';

/**
 * Medication fridge compliance reports: one per fridge and month, what people entered (checks, actions,
 * excursion records) and, once submitted, the report's own copy of its rows. Sites gain their two daily check times.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('check_am', 'varchar(5)', (c) => c.notNull().defaultTo('09:00')).execute();
  await db.schema.alterTable('sites').addColumn('check_pm', 'varchar(5)', (c) => c.notNull().defaultTo('16:00')).execute();
  await db.schema
    .createTable('medication_fridge_reports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // A submitted report is a record: the fridge may be deleted, its log stays (the node id is kept, not enforced).
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('period', 'varchar(7)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('day_entries', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('excursion_entries', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('snapshot', 'text')
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_by', 'varchar(64)')
    .addColumn('submitted_at', 'bigint')
    .execute();
  await db.schema.createIndex('medication_fridge_reports_fridge_month').on('medication_fridge_reports').columns(['node_id', 'period']).unique().execute();
  await db.schema.createIndex('medication_fridge_reports_site').on('medication_fridge_reports').columns(['site_id', 'period']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('medication_fridge_reports').execute();
  await db.schema.alterTable('sites').dropColumn('check_pm').execute();
  await db.schema.alterTable('sites').dropColumn('check_am').execute();
}
