import type { Kysely } from 'kysely';

/**
 * Alerts: message templates, rules, the evaluator's state per (rule, feed), events with their history, the
 * notifications queued with them (sent by a worker, so a mail server's hiccup never fails an ingest), and the
 * single-use acknowledge links mails carry. Sites gain a maintenance window. Times are epoch ms like every table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sites').addColumn('muted_until', 'bigint').execute();

  await db.schema
    .createTable('message_templates')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_templates_company').on('message_templates').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('scope_feed_id', 'varchar(64)', (c) => c.references('feeds.id').onDelete('cascade'))
    .addColumn('scope_node_id', 'varchar(64)', (c) => c.references('nodes.id').onDelete('cascade'))
    .addColumn('scope_site_id', 'varchar(64)', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('scope_signal_type_id', 'varchar(64)', (c) => c.references('signal_types.id'))
    .addColumn('condition', 'varchar(16)', (c) => c.notNull())
    .addColumn('low', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('for_minutes', 'integer', (c) => c.notNull())
    .addColumn('clear_by', 'double precision')
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('template_id', 'varchar(64)', (c) => c.references('message_templates.id').onDelete('set null'))
    /** JSON arrays of user ids: small, read with the rule, never queried by member. */
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('escalate_to', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('escalate_after_minutes', 'integer')
    .addColumn('muted_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_rules_company').on('alert_rules').columns(['company_id', 'name']).execute();
  await db.schema.createIndex('alert_rules_feed').on('alert_rules').column('scope_feed_id').execute();
  await db.schema.createIndex('alert_rules_node').on('alert_rules').column('scope_node_id').execute();
  await db.schema.createIndex('alert_rules_site').on('alert_rules').columns(['scope_site_id', 'scope_signal_type_id']).execute();

  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('rule_id', 'varchar(64)', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('site_id', 'varchar(64)', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('node_id', 'varchar(64)', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
    .addColumn('feed_id', 'varchar(64)', (c) => c.references('feeds.id').onDelete('cascade'))
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('peak', 'double precision')
    .addColumn('detail', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('acknowledged_by', 'varchar(64)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('acknowledged_at', 'bigint')
    .addColumn('assignee_id', 'varchar(64)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('escalation_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('alert_events_company').on('alert_events').columns(['company_id', 'started_at']).execute();
  await db.schema.createIndex('alert_events_open').on('alert_events').columns(['rule_id', 'feed_id', 'ended_at']).execute();
  await db.schema.createIndex('alert_events_node').on('alert_events').columns(['node_id', 'started_at']).execute();

  // The evaluator's memory per (rule, feed): see server/alerts/evaluator.ts. Battery rules key by node (feed_id '').
  await db.schema
    .createTable('alert_states')
    .addColumn('rule_id', 'varchar(64)', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
    .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('phase', 'varchar(8)', (c) => c.notNull())
    .addColumn('last_ts', 'bigint')
    .addColumn('since', 'bigint')
    .addColumn('peak', 'double precision')
    .addColumn('watched_since', 'bigint', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.references('alert_events.id').onDelete('set null'))
    .addPrimaryKeyConstraint('alert_states_pk', ['rule_id', 'subject_id'])
    .execute();

  await db.schema
    .createTable('alert_event_history')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('alert_events.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'text')
    .execute();
  await db.schema.createIndex('alert_event_history_event').on('alert_event_history').columns(['event_id', 'at']).execute();

  await db.schema
    .createTable('alert_notifications')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('alert_events.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'varchar(500)')
    .execute();
  await db.schema.createIndex('alert_notifications_due').on('alert_notifications').columns(['sent_at', 'next_at']).execute();

  await db.schema
    .createTable('alert_links')
    .addColumn('token_hash', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull().references('alert_events.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['alert_links', 'alert_notifications', 'alert_event_history', 'alert_states', 'alert_events', 'alert_rules', 'message_templates']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await db.schema.alterTable('sites').dropColumn('muted_until').execute();
}
