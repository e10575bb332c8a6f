import type { Kysely } from 'kysely';

/**
 * Management: per-membership invites and disabling (docs/product.md, Management: `PUT /api/users/{id}` acts on the membership in the
 * token's company), company-owned signal types beside the platform's built-in ones, the shadow kind on audit entries
 * so the audit view can mark and filter shadow sessions, and one tag name per company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memberships').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('memberships').addColumn('invited_at', 'bigint').execute();
  await db.schema.alterTable('signal_types').addColumn('company_id', 'varchar(64)', (c) => c.references('companies.id').onDelete('cascade')).execute();
  await db.schema.alterTable('audit_log').addColumn('shadow', 'varchar(16)').execute();
  await db.schema.createIndex('audit_log_company_at').on('audit_log').columns(['company_id', 'at']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('node_tags_company_name').on('node_tags').columns(['company_id', 'name']).unique().execute();
  await db.schema.createIndex('node_tag_links_tag').on('node_tag_links').column('tag_id').execute();
  await db.schema.createIndex('feeds_signal_type').on('feeds').column('signal_type_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feeds_signal_type').ifExists().execute();
  await db.schema.dropIndex('node_tag_links_tag').ifExists().execute();
  await db.schema.dropIndex('node_tags_company_name').ifExists().execute();
  await db.schema.dropIndex('audit_log_at').ifExists().execute();
  await db.schema.dropIndex('audit_log_company_at').ifExists().execute();
  await db.schema.alterTable('audit_log').dropColumn('shadow').execute();
  await db.schema.alterTable('signal_types').dropColumn('company_id').execute();
  await db.schema.alterTable('memberships').dropColumn('invited_at').execute();
  await db.schema.alterTable('memberships').dropColumn('disabled').execute();
}
