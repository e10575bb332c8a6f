import type { Kysely } from 'kysely';

/**
 * Idempotency keys are kept per user, acting company and shadowing admin (docs/decisions.md, Idempotency-Key): a manager of two
 * companies sending the same key and body for the second one was answered the first one's object, and nothing was
 * written. Both new columns are part of the primary key, which must stay NOT NULL on PostgreSQL: '' stands for "no
 * company" (an admin outside any) and "not shadowing".
 *
 * The table is made anew rather than altered: SQLite cannot change a primary key in place, and the rows it held
 * cannot be given the company they were written for. Dropping them only means that a write sent before the upgrade
 * and retried after it runs again, as it would have after the 7 days anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'varchar(200)')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'company_id', 'actor_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

/** Back to migration 0017's table; the rows go, for the same reason as above. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'varchar(200)')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}
