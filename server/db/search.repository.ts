import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from './database';
import { escapeLike, like } from './list';
import type { AccessClaims } from '../auth/tokens';

/**
 * Rows each kind hands to the ranking. LIKE '%term%' cannot use an index, so the prefilter scans the company's rows
 * anyway; the cap bounds what is sorted, joined and sent, and the SQL order keeps the likely winners inside it.
 */
const CANDIDATES_PER_KIND = 200;

/** The query as both the prefilter and the ranking read it: lower case, runs of whitespace as one space. */
export interface Terms {
  text: string;
  terms: string[];
}

const containsAll = (column: Expression<string>, t: Terms) => sql.join(t.terms.map((term) => like(column, `%${escapeLike(term)}%`)), sql` and `);

/** Any of the columns holds every term (for users: the name or the email). */
function matches(columns: Expression<string>[], t: Terms) {
  return sql<SqlBool>`(${sql.join(columns.map((c) => sql`(${containsAll(c, t)})`), sql` or `)})`;
}

/**
 * 0 when a column starts with the query, 1 when a space-separated word does, else 2: the SQL side of the ranking,
 * so that a cap on thousands of substring hits never drops the prefix matches.
 */
function closeness(columns: Expression<string>[], t: Terms) {
  const any = (pattern: string) => sql.join(columns.map((c) => like(c, pattern)), sql` or `);
  const text = escapeLike(t.text);
  return sql<number>`case when ${any(`${text}%`)} then 0 when ${any(`% ${text}%`)} then 1 else 2 end`;
}

export const siteCandidates = (db: Db, companyId: string, t: Terms) => {
  const name = sql.ref<string>('sites.name');
  return db
    .selectFrom('sites')
    .leftJoin('sites as parent', 'parent.id', 'sites.parentSiteId')
    .select(['sites.id', 'sites.name', 'sites.address', 'parent.name as parentName'])
    .where('sites.companyId', '=', companyId)
    .where(matches([name], t))
    .orderBy(closeness([name], t))
    .orderBy(sql`length(${name})`)
    .orderBy('sites.id')
    .limit(CANDIDATES_PER_KIND)
    .execute();
};

export const nodeCandidates = (db: Db, companyId: string, t: Terms) => {
  const name = sql.ref<string>('nodes.name');
  return db
    .selectFrom('nodes')
    .innerJoin('sites', 'sites.id', 'nodes.siteId')
    .select(['nodes.id', 'nodes.name', 'nodes.deviceType', 'nodes.siteId', 'sites.name as siteName'])
    .where('nodes.companyId', '=', companyId)
    .where(matches([name], t))
    .orderBy(closeness([name], t))
    .orderBy(sql`length(${name})`)
    .orderBy('nodes.id')
    .limit(CANDIDATES_PER_KIND)
    .execute();
};

/**
 * Users to shadow (docs/product.md, Sessions): never a platform admin, the caller or a disabled account, which POST /api/shadow-user
 * refuses; offering them would only lead to a refusal.
 */
export const userCandidates = (db: Db, callerId: string, t: Terms) => {
  const columns = [sql.ref<string>('name'), sql.ref<string>('email')];
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('platformRole', 'is', null)
    .where('disabled', '=', 0)
    .where('id', '!=', callerId)
    .where(matches(columns, t))
    .orderBy(closeness(columns, t))
    .orderBy(sql`length(${columns[0]})`)
    .orderBy('id')
    .limit(CANDIDATES_PER_KIND)
    .execute();
};

/** The same companies GET /api/companies lists: a company shadow its own, an admin all, anyone else their memberships. */
export async function companyCandidates(db: Db, claims: AccessClaims, admin: boolean, t: Terms) {
  const name = sql.ref<string>('companies.name');
  let query = db
    .selectFrom('companies')
    .select(['companies.id', 'companies.name', 'companies.customerType'])
    .where(matches([name], t));
  if (claims.shd === 'company') {
    if (!claims.cid) return [];
    query = query.where('companies.id', '=', claims.cid);
  } else if (!admin) {
    query = query
      .innerJoin('memberships', 'memberships.companyId', 'companies.id')
      .where('memberships.userId', '=', claims.sub)
      .where('memberships.disabled', '=', 0)
      .where('memberships.invitedAt', 'is', null);
  }
  return query
    .orderBy(closeness([name], t))
    .orderBy(sql`length(${name})`)
    .orderBy('companies.id')
    .limit(CANDIDATES_PER_KIND)
    .execute();
}
