import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Db } from '../db/database';

/**
 * Hand-written statements for the hot paths of readings (bulk inserts, rollup upserts and scans): the query builder
 * costs more than the database there, and rows come back snake_case without the camel-case plugin's per-row copy.
 * The text is written with `?` placeholders and numbered for PostgreSQL.
 */

export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535. */
export const maxParams = (db: Db): number => (isPostgres(db) ? 65_535 : 32_766);

const numbered = new Map<string, string>();
function forPostgres(text: string): string {
  let out = numbered.get(text);
  if (out === undefined) {
    let n = 0;
    out = text.replace(/\?/g, () => `$${++n}`);
    if (numbered.size > 500) numbered.clear();
    numbered.set(text, out);
  }
  return out;
}

export async function rawQuery<R>(db: Db, text: string, params: readonly unknown[]): Promise<R[]> {
  const q = CompiledQuery.raw(isPostgres(db) ? forPostgres(text) : text, params as unknown[]);
  return (await db.withoutPlugins().executeQuery<R>(q)).rows;
}

const tuples = new Map<string, string>();
/** `(?,?,?),(?,?,?)…` for `rows` rows of `row` (the text of one tuple), cached by shape. */
export function valuesList(row: string, rows: number): string {
  const key = `${row}|${rows}`;
  let s = tuples.get(key);
  if (s === undefined) {
    s = new Array<string>(rows).fill(row).join(',');
    if (tuples.size > 200) tuples.clear();
    tuples.set(key, s);
  }
  return s;
}

/** How many rows of `columns` parameters fit one statement (capped: huge statements parse slowly). */
export const rowsPerStatement = (db: Db, columns: number, cap = 2_000): number => Math.min(cap, Math.floor(maxParams(db) / columns));
