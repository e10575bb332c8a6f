import { z } from 'zod';
import { id } from './common';
import { hubsResponse, nodesResponse, siteBasicInfo } from './monitoring';

/** docs/product.md, Share links: how long a link may live, in days. */
export const SHARE_DAYS_MIN = 1;
export const SHARE_DAYS_MAX = 90;

/** The path of the page a share link opens (docs/product.md, Share links); the token rides in its query string. */
export const sharedPagePath = (siteId: string, token: string) => `/site-dashboard-export/site/${encodeURIComponent(siteId)}?token=${encodeURIComponent(token)}`;

/** `POST /api/site-dashboard/{id}/shares` (managers and admins). */
export const createShareRequest = z.strictObject({
  expiresInDays: z.number().int().min(SHARE_DAYS_MIN).max(SHARE_DAYS_MAX),
});
export type CreateShareRequest = z.infer<typeof createShareRequest>;

/** The create answer: the link holds the token, which no other answer shows (only its hash is kept). */
export const createdShare = z.object({
  id,
  url: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type CreatedShare = z.infer<typeof createdShare>;

/** A share as `GET /api/site-dashboard/{id}/shares` lists it: never its token. */
export const share = z.object({
  id,
  siteId: id,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Null once the account that made it is gone. */
  createdBy: id.nullable(),
  createdByName: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Share = z.infer<typeof share>;
export const sharesResponse = z.array(share);

/**
 * The site as a shared page shows it: the site dashboard's basic info without what points outside the site (its
 * company, its parent, its sub-sites), since a share opens that one site only.
 */
export const sharedSite = siteBasicInfo.omit({ companyId: true, parentSiteId: true, parentName: true, subSiteCount: true });
export type SharedSite = z.infer<typeof sharedSite>;

/**
 * `GET /api/shared/{token}` (no sign-in): what the read-only page renders, in the shapes the signed-in site dashboard
 * reads (`/api/site-dashboard/{id}/hubs` and `/nodes`: feeds with their latest value and safe range). Readings come
 * from `POST /api/shared/{token}/readings` with the signed-in readings request.
 */
export const sharedDashboard = z.object({
  site: sharedSite,
  /** When the link stops working (ISO 8601). */
  expiresAt: z.string(),
  hubs: hubsResponse,
  nodes: nodesResponse,
});
export type SharedDashboard = z.infer<typeof sharedDashboard>;
