import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { parse } from '../errors';
import { paletteSearch } from '../search/palette-search';
import { searchQuery } from '../../src/api/contract/search';

/** The command palette's search (server/search/palette-search.ts). */
export async function searchRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/search', async (req) => ({ data: { results: await paletteSearch(deps.db, claimsOf(req), parse(searchQuery, req.query)) } }));
}
