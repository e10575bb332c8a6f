import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditRequest, claimsOf, PUBLIC, type AppDeps } from '../context';
import { forbidden, notFound, parse } from '../errors';
import { newId, randomToken, sha256 } from '../auth/secrets';
import { mailLinkBase } from '../auth/passwords.service';
import { sitePermission, visibleSite } from '../auth/site-scope';
import { findSite, type SiteRow } from '../db/sites.repository';
import { findShare, insertShare, liveShareByTokenHash, revokeShare, sharesOfSite, type ShareRow } from '../db/shares.repository';
import { oneSiteSeries, oneSiteSnapshot } from '../monitoring/site-snapshot';
import { id } from '../../src/api/contract/common';
import { createShareRequest, sharedPagePath, type CreatedShare, type SharedDashboard } from '../../src/api/contract/shares';

const idParams = z.object({ id });
const shareParams = z.object({ id, shareId: id });
/** A token is 43 base64url characters; anything far from that cannot be one (and is answered like an unknown one). */
const tokenParams = z.object({ token: z.string().min(20).max(100).regex(/^[\w-]+$/) });

/**
 * Calls of the public shared routes per address per rolling 15 minutes: a page open all day, refreshing its parts
 * every minute, stays well inside; a script walking tokens does not get far (it would not anyway at 256 bits).
 */
export const SHARED_PER_ADDRESS = 600;
const DAY_MS = 86_400_000;


/** Paths of the shared page and its calls, whose answers carry the headers below. */
const isSharedPath = (url: string) => url.startsWith('/site-dashboard-export/') || url.startsWith('/api/shared/');

/**
 * The shared page may not be framed (clickjacking a page that needs no sign-in), and its URL holds the token: no
 * Referer leaves it for the map tiles, and no cache keeps it. Registered on the root instance, since the page itself
 * is the client's index.html, answered outside the API plugin.
 */
export function sharedPageHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (req, reply, payload) => {
    if (!isSharedPath(req.url)) return payload;
    // Not framed either, as every page (server/security-headers.ts, registered before this).
    void reply.headers({ 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
    return payload;
  });
}

/**
 * Shared dashboard links (docs/product.md, Share links): managers make a link that opens one site's dashboard
 * read-only without sign-in until it expires or is revoked; the token is in the link only, its hash in the database.
 */
export async function shareRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const now = () => deps.auth.now();

  const manageable = async (req: FastifyRequest, siteId: string) => {
    const { site, role } = await visibleSite(db, claimsOf(req), siteId);
    if (!sitePermission(role).manage) throw forbidden('Only managers and administrators share a site dashboard or revoke a link');
    return site;
  };

  // The answer holds the token, which is kept only hashed: a replay store would keep it in clear, so no Idempotency-Key.
  app.post('/api/site-dashboard/:id/shares', { config: { idempotency: false } }, async (req, reply) => {
    const { id: siteId } = parse(idParams, req.params);
    const input = parse(createShareRequest, req.body);
    const site = await manageable(req, siteId);
    const token = randomToken(32);
    const at = now();
    const row = { id: newId(), companyId: site.companyId, siteId: site.id, tokenHash: sha256(token), createdBy: claimsOf(req).sub, createdAt: at, expiresAt: at + input.expiresInDays * DAY_MS, revokedAt: null };
    await insertShare(db, row);
    await auditRequest(db, req, { companyId: site.companyId, action: 'shares.create', detail: `${site.name}: link for ${input.expiresInDays} day(s) (${row.id})` });
    const answer: CreatedShare = { id: row.id, url: `${mailLinkBase(deps.config)}${sharedPagePath(site.id, token)}`, expiresAt: new Date(row.expiresAt).toISOString() };
    return reply.code(201).header('Cache-Control', 'no-store').send({ data: answer });
  });

  // Every member who can see the site may see its links (who made them, until when); making and revoking is the managers'.
  app.get('/api/site-dashboard/:id/shares', async (req) => {
    const { id: siteId } = parse(idParams, req.params);
    const { site } = await visibleSite(db, claimsOf(req), siteId);
    const data = await sharesOfSite(db, site.companyId, site.id);
    return { data, total: data.length };
  });

  app.delete('/api/site-dashboard/:id/shares/:shareId', async (req) => {
    const { id: siteId, shareId } = parse(shareParams, req.params);
    const site = await manageable(req, siteId);
    const row = await findShare(db, site.id, shareId);
    if (!row || row.companyId !== site.companyId) throw notFound('Share not found');
    await revokeShare(db, row.id, now());
    await auditRequest(db, req, { companyId: site.companyId, action: 'shares.revoke', detail: `${site.name}: link ${row.id}` });
    return { data: { deleted: true } };
  });

  /**
   * The live share a request's token opens, after the per-address limit. Unknown, malformed, expired and revoked
   * tokens are one and the same 404, so a link says nothing about what exists.
   */
  const shareOf = async (req: FastifyRequest): Promise<{ share: ShareRow; site: SiteRow }> => {
    await deps.auth.limiter.hit(`shared:ip:${req.ip}`, SHARED_PER_ADDRESS);
    const token = tokenParams.safeParse(req.params).data?.token;
    const share = token ? await liveShareByTokenHash(db, sha256(token), now()) : undefined;
    const site = share ? await findSite(db, share.siteId) : undefined;
    if (!share || !site || site.companyId !== share.companyId) throw notFound('This link is not valid (any more)');
    return { share, site };
  };

  app.get('/api/shared/:token', PUBLIC, async (req) => {
    const { share, site } = await shareOf(req);
    const answer: SharedDashboard = { ...(await oneSiteSnapshot(db, site, now())), expiresAt: new Date(Number(share.expiresAt)).toISOString() };
    return { data: answer };
  });

  // The signed-in readings call's request and engine, on the shared site's own feeds; the body is checked first, as there.
  app.post('/api/shared/:token/readings', PUBLIC, async (req: FastifyRequest, reply: FastifyReply) => {
    const json = await oneSiteSeries(db, req.body, async () => (await shareOf(req)).site);
    return reply.type('application/json; charset=utf-8').send(`{"data":${json}}`);
  });
}
