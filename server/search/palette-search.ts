import type { Db } from '../db/database';
import type { AccessClaims } from '../auth/tokens';
import { tokenCompany } from '../auth/site-scope';
import { isPlatformAdmin } from '../monitoring/site-access';
import { companyCandidates, nodeCandidates, siteCandidates, userCandidates, type Terms } from '../db/search.repository';
import type { SearchKind, SearchResult } from '../../src/api/contract/search';

const SCORE = { exact: 5, prefix: 4, wordPrefix: 3, substring: 2, allTerms: 1 } as const;

function termsOf(q: string): Terms {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
  return { text: terms.join(' '), terms };
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

/**
 * The command palette's search: company-scoped, ranked in TypeScript after a bounded SQL prefilter per kind
 * (server/db/search.repository.ts).
 */
export async function paletteSearch(db: Db, claims: AccessClaims, query: { q: string; kinds: SearchKind[]; limit: number }): Promise<SearchResult[]> {
  const t = termsOf(query.q);
  const wants = (k: SearchKind) => query.kinds.includes(k);
  // Same rule as GET /api/sites: the token's company, read with the role it holds there; none without a company.
  const scope = wants('site') || wants('node') ? await tokenCompany(db, claims) : null;
  // Users are platform-wide and for shadowing, so only an admin acting as themselves; for others the kind is empty.
  const admin = wants('user') || wants('company') ? await isPlatformAdmin(db, claims) : false;

  const [sites, nodes, users, companies] = await Promise.all([
    scope && wants('site') ? siteCandidates(db, scope.companyId, t) : [],
    scope && wants('node') ? nodeCandidates(db, scope.companyId, t) : [],
    admin && wants('user') ? userCandidates(db, claims.sub, t) : [],
    wants('company') ? companyCandidates(db, claims, admin, t) : [],
  ]);
  const found: SearchResult[] = [
    ...sites.map((r): SearchResult => ({ kind: 'site', id: r.id, label: r.name, detail: r.parentName ?? r.address, siteId: r.id, score: scoreText(r.name, t) })),
    ...nodes.map((r): SearchResult => ({ kind: 'node', id: r.id, label: r.name, detail: `${r.siteName} · ${r.deviceType}`, siteId: r.siteId, score: scoreText(r.name, t) })),
    ...users.map((r): SearchResult => ({ kind: 'user', id: r.id, label: r.name, detail: r.email, score: Math.max(scoreText(r.name, t), scoreText(r.email, t)) })),
    ...companies.map((r): SearchResult => ({ kind: 'company', id: r.id, label: r.name, detail: r.customerType, score: scoreText(r.name, t) })),
  ];
  // The prefilter folds case as the database does and the ranking as JavaScript does; where they differ, the ranking decides.
  return found.filter((r) => r.score > 0).sort(byRank).slice(0, query.limit);
}
