import type { FastifyInstance } from 'fastify';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { parse } from '../errors';
import { escapeLike, like } from '../db/list';
import type { Db } from '../db/database';
import type { AccessClaims } from '../auth/tokens';
import { tokenCompany } from '../auth/site-scope';
import { isPlatformAdmin } from '../monitoring/site-access';
import { searchQuery, type SearchKind, type SearchResult } from '../../src/api/contract/search';

/**
 * Rows each kind hands to the ranking. LIKE '%term%' cannot use an index, so the prefilter scans the company's rows
 * anyway; the cap bounds what is sorted, joined and sent, and the SQL order keeps the likely winners inside it.
 */
const CANDIDATES_PER_KIND = 200;

const SCORE = { exact: 5, prefix: 4, wordPrefix: 3, substring: 2, allTerms: 1 } as const;

/** The query as both the prefilter and the ranking read it: lower case, runs of whitespace as one space. */
interface Terms {
  text: string;
  terms: string[];
}

function termsOf(q: string): Terms {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
  return { text: terms.join(' '), terms };
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

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** How well one text matches the query, 0 when it does not. */
function scoreText(text: string, t: Terms): number {
  const s = text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
  if (s === t.text) return SCORE.exact;
  if (s.startsWith(t.text)) return SCORE.prefix;
  for (let i = s.indexOf(t.text); i >= 0; i = s.indexOf(t.text, i + 1)) {
    if (!isWordChar(s[i - 1])) return SCORE.wordPrefix;
  }
  if (s.includes(t.text)) return SCORE.substring;
  return t.terms.every((term) => s.includes(term)) ? SCORE.allTerms : 0;
}

const byRank = (a: SearchResult, b: SearchResult) =>
  b.score - a.score ||
  a.label.length - b.label.length ||
  a.label.localeCompare(b.label, 'en', { sensitivity: 'base' }) ||
  (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function sitesMatching(db: Db, companyId: string, t: Terms): Promise<SearchResult[]> {
  const name = sql.ref<string>('sites.name');
  const rows = await db
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
  return rows.map((r) => ({
    kind: 'site', id: r.id, label: r.name, detail: r.parentName ?? r.address, siteId: r.id, score: scoreText(r.name, t),
  }));
}

async function nodesMatching(db: Db, companyId: string, t: Terms): Promise<SearchResult[]> {
  const name = sql.ref<string>('nodes.name');
  const rows = await db
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
  return rows.map((r) => ({
    kind: 'node', id: r.id, label: r.name, detail: `${r.siteName} · ${r.deviceType}`, siteId: r.siteId, score: scoreText(r.name, t),
  }));
}

/**
 * Users to shadow (DESIGN §6): never a platform admin, the caller or a disabled account, which POST /api/shadow-user
 * refuses; offering them would only lead to a refusal.
 */
async function usersMatching(db: Db, callerId: string, t: Terms): Promise<SearchResult[]> {
  const columns = [sql.ref<string>('name'), sql.ref<string>('email')];
  const rows = await db
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
  return rows.map((r) => ({
    kind: 'user', id: r.id, label: r.name, detail: r.email, score: Math.max(scoreText(r.name, t), scoreText(r.email, t)),
  }));
}

/** The same companies GET /api/companies lists: a company shadow its own, an admin all, anyone else their memberships. */
async function companiesMatching(db: Db, claims: AccessClaims, admin: boolean, t: Terms): Promise<SearchResult[]> {
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
  const rows = await query
    .orderBy(closeness([name], t))
    .orderBy(sql`length(${name})`)
    .orderBy('companies.id')
    .limit(CANDIDATES_PER_KIND)
    .execute();
  return rows.map((r) => ({ kind: 'company', id: r.id, label: r.name, detail: r.customerType, score: scoreText(r.name, t) }));
}

/** The command palette's search: company-scoped, ranked in TypeScript after a bounded SQL prefilter per kind. */
export async function searchRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;

  app.get('/api/search', async (req) => {
    const { q, kinds, limit } = parse(searchQuery, req.query);
    const claims = claimsOf(req);
    const t = termsOf(q);
    const wants = (k: SearchKind) => kinds.includes(k);

    // Same rule as GET /api/sites: the token's company, read with the role it holds there; none without a company.
    const scope = wants('site') || wants('node') ? await tokenCompany(db, claims) : null;
    // Users are platform-wide and for shadowing, so only an admin acting as themselves; for others the kind is empty.
    const admin = wants('user') || wants('company') ? await isPlatformAdmin(db, claims) : false;

    const found = await Promise.all([
      scope && wants('site') ? sitesMatching(db, scope.companyId, t) : [],
      scope && wants('node') ? nodesMatching(db, scope.companyId, t) : [],
      admin && wants('user') ? usersMatching(db, claims.sub, t) : [],
      wants('company') ? companiesMatching(db, claims, admin, t) : [],
    ]);
    // The prefilter folds case as the database does and the ranking as JavaScript does; where they differ, the ranking decides.
    const results = found.flat().filter((r) => r.score > 0).sort(byRank).slice(0, limit);
    return { data: { results } };
  });
}
