import type { Kysely } from 'kysely';

// External sign-in flows in flight (authorization code + PKCE). Rows live ten minutes and are deleted when used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_states')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('state_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('binding_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('return_url', 'varchar(2048)')
    .addColumn('remember_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_states_expires_at').on('oidc_states').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_states').ifExists().execute();
}
