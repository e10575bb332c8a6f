import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// int8 (bigint) carries our epoch-ms times; numbers fit safely well past year 200000.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  /** postgres:// URL; absent means embedded SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
}

export function createDb(opts: DbOptions): { db: Db; dialect: Dialect } {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, an administrator) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (e) => console.error(`postgres: idle connection lost (${e.message})`));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }), dialect: 'postgres' };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins }), dialect: 'sqlite' };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
