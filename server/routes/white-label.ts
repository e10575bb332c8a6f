import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { parse } from '../errors';
import { whiteLabelQuery } from '../../src/api/contract/white-label';

export async function whiteLabelRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/api/white-label', async (req) => {
    const { Domain } = parse(whiteLabelQuery, req.query);
    const row = await deps.db.selectFrom('whiteLabelSettings').selectAll().where('domain', '=', Domain.toLowerCase()).executeTakeFirst();
    return {
      data: {
        faviconUrl: row?.faviconUrl ?? '',
        loginLogoUrl: row?.loginLogoUrl ?? '',
        siteLogoUrl: row?.siteLogoUrl ?? '',
        websiteTitle: row?.websiteTitle ?? '',
      },
    };
  });
}
