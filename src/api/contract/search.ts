import { z } from 'zod';
import { id } from './common';

/** What the command palette can find, in the order a default search asks for them. */
export const SEARCH_KINDS = ['site', 'node', 'user', 'company'] as const;
export const searchKind = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKind>;

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/** GET /api/search: query-string values arrive as text, so `kinds` is comma-separated and `limit` is coerced. */
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
  kinds: z
    .string()
    .max(100)
    .transform((s) => s.split(',').map((k) => k.trim()))
    .pipe(z.array(searchKind).min(1))
    .transform((ks) => [...new Set(ks)])
    .default([...SEARCH_KINDS]),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchResult = z.object({
  kind: searchKind,
  id,
  label: z.string(),
  /** A second line: a node's site and device type, a site's parent or address, a user's email, a company's type. */
  detail: z.string(),
  /** The site to open: a node's site, or the site itself; absent for users and companies. */
  siteId: id.optional(),
  /** Higher is better: 5 exact, 4 label prefix, 3 word prefix, 2 substring, 1 every term somewhere. */
  score: z.number(),
});
export type SearchResult = z.infer<typeof searchResult>;

/** Best first, across kinds, at most `limit`. */
export const searchResponse = z.object({ results: z.array(searchResult) });
export type SearchResponse = z.infer<typeof searchResponse>;
