import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Signal-type keys unique per company instead of platform-wide: the built-in types (no company) are unique among
 * themselves (a partial index, which the seed's upsert names as its conflict target), a company's types among the
 * company's. That a company's key may not repeat a built-in one is the resource's check (an index cannot say it).
 * PostgreSQL drops the column's UNIQUE constraint; SQLite cannot drop one, so the table is rebuilt around the same rows
 * with foreign keys off (feeds reference it), in a transaction of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE signal_types DROP CONSTRAINT IF EXISTS signal_types_key_key`.execute(db);
  } else {
    await rebuildSqlite(db, false);
  }
  await sql`CREATE UNIQUE INDEX signal_types_builtin_key ON signal_types (${sql.ref('key')}) WHERE company_id IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX signal_types_company_key ON signal_types (company_id, ${sql.ref('key')})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('signal_types_company_key').ifExists().execute();
  await db.schema.dropIndex('signal_types_builtin_key').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`ALTER TABLE signal_types ADD CONSTRAINT signal_types_key_key UNIQUE (${sql.ref('key')})`.execute(db);
  } else {
    await rebuildSqlite(db, true);
  }
}

/** SQLite's documented table change: a new table, the rows copied, the old dropped, the new renamed. */
async function rebuildSqlite(db: Kysely<unknown>, uniqueKey: boolean): Promise<void> {
  // Not inside a transaction: SQLite ignores this pragma there.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`CREATE TABLE signal_types_rebuilt (
        id varchar(64) PRIMARY KEY, ${sql.ref('key')} varchar(64) NOT NULL ${uniqueKey ? sql`UNIQUE` : sql``}, name varchar(200) NOT NULL,
        unit varchar(32) NOT NULL, kind varchar(16) NOT NULL, company_id varchar(64) REFERENCES companies (id) ON DELETE CASCADE)`.execute(trx);
      await sql`INSERT INTO signal_types_rebuilt (id, ${sql.ref('key')}, name, unit, kind, company_id)
        SELECT id, ${sql.ref('key')}, name, unit, kind, company_id FROM signal_types`.execute(trx);
      await sql`DROP TABLE signal_types`.execute(trx);
      await sql`ALTER TABLE signal_types_rebuilt RENAME TO signal_types`.execute(trx);
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`signal_types rebuild broke ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
