import { IGNORE_LOADING_HEADER, request } from './client';
import { searchResponse, type SearchKind, type SearchResult } from './contract/search';

// The palette searches as the user types and shows its own pending state; the global bar would flicker on every key.
const quiet = { [IGNORE_LOADING_HEADER]: '1' };

/** GET /api/search: ranked results of the kinds asked (all the session may see when none), best first. */
export async function search(query: { q: string; kinds?: SearchKind[]; limit?: number }, signal?: AbortSignal): Promise<SearchResult[]> {
  const searchParams: Record<string, string> = { q: query.q };
  if (query.kinds) searchParams.kinds = query.kinds.join(',');
  if (query.limit !== undefined) searchParams.limit = String(query.limit);
  const { results } = await request(searchResponse, 'GET', '/api/search', { searchParams, headers: quiet, signal });
  return results;
}
