import type { Kysely } from 'kysely';

/**
 * Sign-up confirms the email before the account can sign in. Every account that exists already
 * came from the seed, an invitation (whose set-password link proved the address) or an external provider, so all
 * are verified; only sign-up creates unverified ones. One row per link mailed, kept hashed like reset tokens, with the
 * password hash of the sign-up that mailed it: following a link sets that sign-up's password, so a second sign-up with
 * the same address (by someone else) cannot change what the first one's link confirms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createTable('email_verification_tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verification_tokens_user').on('email_verification_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verification_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified').execute();
}
