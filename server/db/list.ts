import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListAnswer, ListParams } from '../../src/api/contract/list';
import { sortOf } from '../../src/api/contract/list';

/** `%`, `_` and the escape character itself match literally in a LIKE pattern built from user input. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/** Case-insensitive LIKE; SQLite has no default escape character, so every pattern names one (PostgreSQL's is the same). */
export const like = (column: Expression<string>, pattern: string) => sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;

/** The words of a filter, lower-cased. */
export const termsOf = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);

/** Every word of `q` appears in one of the columns (a name filter: "cold room" finds "Cold Room 2" and "Room, cold"). */
export function matchesAll(columns: Expression<string>[], q: string): Expression<SqlBool> {
  const terms = termsOf(q);
  if (!terms.length) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(
    terms.map((term) => sql`(${sql.join(columns.map((c) => like(c, `%${escapeLike(term)}%`)), sql` or `)})`),
    sql` and `,
  )})`;
}

/** How a sortable field orders: the column (or select alias) and whether it is text, which sorts case-insensitively. */
export interface SortColumn {
  ref: string;
  text?: boolean;
}

/**
 * One page of a filtered query and the count of all its rows: the list answer of docs/product.md, API conventions. The query must select
 * without GROUP BY (aggregates as subqueries), so the count is the same query with its selection replaced. Rows with
 * equal sort values keep a stable order by `tiebreak` (the id), so paging never repeats or skips a row. The page is
 * read first and the count only when the page does not already tell it.
 */
export async function pageOf<DB, TB extends keyof DB, O, F extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams<F>,
  sorts: Record<F, SortColumn>,
  fallback: F,
  tiebreak: string,
): Promise<ListAnswer<O>> {
  const { field, desc } = sortOf(params.sort, fallback);
  const column = sorts[field] ?? sorts[fallback];
  const dir = desc ? sql`desc` : sql`asc`;
  const key = column.text ? sql`lower(${sql.ref(column.ref)})` : sql.ref(column.ref);
  // Literals, not parameters: SQLite plans a bounded top-N sort only when it can see the limit. Both are parsed
  // integers from the list query, never text.
  const limit = Math.trunc(params.limit);
  const offset = Math.trunc(params.offset);
  const rows = (await query
    .orderBy(sql`${key} ${dir}`)
    .orderBy(sql`${sql.ref(tiebreak)} ${dir}`)
    .limit(sql.lit(limit))
    .offset(sql.lit(offset))
    .execute()) as O[];
  // A page that is not full and not past the end holds the last matching row: the total is known without counting
  // (a filter down to a few rows, a serial typed in full, then costs one pass over the index instead of two).
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return { data: rows, total: offset + rows.length };
  const count = (await (query.clearSelect().clearOrderBy() as unknown as SelectQueryBuilder<DB, TB, object>)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total: number | string } | undefined;
  return { data: rows, total: Number(count?.total ?? 0) };
}
