import type { Kysely } from 'kysely';

/**
 * Every new membership is an invitation until its person accepts it from the mail: the name the
 * inviting manager typed is kept with it (the account's own name is not theirs to learn before then), and so is the
 * hash of the accept link mailed to an account that already has a password. A set-password link mailed to an account
 * without one (or with one nobody confirmed) accepts the membership it names, and no other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memberships').addColumn('invited_name', 'varchar(200)').execute();
  await db.schema.alterTable('memberships').addColumn('invite_token_hash', 'varchar(64)').execute();
  await db.schema.createIndex('memberships_invite_token').on('memberships').column('invite_token_hash').execute();
  await db.schema.alterTable('password_reset_tokens').addColumn('company_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_reset_tokens').dropColumn('company_id').execute();
  await db.schema.dropIndex('memberships_invite_token').execute();
  await db.schema.alterTable('memberships').dropColumn('invite_token_hash').execute();
  await db.schema.alterTable('memberships').dropColumn('invited_name').execute();
}
