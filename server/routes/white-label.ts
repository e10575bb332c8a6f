import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf, PUBLIC } from '../context';
import { notFound, parse } from '../errors';
import { requirePlatformAdmin } from '../auth/guards';
import { audit } from '../db/audit.repository';
import { allWhiteLabels, deleteWhiteLabel, findWhiteLabel, upsertWhiteLabel } from '../db/white-label.repository';
import type { WhiteLabelRow } from '../db/schema';
import { whiteLabelDomainParams, whiteLabelQuery, whiteLabelSettingsInput } from '../../src/api/contract/white-label';

const toApi = (r: WhiteLabelRow) => ({
  domain: r.domain,
  faviconUrl: r.faviconUrl,
  loginLogoUrl: r.loginLogoUrl,
  siteLogoUrl: r.siteLogoUrl,
  websiteTitle: r.websiteTitle,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function whiteLabelRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {

  // Public (DESIGN §6): the client asks before anyone signs in.
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

  app.get('/api/white-label/settings', async (req) => {
    await requirePlatformAdmin(deps.db, claimsOf(req));
    return { data: (await allWhiteLabels(deps.db)).map(toApi) };
  });

  app.put('/api/white-label/settings/:domain', async (req) => {
    const { domain } = parse(whiteLabelDomainParams, req.params);
    const input = parse(whiteLabelSettingsInput, req.body);
    const claims = claimsOf(req);
    await requirePlatformAdmin(deps.db, claims);
    const row: WhiteLabelRow = { domain, ...input, updatedAt: deps.auth.now() };
    await upsertWhiteLabel(deps.db, row);
    await audit(deps.db, claims, { companyId: claims.cid, action: 'white-label.update', detail: domain });
    return { data: toApi(row) };
  });

  app.delete('/api/white-label/settings/:domain', async (req) => {
    const { domain } = parse(whiteLabelDomainParams, req.params);
    const claims = claimsOf(req);
    await requirePlatformAdmin(deps.db, claims);
    if (!(await deleteWhiteLabel(deps.db, domain))) throw notFound('No white-label settings for this domain');
    await audit(deps.db, claims, { companyId: claims.cid, action: 'white-label.delete', detail: domain });
    return { data: { deleted: true as const } };
  });
}
