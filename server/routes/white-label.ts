import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { PUBLIC } from '../context';
import { parse } from '../errors';
import { findWhiteLabel } from '../db/white-label.repository';
import { whiteLabelQuery } from '../../src/api/contract/white-label';

/**
 * The public read of white-label settings (docs/product.md, White-label, a fixed contract). The admins' rows are the
 * `white-label-settings` resource (server/resources/white-label.ts).
 */
export async function whiteLabelRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Public (docs/product.md, White-label): the client asks before anyone signs in.
  app.get('/api/white-label', PUBLIC, async (req) => {
    const { Domain } = parse(whiteLabelQuery, req.query);
    const domain = Domain.toLowerCase();
    // Settings for host:port win; otherwise the host's own settings serve every port of it.
    const bare = domain.replace(/:\d+$/, '');
    const row = (await findWhiteLabel(deps.db, domain)) ?? (bare !== domain ? await findWhiteLabel(deps.db, bare) : undefined);
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
