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
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins }), dialect: 'sqlite' };
}

/** Prepared statements kept per connection; the hot paths repeat a few texts. */
const STATEMENT_CACHE = 64;

/**
 * Kysely's SQLite driver prepares every statement anew, and preparing a multi-row insert of the ingest path (up to
 * 12,000 placeholders) cost a third as much as running it: 13 of the seed's 56 s. Statements are reused by their
 * text, the least recently used dropped past STATEMENT_CACHE. better-sqlite3 resets a statement after each run, and
 * nothing here streams (a statement being iterated could not serve another call).
 */
function withStatementCache(sqlite: SQLite.Database): { prepare(text: string): SQLite.Statement; close(): void } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(text) {
      let stmt = cache.get(text);
      if (stmt) {
        cache.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, stmt);
      return stmt;
    },
    close: () => sqlite.close(),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
