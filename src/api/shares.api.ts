import { request, requestList } from './client';
import { listAnswer } from './contract/list';
import { readingsResponse, type ReadingsRequest, type ReadingsResponse } from './contract/monitoring';
import { createdShare, share, sharedDashboard, type CreatedShare, type Share, type SharedDashboard } from './contract/shares';
import { z } from 'zod';

const enc = encodeURIComponent;
const shares = (siteId: string) => `/api/site-dashboard/${enc(siteId)}/shares`;

/** `GET /api/site-dashboard/{id}/shares` (docs/product.md, Share links): the site's links, revoked and expired ones too. */
export const listShares = async (siteId: string): Promise<Share[]> => (await requestList(listAnswer(share), shares(siteId))).data;

/** `POST …/shares` `{ expiresInDays }`: the link, its token shown this once. */
export const createShare = (siteId: string, expiresInDays: number): Promise<CreatedShare> => request(createdShare, 'POST', shares(siteId), { json: { expiresInDays } });

/** `DELETE …/shares/{shareId}`: revoked at once. */
export const revokeShare = (siteId: string, shareId: string): Promise<unknown> => request(z.object({ deleted: z.literal(true) }), 'DELETE', `${shares(siteId)}/${enc(shareId)}`);

/** `GET /api/shared/{token}` without sign-in: the one site a link shows; 404 once expired or revoked. */
export const sharedDashboardOf = (token: string): Promise<SharedDashboard> => request(sharedDashboard, 'GET', `/api/shared/${enc(token)}`, { isPublic: true });

/** `POST /api/shared/{token}/readings`: the signed-in readings request, for that site's feeds only. */
export const sharedReadings = (token: string, body: ReadingsRequest, signal?: AbortSignal): Promise<ReadingsResponse> =>
  request(readingsResponse, 'POST', `/api/shared/${enc(token)}/readings`, { json: body, isPublic: true, signal });
