import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

/** An auto-numbered primary key in either dialect. */
export function serialId<T extends string>(db: Kysely<unknown>, t: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

// Migrations see the raw (snake_case) schema: the CamelCasePlugin does not rewrite schema-builder names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('customer_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(512)', (c) => c.notNull())
    .addColumn('mfa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('platform_role', 'varchar(16)')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'varchar(64)', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('refresh_families')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'varchar(64)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('shadow_kind', 'varchar(16)')
    .addColumn('shadow_company_id', 'varchar(64)')
    .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_families_user').on('refresh_families').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull().references('refresh_families.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('company_id', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('spent_at', 'bigint')
    .execute();

  await db.schema
    .createTable('otp_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await serialId(db, db.schema.createTable('mail_outbox'))
    .addColumn('to_addr', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_to').on('mail_outbox').columns(['to_addr', 'created_at']).execute();

  await db.schema
    .createTable('white_label_settings')
    .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('favicon_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('login_logo_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('site_logo_url', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('website_title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await serialId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_user_id', 'varchar(64)')
    .addColumn('subject_user_id', 'varchar(64)')
    .addColumn('company_id', 'varchar(64)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'varchar(320)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_attempts_key_at').on('auth_attempts').columns(['key', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'auth_attempts', 'audit_log', 'white_label_settings', 'mail_outbox', 'password_reset_tokens',
    'otp_challenges', 'refresh_tokens', 'refresh_families', 'memberships', 'users', 'companies',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
