import { request } from './client';
import {
  adminOverviewResponse, dashboardResponse, hubsResponse, nodesResponse, permissionResponse, plexusResponse,
  readingsResponse, siteBasicInfo, siteTree, sitesResponse, type ReadingsRequest,
} from './contract/monitoring';
import { LIST_LIMIT_MAX } from './contract/list';
import { objectHome } from './contract/common';

const enc = encodeURIComponent;
const quiet = { 'X-Ignore-Loading': '1' };

export const dashboard = () => request(dashboardResponse, 'GET', '/api/dashboard');
export const companyDashboard = (companyId: string) => request(dashboardResponse, 'GET', `/api/dashboard/company/${enc(companyId)}`);
/** docs/product.md, Loading and offline: the dashboard's node list does not move the loading indicator. */
export const dashboardNodes = (siteId: string) => request(nodesResponse, 'GET', `/api/dashboard/${enc(siteId)}/nodes`, { headers: quiet });
/**
 * Every site of the company at once (the site picker and the command palette filter in the browser): the list's
 * largest page, since it pages by 100 unless asked (docs/product.md, API conventions).
 */
export const sites = () => request(sitesResponse, 'GET', '/api/sites', { searchParams: { limit: String(LIST_LIMIT_MAX) } });
export const siteTreeOf = (siteId: string) => request(siteTree, 'GET', `/api/sites/${enc(siteId)}/tree`);
export const siteInfo = (siteId: string, signal?: AbortSignal) => request(siteBasicInfo, 'GET', `/api/site-dashboard/${enc(siteId)}`, { signal });
export const subSites = (siteId: string, signal?: AbortSignal) => request(sitesResponse, 'GET', `/api/site-dashboard/sub-sites/${enc(siteId)}`, { signal });
export const siteNodes = (siteId: string, signal?: AbortSignal) => request(nodesResponse, 'GET', `/api/site-dashboard/${enc(siteId)}/nodes`, { signal });
export const siteHubs = (siteId: string, signal?: AbortSignal) => request(hubsResponse, 'GET', `/api/site-dashboard/${enc(siteId)}/hubs`, { signal });
export const readings = (siteId: string, body: ReadingsRequest, signal?: AbortSignal) =>
  request(readingsResponse, 'POST', `/api/site-dashboard/${enc(siteId)}/readings`, { json: body, signal });
export const readingsMinMax = (siteId: string, body: ReadingsRequest, signal?: AbortSignal) =>
  request(readingsResponse, 'POST', `/api/site-dashboard/${enc(siteId)}/readings-minmax`, { json: body, signal });
/** Which of the caller's companies a site or report belongs to; rejects 404 when none (docs/product.md, Sessions: switching companies). */
export const locate = (kind: 'site' | 'report', id: string) => request(objectHome, 'GET', `/api/locate/${kind}/${enc(id)}`);
export const checkPermission = (siteId: string) => request(permissionResponse, 'GET', `/api/site-dashboard/check-permission/${enc(siteId)}`);
export const adminOverview = () => request(adminOverviewResponse, 'GET', '/api/admin/overview');
export const plexus = (companyId?: string) => request(plexusResponse, 'GET', '/api/plexus', { searchParams: companyId ? { companyId } : {} });
