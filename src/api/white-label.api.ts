import { request } from './client';
import { type WhiteLabelSettingsInput, whiteLabelDeletedResponse, whiteLabelRow, whiteLabelRowsResponse } from './contract/white-label';

// The public GET /api/white-label?Domain= is getWhiteLabel in branding.api.ts.

/** GET /api/white-label/settings: admins only (not shadowing). */
export const whiteLabelRows = () => request(whiteLabelRowsResponse, 'GET', '/api/white-label/settings');

/** PUT /api/white-label/settings/{domain}: create or replace; answers the stored row. */
export const saveWhiteLabel = (domain: string, body: WhiteLabelSettingsInput) =>
  request(whiteLabelRow, 'PUT', `/api/white-label/settings/${encodeURIComponent(domain)}`, { json: body });

/** DELETE /api/white-label/settings/{domain}: 404 when the domain has no settings. */
export const deleteWhiteLabel = (domain: string) =>
  request(whiteLabelDeletedResponse, 'DELETE', `/api/white-label/settings/${encodeURIComponent(domain)}`);
